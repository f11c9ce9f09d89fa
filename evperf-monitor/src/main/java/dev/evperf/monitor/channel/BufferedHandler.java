package dev.evperf.monitor.channel;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.MpscArrayQueue;

/**
 * {@code buffered}: the terminal that writes a channel's file.
 *
 * <p>Each logging thread owns a block (a {@code long[]} of {@code block_records} records, found
 * through a {@link ThreadLocal}, or with one compare for the channel's first logging thread) and writes its records into it with plain stores: three longs and
 * a position, published with a release store so the closing thread can read a consistent prefix. A
 * full block goes on a lock-free JCTools MPSC queue to the registry's one writer thread
 * ({@link BlockWriter}), which compresses it and appends it to the file, then returns it to the free
 * pool (a JCTools MPMC queue) for the next thread that fills one. At most {@code max_blocks} blocks
 * (plus one per logging thread) are ever allocated; when none is free, the logging thread waits for
 * the writer (counted in {@link #stalls()}), so nothing is dropped and memory stays bounded.
 *
 * <p>Close (or JVM shutdown) seals every thread's block: under the block owner's monitor (taken by
 * the owner only when it hands a full block over, once per {@code block_records} records), the
 * records the owner has published so far are copied and queued behind its full blocks. Records a
 * thread logs after its block was sealed are dropped (counted in {@link #droppedAfterClose()}), so
 * the file holds, per thread, exactly the records logged before the close, in order.
 */
final class BufferedHandler extends Handler {
    private static final VarHandle POS;
    private static final VarHandle PRIMARY;

