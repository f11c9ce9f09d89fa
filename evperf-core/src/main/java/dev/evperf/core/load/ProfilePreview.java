package dev.evperf.core.load;

import java.util.ArrayList;
import java.util.List;

/**
 * A schedule seen before any engine runs: per interval, the pattern's target rate r(t) and the
 * rate the intended send times actually ask for (which is what the driver will try to send).
 * For Poisson arrivals the two differ by the arrivals' randomness.
 */
public final class ProfilePreview {
    public record Row(double tSeconds, String phase, double targetRate, double intendedRate) {
    }

    private ProfilePreview() {
    }

    public static List<Row> of(Schedule s, long intervalNs) {
        List<Row> rows = new ArrayList<>();
        long end = 0;
        for (int p = 0; p < s.phases.size(); p++) end = Math.max(end, s.phaseStart(p) + s.phases.get(p).intendedSpan());
        if (s.size() > 0) end = Math.max(end, s.intended[s.size() - 1] + 1);
        int intervals = (int) Math.max(1, Math.min(1_000_000, (end + intervalNs - 1) / intervalNs));
        long[] counts = new long[intervals];
        for (long t : s.intended) counts[(int) Math.min(intervals - 1, t / intervalNs)]++;
        for (int i = 0; i < intervals; i++) {
            long t = i * intervalNs;
            int phase = 0;
            for (int p = 0; p < s.phases.size(); p++) {
                if (s.phaseStart(p) <= t + intervalNs / 2) phase = p;
            }
            double target = s.profiles.get(phase).rateAt((t + intervalNs / 2.0 - s.phaseStart(phase)) / 1e9);
            rows.add(new Row(t / 1e9, s.phases.get(phase).name(), target, counts[i] * 1e9 / intervalNs));
        }
        return rows;
    }
}
