package dev.evperf.ref.slidem;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A file of fixed-size blocks, the disk half of a SlideM repository. A block goes to the free slot
 * released longest ago (SlideM's rule, so slots are reused in the order they emptied) or, when none
 * is free, to the end of the file. With O_DIRECT the I/O bypasses the page cache and reaches the
 * disk, which is what SlideM's figures are about (buffers and offsets are then aligned to the file
 * system's block size). Counts every request. The file is the owner's: {@link #close} deletes it.
 */
public final class BlockFile implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private final int blockBytes;
    private final int alignment;
    private final boolean direct;
    private final ArrayDeque<Long> free = new ArrayDeque<>();
    private long slots;
    private long reads;
    private long writes;

    /**
     * Creates a new file in {@code directory}.
     *
     * @throws IOException when the file cannot be made, or O_DIRECT is not supported there
     */
    public BlockFile(Path directory, String prefix, int blockBytes, boolean direct) throws IOException {
        this.blockBytes = blockBytes;
        this.direct = direct;
        Files.createDirectories(directory);
        this.alignment =
                direct ? (int) Math.max(512, Files.getFileStore(directory).getBlockSize()) : 1;
        if (direct && blockBytes % alignment != 0) {
            throw new IOException("direct I/O in " + directory + " needs blocks that are a multiple of " + alignment
                    + " B, not " + blockBytes);
        }
        this.path = Files.createTempFile(directory, prefix, ".blocks");
        List<OpenOption> options = new ArrayList<>(List.of(StandardOpenOption.READ, StandardOpenOption.WRITE));
        if (direct) options.add(ExtendedOpenOption.DIRECT);
        FileChannel ch;
        try {
            ch = FileChannel.open(path, options.toArray(OpenOption[]::new));
        } catch (IOException | UnsupportedOperationException e) {
            Files.deleteIfExists(path);
            throw new IOException(
                    "cannot open " + path
                            + (direct
                                    ? " with O_DIRECT (set direct_io: false on file systems"
                                            + " without it, e.g. tmpfs)"
                                    : "")
                            + ": " + e.getMessage(),
                    e);
        }
        this.channel = ch;
        path.toFile().deleteOnExit();
    }

    /** A buffer of one block that this file can read into and write from (aligned for O_DIRECT), in native byte order. */
    public ByteBuffer newBuffer() {
        ByteBuffer b = direct
                ? ByteBuffer.allocateDirect(blockBytes + alignment).alignedSlice(alignment)
                : ByteBuffer.allocateDirect(blockBytes);
        return b.limit(blockBytes).order(ByteOrder.nativeOrder());
    }

    /** Writes the block to the free slot released longest ago, or appends it; returns the slot. */
    public long write(ByteBuffer block) {
        Long reused = free.pollFirst();
        long slot = reused != null ? reused : slots++;
        writeAt(slot, block);
        return slot;
    }

    /** Writes the block over a slot the caller owns. */
    public void writeAt(long slot, ByteBuffer block) {
        ByteBuffer b = block.duplicate().clear().limit(blockBytes);
        try {
            long at = slot * blockBytes;
            while (b.hasRemaining()) at += channel.write(b, at);
        } catch (IOException e) {
            throw new UncheckedIOException("writing block " + slot + " of " + path, e);
        }
        writes++;
    }

    /** Reads a slot into {@code block} (whole). */
    public void read(long slot, ByteBuffer block) {
        ByteBuffer b = block.duplicate().clear().limit(blockBytes);
        try {
            long at = slot * blockBytes;
            while (b.hasRemaining()) {
                int n = channel.read(b, at);
                if (n < 0) throw new IOException("end of file at block " + slot);
                at += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading block " + slot + " of " + path, e);
        }
        reads++;
    }

    /** The slot no longer holds data; it is reused after the slots released before it. */
    public void release(long slot) {
        free.addLast(slot);
    }

    public long reads() {
        return reads;
    }

    public long writes() {
        return writes;
    }

    /** Slots the file has (its size in blocks): the disk space it takes. */
    public long slots() {
        return slots;
    }

    public long usedSlots() {
        return slots - free.size();
    }

    public Path path() {
        return path;
    }

    public boolean direct() {
        return direct;
    }

    /** Closes and deletes the file. */
    @Override
    public void close() {
        try {
            channel.close();
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("removing " + path, e);
        }
    }
}