    static {
        try {
            POS = MethodHandles.lookup().findVarHandle(Local.class, "pos", int.class);
            PRIMARY = MethodHandles.lookup().findVarHandle(BufferedHandler.class, "primary", Local.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A logging thread's state; {@code data} and {@code pos} are the owner's, the rest guarded by the Local. */
    static final class Local {
        final Thread owner;
        long[] data;
        int pos;
        Block block; // the block data belongs to; null while the owner waits for a fresh one
        int flushed; // longs of the current block already queued (by a seal)
        boolean sealed;

        Local(Thread owner) {
            this.owner = owner;
        }
    }

    final String channel;
    final Path file;
    final Compression compression;
    final int level;
    final int blockLongs;
    final int maxBlocks;
    final MpscArrayQueue<Block> full;
    final MpmcArrayQueue<Block> free;
    private final AtomicInteger allocated = new AtomicInteger();
    private final AtomicInteger threads =
            new AtomicInteger(); // each logging thread holds one block beyond the pool bound
    private final AtomicLong stalls = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final BlockWriter writer;
    private final List<Local> locals = new ArrayList<>(); // guarded by itself
    private volatile boolean sealing;
    private final ThreadLocal<Local> local = ThreadLocal.withInitial(this::newLocal);
    /**
     * The first logging thread's Local, set once: that thread finds its block with one compare
     * instead of a ThreadLocal lookup; other threads use the ThreadLocal. Read racily: a Local's
     * owner is final, and only the owner touches its data and pos.
     */
    private Local primary;

    // Owned by the writer thread once the handler is registered with it.
    final FileChannel out;
    volatile long recordsWritten;
    long bytesWritten;
    Object compressor; // writer-owned compression context (zstd)
    volatile boolean closeRequested;
    volatile Throwable error;
    final CountDownLatch fileClosed = new CountDownLatch(1);
    boolean finished; // writer-owned

    BufferedHandler(
            String channel,
            Path file,
            Compression compression,
            int level,
            int blockRecords,
            int maxBlocks,
            byte[] header,
            BlockWriter writer) {
        this.channel = channel;
        this.file = file;
        this.compression = compression;
        this.level = level;
        this.blockLongs = blockRecords * 3;
        this.maxBlocks = maxBlocks;
        this.writer = writer;
        this.full = new MpscArrayQueue<>(Math.max(16, maxBlocks * 2));
        this.free = new MpmcArrayQueue<>(Math.max(16, maxBlocks * 2));
        try {
            this.out = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            ByteBuffer h = ByteBuffer.allocate(ChannelFile.MAGIC.length + 4 + header.length)
                    .order(ByteOrder.LITTLE_ENDIAN);
            h.put(ChannelFile.MAGIC).putInt(header.length).put(header).flip();
            while (h.hasRemaining()) {
                out.write(h);
            }
            bytesWritten = h.limit();
        } catch (IOException e) {
            throw new IllegalArgumentException("channel '" + channel + "': cannot write " + file + ": " + e, e);
        }
        writer.register(this);
    }

    private Local newLocal() {
        Local l = new Local(Thread.currentThread());
        threads.incrementAndGet();
        Block b = acquire();
        synchronized (l) {
            l.block = b;
            l.data = b.data;
        }
        synchronized (locals) {
            if (sealing) {
                l.sealed = true; // a thread that starts logging during close: its records are dropped
            }
            locals.add(l);
        }
        PRIMARY.compareAndSet(this, null, l);
        return l;
    }

    @Override
    void log(long id, long value) {
        log(System.nanoTime(), id, value);
    }

    @Override
    void log(long timestamp, long id, long value) {
        Local l = primary;
        if (l == null || l.owner != Thread.currentThread()) {
            l = local.get();
        }
        long[] d = l.data;
        int p = l.pos;
        d[p] = timestamp;
        d[p + 1] = id;
        d[p + 2] = value;
        p += 3;
        if (p < d.length) {
            POS.setRelease(l, p);
        } else {
            handoff(l, p);
        }
    }

    /** The owner's block is full: queue it and take a fresh one (slow path, once per block). */
    private void handoff(Local l, int p) {
        synchronized (l) {
            if (l.sealed) {
                dropped.addAndGet((p - l.flushed) / 3);
                l.flushed = 0;
                POS.setRelease(l, 0);
                return; // keep the block as scratch: nothing more is queued for this thread
            }
            Block b = l.block;
            b.from = l.flushed;
            b.to = p;
            l.block = null;
            l.flushed = 0;
            submit(b);
        }
        Block fresh = acquire();
        synchronized (l) {
            l.block = fresh;
            l.data = fresh.data;
            POS.setRelease(l, 0);
        }
    }

    private void submit(Block b) {
        if (writer.isWriterThread()) { // reaping a dead thread's block: write it here, never wait on oneself
            writer.write(this, b);
            return;
        }
        while (!full.offer(b)) {
            writer.wake();
            Thread.yield();
        }
        writer.wake();
    }

    private Block acquire() {
        Block b = free.poll();
        if (b != null) {
            return b;
        }
        boolean stalled = false;
        while (true) {
            int a = allocated.get();
            if (a < maxBlocks + threads.get()) {
                if (allocated.compareAndSet(a, a + 1)) {
                    return new Block(new long[blockLongs], true);
                }
                continue;
            }
            if (sealing || closeRequested) {
                return new Block(new long[blockLongs], false);
            }
            if (!stalled) {
                stalls.incrementAndGet();
                stalled = true;
            }
            writer.wake();
            LockSupport.parkNanos(20_000);
            b = free.poll();
            if (b != null) {
                return b;
            }
        }
    }

    /** Called by the writer after it wrote a block. */
    void recycle(Block b) {
        if (b.pooled && !free.offer(b)) {
            allocated.decrementAndGet(); // more threads than the queue holds: let the block go
        }
    }

    /**
     * Queues the published part of a thread's current block and marks the thread sealed. For a live
     * owner the part is copied (the owner may keep writing behind it); a dead owner's block is queued
     * itself.
     */
    private void seal(Local l) {
        synchronized (l) {
            if (l.sealed) {
                return;
            }
            l.sealed = true;
            Block b = l.block;
            if (b == null) {
                return;
            }
            int n = (int) POS.getAcquire(l);
            if (n > l.flushed) {
                if (!l.owner.isAlive()) {
                    b.from = l.flushed;
                    b.to = n;
                    l.block = null;
                    submit(b);
                } else {
                    long[] copy = Arrays.copyOfRange(b.data, l.flushed, n);
                    Block c = new Block(copy, false);
                    c.from = 0;
                    c.to = copy.length;
                    submit(c);
                }
                l.flushed = n;
            } else if (!l.owner.isAlive()) {
                l.block = null;
                recycle(b);
            }
        }
    }

    /** Writer thread, now and then: flushes and forgets the blocks of threads that have ended. */
    void reapDeadThreads() {
        List<Local> dead = null;
        synchronized (locals) {
            for (Iterator<Local> it = locals.iterator(); it.hasNext(); ) {
                Local l = it.next();
                if (!l.owner.isAlive()) {
                    if (dead == null) {
                        dead = new ArrayList<>();
                    }
                    dead.add(l);
                    it.remove();
                }
            }
        }
        if (dead != null) {
            for (Local l : dead) {
                seal(l);
            }
        }
    }

    @Override
    void close() {
        List<Local> all;
        synchronized (locals) {
            if (sealing) {
                return;
            }
            sealing = true;
            all = new ArrayList<>(locals);
        }
        for (Local l : all) {
            seal(l);
        }
        closeRequested = true;
        writer.wake();
    }

    /** Waits until the writer wrote everything queued before close and closed the file. */
    boolean awaitClosed(long timeout, TimeUnit unit) throws InterruptedException {
        return fileClosed.await(timeout, unit);
    }

    @Override
    long stalls() {
        return stalls.get();
    }

    long droppedAfterClose() {
        return dropped.get();
    }
}
