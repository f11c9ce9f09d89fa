package dev.evperf.analysis.figures;

import static dev.evperf.analysis.figures.Stats.num;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.evperf.results.Intervals;
import dev.evperf.results.Layout;
import dev.evperf.results.Sensors;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Whether the machine took the core away from the driver during a trial's timed loop, and by how
 * much: the driver's stalls (its clock jumped by more than a millisecond while it waited for a due
 * time; stalls.csv), the sender threads' involuntary context switches and the machine's steal time
 * (result.json), and the intervals of intervals.csv they fell in (stalls by their span, switches
 * and steal by the sensor sample that saw them rise, 100 ms apart by default). Any of them makes
 * the trial "disturbed": its figures hold time the engine did not get.
 *
 * @param stalls             stalls while waiting; @param stallMs their total; @param maxStallMs the longest
 * @param driverSwitches     involuntary context switches of the sender threads over the loop (null: unreadable)
 * @param stealMs            the machine's steal time over the loop, CPU-ms over all CPUs (null: unreadable)
 * @param disturbedIntervals intervals with a stall, a switch or steal; null without intervals.csv
 * @param worst              up to {@value #WORST} of them, the longest stalls first, then the most switches
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Disturbance(
        boolean disturbed,
        long stalls,
        double stallMs,
        double maxStallMs,
        Long driverSwitches,
        Double stealMs,
        Integer disturbedIntervals,
        Integer intervals,
        List<Interval> worst) {
    public static final int WORST = 5;
    public static final String SWITCHES_SENSOR = "sensor://procfs/driver/ctx_switches#nonvoluntary";
    public static final String STEAL_SENSOR = "sensor://procfs/cpu/steal_ms#all";

    /** One disturbed interval: where it starts on the trial's axis, and what happened in it. */
    public record Interval(double startS, double stallMs, long switches, double stealMs) {}

    /** @return null for a trial whose result.json predates these records */
    public static Disturbance load(Path dir, TrialResult result) {
        if (result == null || result.disturbance() == null) return null;
        TrialResult.Disturbance d = result.disturbance();
        long stalls = d.stalls() == null ? 0 : d.stalls().count();
        boolean disturbed = stalls > 0
                || d.driverInvoluntarySwitches() != null && d.driverInvoluntarySwitches() > 0
                || d.stealMs() != null && d.stealMs() > 0;
        List<Interval> all = dir == null ? null : intervals(dir, result);
        List<Interval> worst = all == null
                ? List.of()
                : all.stream()
                        .sorted(Comparator.comparingDouble(Interval::stallMs)
                                .thenComparingLong(Interval::switches)
                                .reversed())
                        .limit(WORST)
                        .toList();
        Intervals csv = dir == null ? null : Intervals.read(dir);
        return new Disturbance(
                disturbed,
                stalls,
                d.stalls() == null ? 0 : d.stalls().totalMs(),
                d.stalls() == null ? 0 : d.stalls().maxMs(),
                d.driverInvoluntarySwitches(),
                d.stealMs(),
                all == null ? null : all.size(),
                csv == null ? null : csv.rows().size(),
                worst);
    }

    /**
     * Every interval of intervals.csv in which a stall, a rise of the senders' involuntary switches
     * or of the steal time fell (within the timed loop), in time order; null without intervals.csv.
     */
    public static List<Interval> intervals(Path dir, TrialResult result) {
        Intervals csv = Intervals.read(dir);
        if (csv == null || csv.column("t_start_s") < 0) return null;
        int n = csv.rows().size();
        double[] start = new double[n];
        for (int i = 0; i < n; i++) start[i] = Double.parseDouble(csv.rows().get(i)[csv.column("t_start_s")]);
        double width = n > 1 ? start[1] - start[0] : 0.25;
        double[] stall = new double[n], steal = new double[n];
        long[] switches = new long[n];
        for (long[] s : readLongs(dir.resolve(Layout.STALLS), 2)) {
            // a stall's milliseconds go to each interval it overlaps (intervals are of equal width)
            int first = Math.max(0, (int) Math.floor((s[0] / 1e9 - start[0]) / width));
            for (int i = first; i < n && start[i] * 1e9 < s[1]; i++) {
                double lo = Math.max(start[i] * 1e9, s[0]), hi = Math.min((start[i] + width) * 1e9, s[1]);
                if (hi > lo) stall[i] += (hi - lo) / 1e6;
            }
        }
        long loopEnd = result.runNs() == null ? Long.MAX_VALUE : result.runNs();
        Sensors sensors = Sensors.load(dir);
        double[] switchRises = rises(sensors.get(SWITCHES_SENSOR), start, width, loopEnd);
        for (int i = 0; i < n; i++) switches[i] = Math.round(switchRises[i]);
        steal = rises(sensors.get(STEAL_SENSOR), start, width, loopEnd);
        List<Interval> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (stall[i] > 0 || switches[i] > 0 || steal[i] > 0)
                out.add(new Interval(start[i], stall[i], switches[i], steal[i]));
        }
        return out;
    }

    /** A counter sensor's rises from one sample to the next, in the interval of the later sample (within the loop). */
    private static double[] rises(Sensors.Series s, double[] start, double width, long loopEnd) {
        double[] out = new double[start.length];
        if (s == null) return out;
        for (int k = 1; k < s.size(); k++) {
            double rise = s.v()[k] - s.v()[k - 1];
            int i = s.t()[k] <= loopEnd && rise > 0 ? slot(start, width, s.t()[k]) : -1;
            if (i >= 0) out[i] += rise;
        }
        return out;
    }

    /** The interval holding time t, or -1 outside them all. */
    private static int slot(double[] start, double width, long tNs) {
        double t = tNs / 1e9;
        int i = (int) Math.floor((t - start[0]) / width);
        return i < 0 || i >= start.length ? -1 : i;
    }

    private static List<long[]> readLongs(Path file, int columns) {
        List<long[]> out = new ArrayList<>();
        for (String[] c : lines(file)) {
            long[] v = new long[columns];
            for (int k = 0; k < columns; k++) v[k] = Long.parseLong(c[k]);
            out.add(v);
        }
        return out;
    }

    private static List<String[]> lines(Path file) {
        List<String[]> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) return out;
        try {
            List<String> all = Files.readAllLines(file);
            for (String l : all.subList(1, all.size())) if (!l.isBlank()) out.add(l.split(",", -1));
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        return out;
    }

    /** One sentence: what disturbed the driver and by how much. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (stalls > 0) {
            parts.add(stalls + (stalls == 1 ? " stall" : " stalls")
                    + " of the driver while it waited (> 1 ms between two clock reads: " + num(stallMs, 3)
                    + " ms in all, the longest " + num(maxStallMs, 3) + " ms)");
        }
        if (driverSwitches != null && driverSwitches > 0) {
            parts.add(driverSwitches + " involuntary context " + (driverSwitches == 1 ? "switch" : "switches")
                    + " of the sender thread(s)");
        }
        if (stealMs != null && stealMs > 0) parts.add(num(stealMs, 0) + " ms of CPU time stolen by the host");
        StringBuilder sb = new StringBuilder("the machine took the core away from the driver during the timed loop: ")
                .append(String.join(", ", parts));
        if (disturbedIntervals != null) {
            sb.append("; ")
                    .append(disturbedIntervals)
                    .append(" of ")
                    .append(intervals)
                    .append(" intervals disturbed");
            if (!worst.isEmpty()) {
                Interval w = worst.get(0);
                sb.append(String.format(
                        Locale.ROOT,
                        " (the worst at %s s: %s ms stalled, %d switches)",
                        num(w.startS(), 3),
                        num(w.stallMs(), 3),
                        w.switches()));
            }
        }
        return sb.append(". Figures of those intervals hold time the engine and driver did not get")
                .toString();
    }
}
