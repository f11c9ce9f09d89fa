package dev.evperf.analysis.report;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A latency mode from the trial's HdrHistogram interval log (latency-MODE.hlog: measured events
 * only, ns, 3 significant digits), for trials without per-event records and for joins of inputs
 * and outputs too large to do exactly within the report's time budget.
 */
final class HlogDist implements Dist {
    private final Histogram h;

    private HlogDist(Histogram h) {
        this.h = h;
    }

    /** @return null when the trial has no such log */
    static HlogDist load(Path trialDir, String mode) {
        Path file = trialDir.resolve("latency-" + mode + ".hlog");
        if (!Files.isRegularFile(file)) return null;
        Histogram total = new Histogram(3);
        try {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            try {
                EncodableHistogram e;
                while ((e = reader.nextIntervalHistogram()) != null) total.add((Histogram) e);
            } finally {
                reader.close();
            }
        } catch (FileNotFoundException e) {
            return null;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + ": not a readable HdrHistogram log: " + e.getMessage(), e);
        }
        return new HlogDist(total);
    }

    @Override public String source() { return "hlog"; }
    @Override public long count() { return h.getTotalCount(); }
    @Override public double mean() { return count() == 0 ? Double.NaN : h.getMean(); }

    @Override
    public double std() {
        long n = count();
        if (n < 2) return Double.NaN;
        double sd = h.getStdDeviation(); // population std
        return sd * Math.sqrt((double) n / (n - 1));
    }

    @Override public long min() { return count() == 0 ? 0 : h.getMinValue(); }
    @Override public long max() { return count() == 0 ? 0 : h.getMaxValue(); }

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
