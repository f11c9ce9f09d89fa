package dev.evperf.core.load;

import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.Workload.PhaseDef;
import dev.evperf.core.workload.WorkloadException;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * What the schedule will be, checked before anything runs and without building it: a measured
 * phase must hold at least two events (one event has no rate and no spread), the trial must fit
 * into one schedule, and the schedule must end before {@code trial.timeout} kills the trial.
 * Counts and spans come from the profiles' own arithmetic (rate × duration, bursts × size), so
 * the check costs nothing whatever the load's size.
 */
public final class ScheduleCheck {
    /** Phases up to this long are integrated exactly (10⁶ steps); longer ones use rate × duration. */
    private static final double EXACT_UP_TO_S = 100;

    private ScheduleCheck() {}

    /**
     * @param traces reads the timestamps of replay phases (null when no phase replays)
     * @throws WorkloadException one line naming the phase or trial.timeout
     */
    public static void check(Workload w, Function<Workload.ReplayDef, double[]> traces, String where) {
        double spanNs = 0, events = 0;
        for (int i = 0; i < w.load.phases.size(); i++) {
            PhaseDef def = w.load.phases.get(i);
            if (unresolved(def)) return; // auto patterns: known after the pre-run, checked then
            for (PhaseDef d : Phases.expand(List.of(def))) {
                Profile p = Profile.of(d, traces);
                double[] ce = countAndSpan(p);
                events += ce[0];
                spanNs += ce[1];
                if (d.measure && ce[0] < 2) {
                    String name = d.name != null ? " (" + d.name + ")" : "";
                    throw new WorkloadException(String.format(
                            Locale.ROOT,
                            "%s: load.phases[%d]%s: holds %s event%s; a measured phase needs"
                                    + " at least 2 (raise its rate, duration or count)",
                            where,
                            i,
                            name,
                            count(ce[0]),
                            ce[0] == 1 ? "" : "s"));
                }
            }
        }
        if (events > Integer.MAX_VALUE - 8) {
            throw new WorkloadException(String.format(
                    Locale.ROOT,
                    "%s: load: %s events in one trial; at most %d are supported",
                    where,
                    count(events),
                    Integer.MAX_VALUE - 8));
        }
        if (spanNs > w.trial.timeout.nanos()) {
            throw new WorkloadException(String.format(
                    Locale.ROOT,
                    "%s: trial.timeout: the load's schedule lasts %s, longer than"
                            + " trial.timeout (%s): the trial would be killed before its last event; raise trial.timeout",
                    where,
                    seconds(spanNs),
                    w.trial.timeout));
        }
    }

    /** {events, span in ns}: exact where cheap, else the expected count (Poisson) or rate × duration. */
    private static double[] countAndSpan(Profile p) {
        if (p instanceof Profile.Bursts b)
            return new double[] {(double) b.bursts() * b.size(), (double) b.bursts() * b.distance()};
        if (!(p instanceof Profile.RateProfile r)) return new double[] {p.expectedCount(), p.span()};
        RateFunction f = r.function();
        if (f.duration() >= Double.MAX_VALUE / 2) {
            // a Poisson count: the phase lasts until its count-th arrival, count / rate on average
            double count = p.expectedCount();
            return new double[] {count, count / f.maxRate() * 1e9};
        }
        double bound = f.maxRate() * f.duration();
        double count = bound >= 2 && f.duration() > EXACT_UP_TO_S ? bound : p.expectedCount();
        return new double[] {count, f.duration() * 1e9};
    }

    private static boolean unresolved(PhaseDef d) {
        for (Workload.PatternDef p :
                new Workload.PatternDef[] {d.wave, d.binary, d.increasing, d.decreasing, d.spike}) {
            if (p != null && p.auto) return true;
        }
        return false;
    }

    private static String count(double n) {
        return n < 1e15 ? String.format(Locale.ROOT, "%.0f", Math.floor(n)) : String.format(Locale.ROOT, "%.3g", n);
    }

    private static String seconds(double ns) {
        double s = ns / 1e9;
        return s < 120
                ? String.format(Locale.ROOT, "%.3g s", s)
                : s < 7200
                        ? String.format(Locale.ROOT, "%.1f min", s / 60)
                        : String.format(Locale.ROOT, "%.1f h", s / 3600);
    }
}
