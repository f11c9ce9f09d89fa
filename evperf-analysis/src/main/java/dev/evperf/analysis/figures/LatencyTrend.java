package dev.evperf.analysis.figures;

import dev.evperf.results.Intervals;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Whether a backlog builds up: the least-squares slope of the median scheduled latency (intended
 * send → output received) of each whole measured interval against time. An engine that keeps up
 * has a flat line; one that falls behind the schedule adds the overload to every later event's
 * latency, so the slope is about (1 − capacity / rate) seconds per second. Per-interval medians
 * keep single spikes (a GC pause) from tilting the line. (Theodolite checks its consumer-lag
 * trend the same way.) Read from {@code intervals.csv}, so it works with per-event records off.
 *
 * @param points      intervals in the fit
 * @param slopeMsPerS slope in ms of latency per s
 * @param stdErr      its standard error
 * @param windowS     the time the fit spans
 */
public record LatencyTrend(int points, double slopeMsPerS, double stdErr, double windowS) {

    /** @return null without intervals.csv or with fewer than three whole measured intervals that had outputs */
    public static LatencyTrend scheduled(Path trialDir, TrialResult result) {
        Intervals csv = Intervals.read(trialDir);
        if (csv == null) return null;
        int tCol = csv.column("t_start_s"), phaseCol = csv.column("phase"), wholeCol = csv.column("whole");
        int yCol = csv.column("scheduled_p50_us");
        if (tCol < 0 || phaseCol < 0 || wholeCol < 0 || yCol < 0) return null;
        double[] x = new double[csv.rows().size()], y = new double[csv.rows().size()];
        int n = 0;
        for (String[] c : csv.rows()) {
            int phase = Integer.parseInt(c[phaseCol]);
            if (!"1".equals(c[wholeCol]) || c[yCol].isEmpty()) continue;
            if (result != null
                    && phase < result.phases().size()
                    && !result.phases().get(phase).measure()) continue;
            x[n] = Double.parseDouble(c[tCol]);
            y[n] = Double.parseDouble(c[yCol]) / 1e3;
            n++;
        }
        return fit(Arrays.copyOf(x, n), Arrays.copyOf(y, n));
    }

    /** Ordinary least squares of y (ms) on x (s). */
    public static LatencyTrend fit(double[] x, double[] y) {
        int n = x.length;
        if (n < 3) return null;
        double mx = Arrays.stream(x).average().orElseThrow(),
                my = Arrays.stream(y).average().orElseThrow();
        double sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (x[i] - mx) * (x[i] - mx);
            sxy += (x[i] - mx) * (y[i] - my);
        }
        if (sxx == 0) return null;
        double slope = sxy / sxx, rss = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - (my + slope * (x[i] - mx));
            rss += r * r;
        }
        return new LatencyTrend(n, slope, Math.sqrt(rss / (n - 2) / sxx), x[n - 1] - x[0]);
    }

    /** The latency the trend adds over the whole window, in ms. */
    public double growthMs() {
        return slopeMsPerS * windowS;
    }

    /**
     * A backlog builds up when the slope is significantly above 0 (more than three standard
     * errors) and large enough to matter: above {@code toleranceMsPerS}.
     */
    public boolean growing(double toleranceMsPerS) {
        return slopeMsPerS > toleranceMsPerS && slopeMsPerS > 3 * stdErr;
    }
}
