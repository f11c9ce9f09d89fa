package dev.evperf.monitor.pipeline;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One element of a pipeline's chain. Stages run on the producer's thread inside
 * {@link Pipeline#submit(MonitorRecord)} (see {@link Pipeline} for why), so several producer threads
 * may call {@link #pass} at once: every stage is thread-safe and keeps no reference to the record.
 */
abstract class Stage {
    static final List<String> NAMES = List.of("speedlimit", "initial_drop", "filter", "tee");

    /** @return false to drop the record (the pipeline returns it to the pool) */
    abstract boolean pass(MonitorRecord r);

    /**
     * speedlimit(ns), per source: a record of source s with timestamp t passes iff no record of s
     * has passed this stage yet, or t − last(s) ≥ ns, where last(s) is the timestamp of the last
     * record of s that passed; it then becomes last(s). Records closer than ns to the previous
     * passed one, or older than it (t &lt; last(s), possible with several producers), are dropped.
     * With timestamps 0, 1, 2, … µs and ns = 10 µs exactly the timestamps 0, 10, 20, … pass.
     *
     * <p>last(s) lives in an {@link AtomicLongArray} slot and is replaced by compare-and-set, so
     * the rule holds exactly with several producers: a dropped record costs one volatile read, a
     * passed one a CAS.
     */
    static final class SpeedLimit extends Stage {
        static final long NONE = Long.MIN_VALUE;
        final long nanos;
        final AtomicLongArray last;

        SpeedLimit(long nanos, int sources) {
            this.nanos = nanos;
            this.last = new AtomicLongArray(sources);
            for (int i = 0; i < sources; i++) last.set(i, NONE);
        }

        @Override
        boolean pass(MonitorRecord r) {
            int s = r.source;
            if (s < 0 || s >= last.length()) {
                throw new IllegalArgumentException("record source " + s + " is outside 0.." + (last.length() - 1)
                        + "; raise the pipeline's sources");
            }
            long t = r.timestamp;
            while (true) {
                long prev = last.get(s);
                if (prev != NONE && t - prev < nanos) return false;
                if (last.compareAndSet(s, prev, t)) return true;
            }
        }
    }

    /**
     * initial_drop(count): drops the first count records that reach this stage (JPMF's firstfew:
     * warm-up). "First" is the order of an atomic counter, so the count is exact with several
     * producers; once it is reached, records pass after a read of a plain flag.
     */
    static final class InitialDrop extends Stage {
        final long count;
        final AtomicLong seen = new AtomicLong();
        // Plain on purpose: a producer that still sees false takes the counter path, which is exact.
        boolean done;

        InitialDrop(long count) {
            this.count = count;
            this.done = count == 0;
        }

        @Override
        boolean pass(MonitorRecord r) {
            if (done) return true;
            if (seen.getAndIncrement() < count) return false;
            done = true;
            return true;
        }
    }

    /** filter(field op constant): passes iff the comparison holds. Several filters chain as AND. */
    static final class Filter extends Stage {
        static final List<String> OPS = List.of("<", "<=", ">", ">=", "==", "!=");
        final int field;
        final int op;
        final long than;

        Filter(int field, int op, long than) {
            this.field = field;
            this.op = op;
            this.than = than;
        }

        @Override
        boolean pass(MonitorRecord r) {
            long v = r.get(field);
            switch (op) {
                case 0:
                    return v < than;
                case 1:
                    return v <= than;
                case 2:
                    return v > than;
                case 3:
                    return v >= than;
                case 4:
                    return v == than;
                default:
                    return v != than;
            }
        }
    }

    /**
     * tee(pipeline): sends a copy (a record from the target's pool) through the other pipeline, from
     * its first stage to its sink, then lets the record go on. The copy means that the two
     * pipelines never share a record (JPMF removed its in-place transformer over that race).
     */
    static final class Tee extends Stage {
        final Pipeline target;

        Tee(Pipeline target) {
            this.target = target;
        }

        @Override
        boolean pass(MonitorRecord r) {
            MonitorRecord copy = target.pool.take();
            copy.copyFrom(r);
            target.submit(copy);
            return true;
        }
    }
}
