package dev.evperf.core.load;

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

    /** What the results record of each phase. */
    public record PhaseInfo(String name, boolean measure, String profile, long firstSeq, long count,
                            Double targetRate, long intendedStart, long intendedSpan) {
    }

    private Schedule(int n, List<PhaseInfo> phases) {
        this.intended = new long[n];
        this.phase = new int[n];
        this.burst = new int[n];
        this.position = new int[n];
        this.phases = phases;
    }

    public int size() {
        return intended.length;
    }

    public static Schedule of(List<PhaseDef> defs) {
        List<Profile> profiles = new ArrayList<>();
        long total = 0;
        for (PhaseDef d : defs) {
            Profile p = Profile.of(d);
            profiles.add(p);
            total += p.count();
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new WorkloadException("load: " + total + " events in one trial; at most " + (Integer.MAX_VALUE - 8) + " are supported");
        }
        List<PhaseInfo> infos = new ArrayList<>();
        Schedule s = new Schedule((int) total, infos);
        int k = 0;
        long start = 0;
        int burstBase = 0;
        for (int ph = 0; ph < defs.size(); ph++) {
            Profile p = profiles.get(ph);
            int bursts = 0;
            for (long i = 0; i < p.count(); i++, k++) {
                s.intended[k] = start + p.offset(i);
                s.phase[k] = ph;
                long b = p.burstOf(i);
                s.burst[k] = b < 0 ? -1 : (int) (burstBase + b);
                s.position[k] = (int) p.positionOf(i);
                bursts = (int) Math.max(bursts, b + 1);
            }
            PhaseDef d = defs.get(ph);
            String name = d.name != null ? d.name : "phase" + ph;
            infos.add(new PhaseInfo(name, d.measure, p.kind(), k - p.count(), p.count(), p.targetRate(), start, p.span()));
            burstBase += bursts;
            start += p.span();
        }
        return s;
    }
}
