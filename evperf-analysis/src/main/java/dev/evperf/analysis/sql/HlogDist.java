package dev.evperf.analysis.sql;

import dev.evperf.analysis.trial.HlogTotal;
import dev.evperf.results.LatencyMode;
import dev.evperf.results.Layout;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;

/**
 * A latency mode from the trial's HdrHistogram interval log (latency-MODE.hlog: measured events
 * only, ns, 3 significant digits), for trials without per-event records and for joins of inputs
 * and outputs too large to do exactly within the report's time budget.
 */
public final class HlogDist implements Dist {
    private final Histogram h;

    private HlogDist(Histogram h) {
        this.h = h;
    }

    /** @return null when the trial has no such log */
    public static HlogDist load(Path trialDir, LatencyMode mode) {
        return load(trialDir, mode, null);
    }

    /** @param fromNs leave out the intervals that end by this time (a warm-up cut, to the interval); null: none */
    public static HlogDist load(Path trialDir, LatencyMode mode, Long fromNs) {
        Histogram total = HlogTotal.read(trialDir.resolve(Layout.hlog(mode)), fromNs);
        return total == null ? null : new HlogDist(total);
    }

    @Override
    public String source() {
        return "hlog";
    }

    @Override
    public long count() {
        return h.getTotalCount();
    }

    @Override
    public double mean() {
        return count() == 0 ? Double.NaN : h.getMean();
    }

    @Override
    public double std() {
        long n = count();
        if (n < 2) return Double.NaN;
        double sd = h.getStdDeviation(); // population std
        return sd * Math.sqrt((double) n / (n - 1));
    }

    @Override
    public long min() {
        return count() == 0 ? 0 : h.getMinValue();
    }

    @Override
    public long max() {
        return count() == 0 ? 0 : h.getMaxValue();
    }

    @Override
    public long[] percentiles(double... ps) {
        long[] out = new long[ps.length];
        if (count() == 0) return out;
        for (int i = 0; i < ps.length; i++) {
            out[i] = ps[i] >= 100 ? h.getMaxValue() : ps[i] <= 0 ? h.getMinValue() : h.getValueAtPercentile(ps[i]);
        }
        return out;
    }
}
