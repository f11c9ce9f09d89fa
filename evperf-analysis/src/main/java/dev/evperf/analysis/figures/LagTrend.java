package dev.evperf.analysis.figures;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.evperf.results.Intervals;
import dev.evperf.results.Sensors;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether the engine behind Kafka falls behind its input: the least-squares slope of its consumer
 * lag (records appended to the input topics and not yet consumed by the engine, sampled as
 * {@value #SENSOR} into sensors.csv) against time, over the measured phases only, so the warm-up's
 * backlog does not tilt it (Theodolite's lag-trend criterion). An engine that keeps up holds a flat
 * lag; one that consumes {@code c} records/s of an input of {@code r} records/s adds about
 * {@code r − c} records every second.
 *
 * @param points      samples in the fit
 * @param slopePerS   slope in records of lag per s
 * @param stdErr      its standard error
 * @param windowS     the time the fit spans
 * @param maxLag      the largest lag sampled in the window
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record LagTrend(int points, double slopePerS, double stdErr, double windowS, double maxLag) {
    /** The sensor the lag is read from (the Kafka adapters' {@code Engine.gauges()}). */
    public static final String SENSOR = "sensor://engine/kafka/consumer_lag";

    /**
     * @return null when the trial has no lag samples (an engine in the trial JVM) or fewer than three
     *     in its measured phases
     */
    public static LagTrend of(Path trialDir, TrialResult result) {
        double[] window = measuredWindowS(trialDir, result);
        if (window == null) return null;
        Sensors.Series lag = Sensors.load(trialDir).get(SENSOR);
        if (lag == null) return null;
        List<double[]> xy = new ArrayList<>();
        for (int i = 0; i < lag.size(); i++) {
            double t = lag.t()[i] / 1e9;
            if (t >= window[0] && t <= window[1] && !Double.isNaN(lag.v()[i])) xy.add(new double[] {t, lag.v()[i]});
        }
        double[] x = xy.stream().mapToDouble(p -> p[0]).toArray(),
                y = xy.stream().mapToDouble(p -> p[1]).toArray();
        LatencyTrend fit = LatencyTrend.fit(x, y);
        if (fit == null) return null;
        return new LagTrend(
                fit.points(),
                fit.slopeMsPerS(),
                fit.stdErr(),
                fit.windowS(),
                Arrays.stream(y).max().orElse(0));
    }

    /**
     * The measured phases' span on the trial's axis (s since the origin, as sensors.csv's t_ns):
     * from the first whole measured interval's start to the last one's end, by intervals.csv.
     */
    static double[] measuredWindowS(Path trialDir, TrialResult result) {
        Intervals csv = Intervals.read(trialDir);
        if (csv == null) return null;
        int tCol = csv.column("t_start_s"), phaseCol = csv.column("phase"), wholeCol = csv.column("whole");
        if (tCol < 0 || phaseCol < 0 || wholeCol < 0 || csv.rows().size() < 2) return null;
        double first = Double.NaN, last = Double.NaN;
        List<String[]> rows = csv.rows();
        double step = Double.parseDouble(rows.get(1)[tCol]) - Double.parseDouble(rows.get(0)[tCol]);
        for (String[] c : rows) {
            int phase = Integer.parseInt(c[phaseCol]);
            // whole intervals of a measured phase: not the warm-up's, not the drain's after the last send
            if (!"1".equals(c[wholeCol])) continue;
            if (result != null
                    && phase < result.phases().size()
                    && !result.phases().get(phase).measure()) continue;
            double t = Double.parseDouble(c[tCol]);
            if (Double.isNaN(first)) first = t;
            last = t + step;
        }
        return Double.isNaN(first) ? null : new double[] {first, last};
    }

    /**
     * The lag grows when the slope is significantly above 0 (more than three standard errors) and
     * above {@code toleranceFraction} of the input rate: the engine consumes less than
     * {@code 1 − toleranceFraction} of what arrives.
     */
    public boolean growing(double rate, double toleranceFraction) {
        return slopePerS > toleranceFraction * rate && slopePerS > 3 * stdErr;
    }
}
