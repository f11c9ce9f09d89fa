package dev.evperf.suites.data;

import dev.evperf.suites.spec.Stream1;

/**
 * Makes event {@code seq} of a stream1 data set from (seed, seq) alone, so any event can be made
 * again without the ones before it: by the engine's feeder, by the reference model, in any order.
 * Each field draws from {@link SplitMix} over (seed, seq mod period, field); no generator state is
 * shared. TS is a function of seq itself, so it advances across periods ({@link Stream1}).
 */
public final class Stream1Generator {
    private final int attributes;
    private final int maxId;
    private final double msPerEvent;
    private final long seed;
    private final long start;
    private final long period;

    /** @param period the data's period in events (the query's, {@code QuerySpec.period()}) */
    public Stream1Generator(Stream1 data, long period) {
        if (period < 2 || period % 2 != 0) throw new IllegalArgumentException("not an even period: " + period);
        this.period = period;
        this.attributes = data.attributes();
        this.maxId = data.maxId();
        this.msPerEvent = 1000.0 / data.eventRate();
        this.seed = data.seed();
        this.start = data.start();
    }

    /** {@code (seq, ID, A1..AN, TS)}, a new array. */
    public Object[] event(long seq) {
        Object[] row = new Object[attributes + 3];
        row[0] = seq;
        row[1] = id(seq);
        for (int i = 1; i <= attributes; i++) {
            row[i + 1] = attribute(seq, i);
        }
        row[attributes + 2] = ts(seq);
        return row;
    }

    /** Uniform in 1..MAX_ID. */
    public int id(long seq) {
        return 1 + (int) (unit(seed, seq % period, 0) * maxId);
    }

    /** A_i, uniform in [1, 100). */
    public double attribute(long seq, int i) {
        return 1 + 99 * unit(seed, seq % period, i);
    }

    /** The data's period: events seq and seq + period differ only in seq and TS. */
    public long period() {
        return period;
    }

    /** start + floor(seq · 1000 / event_rate) ms of event time. */
    public long ts(long seq) {
        return start + (long) Math.floor(seq * msPerEvent);
    }

    /** A uniform double in [0, 1) for (seed, seq, field) ({@link SplitMix#unit}). */
    public static double unit(long seed, long seq, int field) {
        return SplitMix.unit(seed, seq, field);
    }
}
