package dev.evperf.monitor.pipeline;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.MpscArrayQueue;

/**
 * One named monitoring pipeline: a chain of stages, a bounded queue, consumer threads and a sink.
 *
 * <p>Hot path, on any number of producer threads:
 * <pre>
 *   MonitorRecord r = pipeline.take();     // pooled, every field 0
 *   r.timestamp = t; r.value = v; r.source = s;
 *   pipeline.submit(r);                    // r now belongs to the pipeline
 * </pre>
 *
 * <p><b>Where the stages run.</b> Every stage (speedlimit, initial_drop, filter, tee) runs on the
 * producer's thread inside {@link #submit}, before the queue, as JPMF does: the cheap drops then
 * never cost a queue slot, a consumer wake-up or a pool round trip through another core, and queue
 * traffic is only what reaches the sink. Consumer threads run the sink only. Consequently stage
 * state (speedlimit's last timestamp per source, initial_drop's counter) is never touched by
 * consumers, so it stays consistent whatever the number of consumers; it is shared by producers
 * and kept with atomics (see {@link Stage.SpeedLimit}, {@link Stage.InitialDrop}). A tee copies
 * the record and submits the copy to its target pipeline on the same thread, which runs the
 * target's stages and enqueues there.
 *
 * <p><b>The queue.</b> A JCTools ring (MPSC with one consumer, MPMC with several) whose capacity is
 * the configured one rounded up to a power of two ({@link PipelineStats#capacity()} reports it).
 * Policy {@code block}: a producer that finds the queue full waits (spin, yield, then 20 µs parks)
 * until there is room, so no record is lost; each submit that had to wait is counted
 * ({@code blocked}). Policy {@code drop}: a record that finds the queue full is returned to the pool
 * and counted ({@code dropped}, an atomic counter: exact with several producers). With consumers
 * stalled and the queue empty, N submits that pass the stages therefore drop exactly
 * N − capacity.
 */
public final class Pipeline {
    private static final int SPINS = 100;
    private static final int YIELDS = 100;
    private static final long PARK_NANOS = 20_000;
    /**
     * An idle consumer spins this many polls, then sleeps {@link #CONSUMER_PARK_NANOS} between
     * polls: it never yields in a loop, so it does not compete for a core with the measured
     * threads, and when records trickle in it drains them in bursts rather than one by one.
     */
    private static final int CONSUMER_SPINS = 64;

    private static final long CONSUMER_PARK_NANOS = 50_000;

    final String name;
    final Stage[] stages;
    final RecordPool pool;
    final Sink sink;
    final String sinkName;
    final boolean drop;
    final MessagePassingQueue<MonitorRecord> queue;
    private final Consumer[] consumers;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong blocked = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean closed;

    Pipeline(
            String name,
            Stage[] stages,
            RecordPool pool,
            Sink sink,
            String sinkName,
            int capacity,
            boolean drop,
            int consumers) {
        this.name = name;
        this.stages = stages;
        this.pool = pool;
        this.sink = sink;
        this.sinkName = sinkName;
        this.drop = drop;
        this.queue = consumers == 1 ? new MpscArrayQueue<>(capacity) : new MpmcArrayQueue<>(Math.max(2, capacity));
        this.consumers = new Consumer[consumers];
        for (int i = 0; i < consumers; i++) {
            this.consumers[i] = new Consumer(i);
        }
    }

    /** The effective queue capacity for a configured one. */
    static int effectiveCapacity(int configured, int consumers) {
        int c = consumers == 1 ? configured : Math.max(2, configured);
        return 1 << (32 - Integer.numberOfLeadingZeros(c - 1));
    }

    void start() {
        for (Consumer c : consumers) c.start();
    }

    public String name() {
        return name;
    }

    /** This pipeline's record pool (a tee into this pipeline takes its copies from it too). */
    public RecordPool pool() {
        return pool;
    }

    /** A record from this pipeline's pool with every field 0; submit it, or give it back with {@link #release}. */
    public MonitorRecord take() {
        return pool.take();
    }

    /** Gives back a record taken and not submitted. */
    public void release(MonitorRecord r) {
        pool.recycle(r);
    }

