package dev.evperf.core.results;

import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.load.Profile;
import dev.evperf.core.load.Schedule;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The trial over time, one row per interval (default 250 ms) on the trial's axis: the pattern's
 * target rate r(t), the rate the schedule intended, the achieved input rate (send starts), the
 * output rate, the generator lag (send start − intended), and p50 / p99 / max of each latency
 * mode for what completed in the interval. Computed exactly from the records after the timed
 * loop, so it costs the measurement nothing.
 */
public final class IntervalSeries {
    public static final String FILE = "intervals.csv";
    static final String HEADER = "t_start_s,phase,whole,target_rate,intended_rate,input_rate,output_rate,lag_max_ms,"
            + "processing_p50_us,processing_p99_us,processing_max_us,end_to_end_p50_us,end_to_end_p99_us,end_to_end_max_us,"
            + "scheduled_p50_us,scheduled_p99_us,scheduled_max_us";

    private IntervalSeries() {
    }

    public static void write(Path trialDir, Schedule s, long[] sendStart, long[] sendEnd, OutputRecords out, long intervalNs)
            throws IOException {
        int n = s.size();
        if (n == 0) return;
        long first = Math.min(s.intended[0], sendStart[0]);
        long last = Math.max(s.intended[n - 1], sendEnd[n - 1]);
        int outputs = out.recorded();
        for (int k = 0; k < outputs; k++) last = Math.max(last, out.received[k]);
        int intervals = (int) Math.min(10_000_000, (last - first) / intervalNs + 1);

        long[] intendedCount = new long[intervals];
        long[] inputCount = new long[intervals];
        long[] outputCount = new long[intervals];
        long[] lagMax = new long[intervals];
        Histogram[][] h = new Histogram[3][intervals];
        java.util.Arrays.fill(lagMax, Long.MIN_VALUE);
        for (int i = 0; i < n; i++) {
            intendedCount[slot(s.intended[i], first, intervalNs, intervals)]++;
            int at = slot(sendStart[i], first, intervalNs, intervals);
            inputCount[at]++;
            lagMax[at] = Math.max(lagMax[at], sendStart[i] - s.intended[i]);
            record(h[0], slot(sendEnd[i], first, intervalNs, intervals), sendEnd[i] - sendStart[i]);
        }
        for (int k = 0; k < outputs; k++) {
            int at = slot(out.received[k], first, intervalNs, intervals);
            outputCount[at]++;
            long seq = out.seq[k];
            if (seq < 0 || seq >= n) continue;
            record(h[1], at, out.received[k] - sendStart[(int) seq]);
            record(h[2], at, out.received[k] - s.intended[(int) seq]);
        }

        double perSecond = 1e9 / intervalNs;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(trialDir.resolve(FILE)))) {
            w.println(HEADER);
            for (int i = 0; i < intervals; i++) {
                long t = first + i * intervalNs;
                int phase = phaseAt(s, t + intervalNs / 2);
                StringBuilder row = new StringBuilder();
                // whole: the interval lies inside one phase's schedule, so its rates are comparable.
                boolean whole = phase >= 0 && t >= s.phaseStart(phase)
                        && t + intervalNs <= s.phaseStart(phase) + s.phases.get(phase).intendedSpan();
                row.append(fmt(t / 1e9)).append(',').append(phase).append(',').append(whole ? 1 : 0).append(',')
                        .append(fmt(targetRate(s, phase, t, intervalNs))).append(',')
                        .append(fmt(intendedCount[i] * perSecond)).append(',')
                        .append(fmt(inputCount[i] * perSecond)).append(',')
                        .append(fmt(outputCount[i] * perSecond)).append(',')
                        .append(lagMax[i] == Long.MIN_VALUE ? "" : fmt(lagMax[i] / 1e6));
                for (Histogram[] mode : h) {
                    Histogram x = mode[i];
                    if (x == null) {
                        row.append(",,,");
                    } else {
                        row.append(',').append(fmt(x.getValueAtPercentile(50) / 1e3)).append(',')
                                .append(fmt(x.getValueAtPercentile(99) / 1e3)).append(',').append(fmt(x.getMaxValue() / 1e3));
                    }
                }
                w.println(row);
            }
        }
    }

    /** The pattern's mean target rate over the interval (empty for unlimited profiles). */
    private static double targetRate(Schedule s, int phase, long t, long intervalNs) {
        if (phase < 0) return Double.NaN;
        Profile p = s.profiles.get(phase);
        double sum = 0;
        // Fine enough that a spike or a square-wave edge inside the interval is averaged right.
        int samples = 256;
        for (int k = 0; k < samples; k++) {
            double at = (t + (k + 0.5) * intervalNs / samples - s.phaseStart(phase)) / 1e9;
            sum += p.rateAt(Math.max(0, at));
        }
        return sum / samples;
    }

    /** The phase whose schedule covers time t (the last one that started), or -1 before any. */
    private static int phaseAt(Schedule s, long t) {
        int found = -1;
        for (int p = 0; p < s.phases.size(); p++) {
            if (s.phaseStart(p) <= t) found = p;
        }
        return found;
    }

    private static int slot(long t, long first, long intervalNs, int intervals) {
        return (int) Math.max(0, Math.min(intervals - 1, (t - first) / intervalNs));
    }

    private static void record(Histogram[] hs, int at, long value) {
        if (hs[at] == null) hs[at] = new Histogram(3);
        hs[at].recordValue(Math.max(0, value));
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
