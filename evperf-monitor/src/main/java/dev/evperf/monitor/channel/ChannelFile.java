package dev.evperf.monitor.channel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.Zstd;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FastDecompressor;

/**
 * A buffered channel's file, and its reader.
 *
 * <p>Format (all integers little-endian):
 * <pre>
 * magic         8 bytes  "EVPFCHAN"
 * headerLength  int32
 * header        headerLength bytes, UTF-8 JSON:
 *               {"format": "evperf-channel", "version": 1, "channel": NAME,
 *                "compression": "none" | "zstd" | "lz4", "record": ["timestamp", "id", "value"],
 *                "byteOrder": "little-endian", "block_records": N, "handler": {the channel's handler chain},
 *                "clock": {"nanoTime": T, "epochNanos": W}}  (a System.nanoTime / wall clock pair at open)
 * block*        int32 compressedLength (≥ 1), int32 rawLength (a multiple of 24),
 *               compressedLength bytes: rawLength bytes of [timestamp, id, value] int64 records,
 *               compressed as one zstd frame, one raw LZ4 block, or stored as is ("none")
 * end           int32 -1, int64 recordCount       (present only if the channel was closed cleanly)
 * </pre>
 * A file without its end (the process was killed with SIGKILL, or is still writing) reads up to its
 * last whole block; {@link #complete()} tells which.
 */
public final class ChannelFile {
    static final byte[] MAGIC = "EVPFCHAN".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Receives records in file order. */
    @FunctionalInterface
    public interface RecordVisitor {
        void record(long timestamp, long id, long value);
    }

    /** What {@link #scan} found besides the records. */
    public record Summary(
            JsonNode header, String channel, Compression compression, long records, long blocks, boolean complete) {}

    private final Summary summary;
    private final long[] timestamps;
    private final long[] ids;
    private final long[] values;

    private ChannelFile(Summary summary, long[] timestamps, long[] ids, long[] values) {
        this.summary = summary;
        this.timestamps = timestamps;
        this.ids = ids;
        this.values = values;
    }

    /** Reads a whole channel file into memory (three long columns). */
    public static ChannelFile read(Path file) {
        long[][] cols = {new long[1024], new long[1024], new long[1024]};
        int[] n = {0};
        Summary s = scan(file, (t, id, v) -> {
            int i = n[0];
            if (i == cols[0].length) {
                for (int c = 0; c < 3; c++) {
                    cols[c] = Arrays.copyOf(cols[c], i * 2);
                }
            }
            cols[0][i] = t;
            cols[1][i] = id;
            cols[2][i] = v;
            n[0] = i + 1;
        });
        return new ChannelFile(
                s, Arrays.copyOf(cols[0], n[0]), Arrays.copyOf(cols[1], n[0]), Arrays.copyOf(cols[2], n[0]));
    }