    /** Takes a record, fills the four main fields (the extra slots stay 0) and submits it. */
    public void submit(long timestamp, long id, long value, int source) {
        MonitorRecord r = pool.take();
        r.timestamp = timestamp;
        r.id = id;
        r.value = value;
        r.source = source;
        submit(r);
    }

    /**
     * Runs the stages on this thread and queues the record for the sink if none dropped it. The
     * caller must not touch r afterwards. Thread-safe; must not be called after {@link Pipelines#close()}.
     */
    public void submit(MonitorRecord r) {
        if (closed) {
            pool.recycle(r);
            throw new IllegalStateException("pipeline " + name + " is closed");
        }
        try {
            for (Stage s : stages) {
                if (!s.pass(r)) {
                    pool.recycle(r);
                    return;
                }
            }
        } catch (RuntimeException e) { // a source out of range, a tee into a closed pipeline
            pool.recycle(r);
            throw e;
        }
        if (!queue.offer(r)) {
            full(r);
        }
    }

    private void full(MonitorRecord r) {
        if (drop) {
            dropped.incrementAndGet();
            pool.recycle(r);
            return;
        }
        blocked.incrementAndGet();
        int idle = 0;
        do {
            if (closed) {
                pool.recycle(r);
                throw new IllegalStateException("pipeline " + name + " was closed while a producer waited for room");
            }
            idle = backOff(idle);
        } while (!queue.offer(r));
    }

    private static int backOff(int idle) {
        if (idle < SPINS) {
            Thread.onSpinWait();
        } else if (idle < SPINS + YIELDS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(PARK_NANOS);
            return idle;
        }
        return idle + 1;
    }

    public PipelineStats stats() {
        long processed = 0;
        for (Consumer c : consumers) processed += c.processed.get();
        return new PipelineStats(
                name,
                processed,
                dropped.get(),
                blocked.get(),
                failed.get(),
                queue.capacity(),
                drop ? "drop" : "block",
                consumers.length,
                queue.size());
    }

    private void deliver(int consumer, MonitorRecord r, AtomicLong processed) {
        try {
            sink.accept(consumer, r);
            processed.lazySet(processed.get() + 1); // one writer per counter
        } catch (Throwable t) {
            failed.incrementAndGet();
            failure.compareAndSet(null, t);
        } finally {
            pool.release(r);
        }
    }

    /** Stops the consumers once the queue is empty, delivers any straggler, closes the sink. */
    void close() throws IOException {
        if (closed) return;
        closed = true;
        for (Consumer c : consumers) {
            c.stop = true;
            LockSupport.unpark(c);
        }
        boolean interrupted = false;
        for (Consumer c : consumers) {
            while (c.isAlive()) {
                try {
                    c.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        // A producer that raced with close may have queued after the consumers' last look.
        MonitorRecord r;
        while ((r = queue.poll()) != null) deliver(0, r, consumers[0].processed);
        try {
            sink.close();
        } catch (IOException | RuntimeException e) {
            failure.compareAndSet(null, e);
        }
        Throwable t = failure.get();
        if (t != null) {
            throw new IOException(
                    "pipeline " + name + ": " + sinkName + " sink failed"
                            + (failed.get() > 0 ? " on " + failed.get() + " records" : "") + ": " + t.getMessage(),
                    t);
        }
    }

    private final class Consumer extends Thread {
        final int index;
        final AtomicLong processed = new AtomicLong();
        volatile boolean stop;

        Consumer(int index) {
            super("evperf-pipeline-" + name + "-" + index);
            this.index = index;
            setDaemon(true);
        }

        @Override
        public void run() {
            int idle = 0;
            while (true) {
                MonitorRecord r = queue.poll();
                if (r != null) {
                    deliver(index, r, processed);
                    idle = 0;
                } else if (stop && queue.isEmpty()) {
                    return;
                } else if (idle < CONSUMER_SPINS) {
                    Thread.onSpinWait();
                    idle++;
                } else {
                    LockSupport.parkNanos(this, CONSUMER_PARK_NANOS);
                }
            }
        }
    }

    @Override
    public String toString() {
        return "pipeline " + name;
    }
}
