package dev.evperf.monitor.channel;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;

/**
 * The one background thread of a {@link Channels} registry that writes every buffered channel's
 * file: it takes full blocks off each channel's queue, converts the longs to little-endian bytes,
 * compresses them (zstd, lz4 or none) and appends them, length-prefixed, to the channel's file. Its
 * buffers are direct and reused, so it does not allocate per block either.
 *
 * <p>Block on disk: {@code int32 compressedLength, int32 rawLength, compressedLength bytes}; the
 * end of a cleanly closed channel: {@code int32 -1, int64 recordCount}. See {@link ChannelFile}.
 */
final class BlockWriter implements Runnable {
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long REAP_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Thread thread;
    private volatile BufferedHandler[] handlers = new BufferedHandler[0];
    private volatile boolean stop;
    private ByteBuffer src; // raw little-endian longs
    private LongBuffer srcLongs;
    private ByteBuffer dst; // 8-byte block header + payload
    private LongBuffer dstLongs; // view of dst from offset 8, for compression none
    private final LZ4Compressor lz4 = LZ4Factory.fastestInstance().fastCompressor();

    BlockWriter(String name) {
        thread = new Thread(this, name);
        thread.setDaemon(true); // a forgotten close must not keep the JVM alive; the shutdown hook drains
    }

    void start() {
        thread.start();
    }

    boolean isWriterThread() {
        return Thread.currentThread() == thread;
    }

    synchronized void register(BufferedHandler h) {
        BufferedHandler[] a = Arrays.copyOf(handlers, handlers.length + 1);
        a[a.length - 1] = h;
        handlers = a;
    }

    void wake() {
        LockSupport.unpark(thread);
    }

    /** Writes what is queued, closes the files of closed channels, then ends; waits for it. */
    boolean stopAndJoin(long timeoutMillis) throws InterruptedException {
        stop = true;
        wake();
        thread.join(timeoutMillis);
        return !thread.isAlive();
    }

    @Override
    public void run() {
        long nextReap = System.nanoTime() + REAP_EVERY_NANOS;
        while (true) {
            boolean worked = false;
            boolean allDone = true;
            for (BufferedHandler h : handlers) {
                Block b;
                while ((b = h.full.poll()) != null) {
                    write(h, b);
                    worked = true;
                }
                if (!h.finished) {
                    if (h.closeRequested && h.full.isEmpty()) {
                        finish(h);
                    } else {
                        allDone = false;
                    }
                }
            }
            if (worked) {
                continue;
            }
            if (stop && allDone) {
                return;
            }
            long now = System.nanoTime();
            if (now - nextReap >= 0) {
                for (BufferedHandler h : handlers) {
                    if (!h.finished && !h.closeRequested) {
                        h.reapDeadThreads();
                    }
                }
                nextReap = now + REAP_EVERY_NANOS;
            }
            if (!stop) {
                LockSupport.parkNanos(this, IDLE_PARK_NANOS);
            } else {
                Thread.yield(); // stopping: a channel still closing gets its last blocks soon
            }
        }
    }

    /** Compresses and appends one block, then recycles it. Writer thread only. */
    void write(BufferedHandler h, Block b) {
        try {
            int longs = b.to - b.from;
            if (longs <= 0 || h.error != null) {
                return;
            }
            int raw = longs * 8;
            ensureCapacity(raw);
            int payload;
            switch (h.compression) {
                case NONE:
                    dstLongs.clear();
                    dstLongs.put(b.data, b.from, longs);
                    payload = raw;
                    break;
                case ZSTD: {
                    srcLongs.clear();
                    srcLongs.put(b.data, b.from, longs);
                    ZstdCompressCtx ctx = (ZstdCompressCtx) h.compressor;
                    if (ctx == null) {
                        ctx = new ZstdCompressCtx();
                        ctx.setLevel(h.level);
                        h.compressor = ctx;
                    }
                    payload = ctx.compressDirectByteBuffer(dst, 8, dst.capacity() - 8, src, 0, raw);
                    break;
                }
                case LZ4:
                    srcLongs.clear();
                    srcLongs.put(b.data, b.from, longs);
                    payload = lz4.compress(src, 0, raw, dst, 8, dst.capacity() - 8);
                    break;
                default:
                    throw new IllegalStateException(String.valueOf(h.compression));
            }
            dst.clear();
            dst.putInt(0, payload).putInt(4, raw);
            dst.limit(8 + payload);
            while (dst.hasRemaining()) {
                h.out.write(dst);
            }
            h.recordsWritten += longs / 3;
            h.bytesWritten += 8 + payload;
        } catch (IOException | RuntimeException e) {
            if (h.error == null) {
                h.error = e;
            }
        } finally {
            h.recycle(b);
        }
    }

    private void finish(BufferedHandler h) {
        try {
            if (h.error == null) {
                ByteBuffer end = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
                end.putInt(-1).putLong(h.recordsWritten).flip();
                while (end.hasRemaining()) {
                    h.out.write(end);
                }
            }
        } catch (IOException e) {
            h.error = e;
        } finally {
            try {
                h.out.close();
            } catch (IOException e) {
                if (h.error == null) {
                    h.error = e;
                }
            }
            if (h.compressor instanceof ZstdCompressCtx) {
                ((ZstdCompressCtx) h.compressor).close();
            }
            h.compressor = null;
            h.finished = true;
            h.fileClosed.countDown();
        }
    }

    private void ensureCapacity(int raw) {
        if (src != null && src.capacity() >= raw) {
            return;
        }
        int bound = (int) Math.max(Zstd.compressBound(raw), lz4.maxCompressedLength(raw));
        bound = Math.max(bound, raw);
        src = ByteBuffer.allocateDirect(raw).order(ByteOrder.LITTLE_ENDIAN);
        srcLongs = src.asLongBuffer();
        dst = ByteBuffer.allocateDirect(8 + bound).order(ByteOrder.LITTLE_ENDIAN);
        dstLongs = dst.position(8).slice().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
        dst.clear();
    }
}