    /**
     * Streams a channel file's records to a visitor, block by block, without holding them.
     *
     * @throws UncheckedIOException if the file cannot be read
     * @throws IllegalArgumentException if it is not a channel file, or a block is corrupt
     */
    public static Summary scan(Path file, RecordVisitor visitor) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            byte[] magic = in.readNBytes(MAGIC.length);
            if (!Arrays.equals(magic, MAGIC)) {
                throw new IllegalArgumentException(file + ": not an evperf channel file (bad magic)");
            }
            int headerLength = readInt(in, file);
            byte[] headerBytes = in.readNBytes(headerLength);
            if (headerBytes.length != headerLength) {
                throw new IllegalArgumentException(file + ": truncated header");
            }
            JsonNode header = MAPPER.readTree(headerBytes);
            String channel = header.path("channel").asText();
            Compression compression = Compression.of(header.path("compression").asText());
            if (compression == null) {
                throw new IllegalArgumentException(file + ": unknown compression '"
                        + header.path("compression").asText() + "'");
            }
            LZ4FastDecompressor lz4 = compression == Compression.LZ4
                    ? LZ4Factory.fastestInstance().fastDecompressor()
                    : null;
            long records = 0;
            long blocks = 0;
            byte[] comp = new byte[0];
            byte[] raw = new byte[0];
            while (true) {
                byte[] len = in.readNBytes(4);
                if (len.length < 4) {
                    return new Summary(header, channel, compression, records, blocks, false);
                }
                int c = ByteBuffer.wrap(len).order(ByteOrder.LITTLE_ENDIAN).getInt();
                if (c == -1) {
                    byte[] cnt = in.readNBytes(8);
                    if (cnt.length < 8) {
                        return new Summary(header, channel, compression, records, blocks, false);
                    }
                    long expected =
                            ByteBuffer.wrap(cnt).order(ByteOrder.LITTLE_ENDIAN).getLong();
                    if (expected != records) {
                        throw new IllegalArgumentException(
                                file + ": end marker says " + expected + " records, blocks hold " + records);
                    }
                    return new Summary(header, channel, compression, records, blocks, true);
                }
                byte[] rl = in.readNBytes(4);
                if (rl.length < 4) {
                    return new Summary(header, channel, compression, records, blocks, false);
                }
                int r = ByteBuffer.wrap(rl).order(ByteOrder.LITTLE_ENDIAN).getInt();
                if (c < 1 || r < 0 || r % 24 != 0) {
                    throw new IllegalArgumentException(
                            file + ": corrupt block " + blocks + " (lengths " + c + ", " + r + ")");
                }
                if (comp.length < c) {
                    comp = new byte[c];
                }
                if (raw.length < r) {
                    raw = new byte[r];
                }
                int got = in.readNBytes(comp, 0, c);
                if (got < c) {
                    return new Summary(header, channel, compression, records, blocks, false); // torn last block
                }
                byte[] data;
                switch (compression) {
                    case NONE:
                        if (c != r) {
                            throw new IllegalArgumentException(file + ": corrupt block " + blocks);
                        }
                        data = comp;
                        break;
                    case ZSTD: {
                        long d = Zstd.decompressByteArray(raw, 0, r, comp, 0, c);
                        if (Zstd.isError(d) || d != r) {
                            throw new IllegalArgumentException(file + ": corrupt zstd block " + blocks);
                        }
                        data = raw;
                        break;
                    }
                    case LZ4: {
                        int read = lz4.decompress(comp, 0, raw, 0, r);
                        if (read != c) {
                            throw new IllegalArgumentException(file + ": corrupt lz4 block " + blocks);
                        }
                        data = raw;
                        break;
                    }
                    default:
                        throw new IllegalStateException();
                }
                ByteBuffer bb = ByteBuffer.wrap(data, 0, r).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < r; i += 24) {
                    visitor.record(bb.getLong(i), bb.getLong(i + 8), bb.getLong(i + 16));
                }
                records += r / 24;
                blocks++;
            }
        } catch (EOFException e) {
            throw new IllegalArgumentException(file + ": truncated", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (net.jpountz.lz4.LZ4Exception e) {
            throw new IllegalArgumentException(file + ": corrupt lz4 block: " + e.getMessage(), e);
        }
    }

    private static int readInt(InputStream in, Path file) throws IOException {
        byte[] b = in.readNBytes(4);
        if (b.length < 4) {
            throw new IllegalArgumentException(file + ": truncated header");
        }
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    public JsonNode header() {
        return summary.header();
    }

    public String channel() {
        return summary.channel();
    }

    public Compression compression() {
        return summary.compression();
    }

    /** True if the file ends with the end marker written by a clean close (or shutdown). */
    public boolean complete() {
        return summary.complete();
    }

    public int size() {
        return timestamps.length;
    }

    public long timestamp(int i) {
        return timestamps[i];
    }

    public long id(int i) {
        return ids[i];
    }

    public long value(int i) {
        return values[i];
    }

    /** Copies of the columns. */
    public long[] timestamps() {
        return timestamps.clone();
    }

    public long[] ids() {
        return ids.clone();
    }

    public long[] values() {
        return values.clone();
    }
}
