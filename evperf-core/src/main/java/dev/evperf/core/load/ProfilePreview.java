package dev.evperf.core.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A schedule seen before any engine runs: per interval, the pattern's target rate r(t) and the
 * rate the intended send times actually ask for (which is what the driver will try to send).
 * For Poisson arrivals the two differ by the arrivals' randomness.
 */
public final class ProfilePreview {
    public record Row(double tSeconds, String phase, double targetRate, double intendedRate) {}

    private ProfilePreview() {}

    public static List<Row> of(Schedule s, long intervalNs) {
        List<Row> rows = new ArrayList<>();
        long end = 0;
        for (int p = 0; p < s.phases.size(); p++)
            end = Math.max(end, s.phaseStart(p) + s.phases.get(p).intendedSpan());
        long[] counts = new long[16];
        long last = -1;
        Schedule.Cursor c = s.cursor();
        while (c.next()) {
            for (int i = 0; i < c.count; i++) {
                long t = c.intended[i];
                last = Math.max(last, t);
                int slot = (int) Math.min(999_999, t / intervalNs);
                if (slot >= counts.length) counts = Arrays.copyOf(counts, Math.max(slot + 1, counts.length * 2));
                counts[slot]++;
            }
        }
        if (last >= 0) end = Math.max(end, last + 1);
        int intervals = (int) Math.max(1, Math.min(1_000_000, (end + intervalNs - 1) / intervalNs));
        for (int i = 0; i < intervals; i++) {
            long t = i * intervalNs;
            int phase = 0;
            for (int p = 0; p < s.phases.size(); p++) {
                if (s.phaseStart(p) <= t + intervalNs / 2) phase = p;
            }
            double target = s.profiles.get(phase).rateAt((t + intervalNs / 2.0 - s.phaseStart(phase)) / 1e9);
            long count = i < counts.length ? counts[i] : 0;
            rows.add(new Row(t / 1e9, s.phases.get(phase).name(), target, count * 1e9 / intervalNs));
        }
        return rows;
    }
}
