package dev.evperf.core.load;

import dev.evperf.core.workload.Workload.BatchDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import dev.evperf.core.workload.WorkloadException;
import java.util.ArrayList;
import java.util.List;

/**
 * The whole trial's schedule, computed before the timed phase into primitive columns: intended
 * send time (ns after the trial's origin), phase, burst and position in burst of every event.
 * Phases follow each other on the schedule: phase k starts when phase k−1's span ends.
 */
public final class Schedule {
    public final long[] intended;
    public final int[] phase;
    public final int[] burst;
    public final int[] position;
    public final List<PhaseInfo> phases;
    public final List<Profile> profiles;
    /**
     * Micro-batches, when any phase batches: batch b holds events [batchFirst[b], batchFirst[b+1])
     * and is due at batchDue[b]; an unbatched phase's events are batches of one. Null otherwise.
     */
    public int[] batchFirst;
    public long[] batchDue;

    /**
     * What the results record of each phase.
     *
     * @param targetRate   the rate the workload asks for (null: as fast as possible)
     * @param intendedRate the rate of the intended send times; differs from the target for Poisson arrivals
     */
    public record PhaseInfo(String name, boolean measure, String profile, long firstSeq, long count,
                            Double targetRate, Double intendedRate, long intendedStart, long intendedSpan) {
        /** "target 50000.0 ev/s", with the intended rate when it differs (Poisson arrivals), or "max rate". */
        public String rateText() {
            if (targetRate == null) return "max rate";
            String target = String.format(java.util.Locale.ROOT, "target %.1f ev/s", targetRate);
            return intendedRate == null || Math.abs(intendedRate - targetRate) < 0.05 ? target
                    : target + String.format(java.util.Locale.ROOT, ", intended %.1f ev/s (Poisson arrivals)", intendedRate);
        }
    }

    private Schedule(int n, List<PhaseInfo> phases, List<Profile> profiles) {
        this.intended = new long[n];
        this.phase = new int[n];
        this.burst = new int[n];
        this.position = new int[n];
        this.phases = phases;
        this.profiles = profiles;
    }

    /** Where the schedule starts on the trial's axis (ns after the origin); phase starts are relative to it. */
    private long startAt;

    /** Moves the whole schedule to start {@code startAt} ns after the trial's origin. */
    public void startAt(long startAt) {
        long delta = startAt - this.startAt;
        for (int i = 0; i < intended.length; i++) intended[i] += delta;
        if (batchDue != null) for (int b = 0; b < batchDue.length; b++) batchDue[b] += delta;
        this.startAt = startAt;
    }

    /** The start of a phase on the trial's axis. */
    public long phaseStart(int phase) {
        return startAt + phases.get(phase).intendedStart();
    }

    public int size() {
        return intended.length;
    }

    public boolean batched() {
        return batchFirst != null;
    }

    public int batches() {
        return batchFirst == null ? 0 : batchFirst.length - 1;
    }

    public static Schedule of(List<PhaseDef> phases) {
        return of(phases, null);
    }

    /** @param defaultBatch micro-batching of the phases that set none (load.batch), or null */
    public static Schedule of(List<PhaseDef> phases, BatchDef defaultBatch) {
        return of(phases, defaultBatch, null);
    }

    /** Events the schedule of these phases will hold (see {@link Profile#expectedCount}), without building it. */
    public static long expectedCount(List<PhaseDef> phases,
                                     java.util.function.Function<dev.evperf.core.workload.Workload.ReplayDef, double[]> traces) {
        long total = 0;
        for (PhaseDef d : Phases.expand(phases)) total += Profile.of(d, traces).expectedCount();
        return total;
    }

    /** @param traces reads the timestamps of replay phases (from the load stream's data file) */
    public static Schedule of(List<PhaseDef> phases, BatchDef defaultBatch,
                              java.util.function.Function<dev.evperf.core.workload.Workload.ReplayDef, double[]> traces) {
        List<PhaseDef> defs = Phases.expand(phases);
        List<Profile> profiles = new ArrayList<>();
        List<Profile.Arrivals> arrivals = new ArrayList<>();
        long total = 0;
        for (PhaseDef d : defs) {
            Profile p = Profile.of(d, traces);
            profiles.add(p);
            Profile.Arrivals a = p.arrivals();
            arrivals.add(a);
            total += a.count();
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new WorkloadException("load: " + total + " events in one trial; at most " + (Integer.MAX_VALUE - 8) + " are supported");
        }
        List<PhaseInfo> infos = new ArrayList<>();
        Schedule s = new Schedule((int) total, infos, profiles);
        int k = 0;
        long start = 0;
        int burstBase = 0;
        for (int ph = 0; ph < defs.size(); ph++) {
            Profile p = profiles.get(ph);
            Profile.Arrivals a = arrivals.get(ph);
            int bursts = 0;
            for (int i = 0; i < a.count(); i++, k++) {
                s.intended[k] = start + a.offsets()[i];
                s.phase[k] = ph;
                s.burst[k] = a.burst() == null ? -1 : burstBase + a.burst()[i];
                s.position[k] = a.position() == null ? -1 : a.position()[i];
                if (a.burst() != null) bursts = Math.max(bursts, a.burst()[i] + 1);
            }
            PhaseDef d = defs.get(ph);
            String name = d.name != null ? d.name : "phase" + ph;
            infos.add(new PhaseInfo(name, d.measure, p.kind(), k - a.count(), a.count(), p.targetRate(), p.intendedRate(), start, p.span()));
            burstBase += bursts;
            start += p.span();
        }
        Batches.cut(s, defs, defaultBatch);
        return s;
    }
}
