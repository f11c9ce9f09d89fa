package dev.evperf.core.load;

import dev.evperf.core.workload.Workload.BatchDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import dev.evperf.core.workload.Workload.ReplayDef;
import dev.evperf.core.workload.WorkloadException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.LongStream;

/**
 * The whole trial's schedule: intended send time (ns after the trial's origin), phase, burst and
 * position in burst of every event, and its micro-batches. Phases follow each other on the
 * schedule: phase k starts when phase k−1's span ends.
 *
 * <p>The schedule is never held whole: a {@link #cursor()} generates it in order from the profiles,
 * so a trial's memory does not grow with its length. What is known before the run (each phase's
 * exact event count and span) is computed here by one pass that keeps nothing per event.
 * {@link #columns()} holds the same values in arrays, for tests and previews.
 */
public final class Schedule {
    public final List<PhaseInfo> phases;
    public final List<Profile> profiles;
    private final List<PhaseDef> defs;
    private final BatchDef defaultBatch;
    private final long size;
    private final boolean batched;
    /** Where the schedule starts on the trial's axis (ns after the origin); phase starts are relative to it. */
    private long startAt;

    /**
     * What the results record of each phase.
     *
     * @param targetRate   the rate the workload asks for (null: as fast as possible)
     * @param intendedRate the rate of the intended send times; differs from the target for Poisson arrivals
     */
    public record PhaseInfo(
            String name,
            boolean measure,
            String profile,
            long firstSeq,
            long count,
            Double targetRate,
            Double intendedRate,
            long intendedStart,
            long intendedSpan) {
        /** "target 50000.0 ev/s", with the intended rate when it differs (Poisson arrivals), or "max rate". */
        public String rateText() {
            if (targetRate == null) return "max rate";
            String target = String.format(Locale.ROOT, "target %.1f ev/s", targetRate);
            return intendedRate == null || Math.abs(intendedRate - targetRate) < 0.05
                    ? target
                    : target + String.format(Locale.ROOT, ", intended %.1f ev/s (Poisson arrivals)", intendedRate);
        }
    }

    private Schedule(
            List<PhaseDef> defs, BatchDef defaultBatch, List<Profile> profiles, List<PhaseInfo> phases, long size) {
        this.defs = defs;
        this.defaultBatch = defaultBatch;
        this.profiles = profiles;
        this.phases = phases;
        this.size = size;
        this.batched = defaultBatch != null || defs.stream().anyMatch(p -> p.batch != null);
    }

    public static Schedule of(List<PhaseDef> phases) {
        return of(phases, null);
    }

    /** @param defaultBatch micro-batching of the phases that set none (load.batch), or null */
    public static Schedule of(List<PhaseDef> phases, BatchDef defaultBatch) {
        return of(phases, defaultBatch, null);
    }

    /** Events the schedule of these phases will hold (see {@link Profile#expectedCount}), without generating it. */
    public static long expectedCount(List<PhaseDef> phases, Function<ReplayDef, double[]> traces) {
        long total = 0;
        for (PhaseDef d : Phases.expand(phases)) total += Profile.of(d, traces).expectedCount();
        return total;
    }

    /** @param traces reads the timestamps of replay phases (from the load stream's data file) */
    public static Schedule of(List<PhaseDef> phases, BatchDef defaultBatch, Function<ReplayDef, double[]> traces) {
        List<PhaseDef> defs = Phases.expand(phases);
        List<Profile> profiles = new ArrayList<>();
        List<PhaseInfo> infos = new ArrayList<>();
        long total = 0, start = 0;
        for (int ph = 0; ph < defs.size(); ph++) {
            PhaseDef d = defs.get(ph);
            Profile p = Profile.of(d, traces);
            profiles.add(p);
            long count = p.count();
            String name = d.name != null ? d.name : "phase" + ph;
            infos.add(new PhaseInfo(
                    name, d.measure, p.kind(), total, count, p.targetRate(), p.intendedRate(), start, p.span()));
            total += count;
            start += p.span();
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new WorkloadException(
                    "load: " + total + " events in one trial; at most " + (Integer.MAX_VALUE - 8) + " are supported");
        }
        return new Schedule(defs, defaultBatch, profiles, infos, total);
    }

    /** Moves the whole schedule to start {@code startAt} ns after the trial's origin. */
    public void startAt(long startAt) {
        this.startAt = startAt;
    }

    /** Where the schedule starts on the trial's axis. */
    public long startAt() {
        return startAt;
    }

    /** The start of a phase on the trial's axis. */
    public long phaseStart(int phase) {
        return startAt + phases.get(phase).intendedStart();
    }

    /**
     * The first and last seq of every phase that has events: in capacity mode they are always timed, so
     * each phase's achieved rate is exact.
     */
    public long[] phaseEnds() {
        return phases.stream()
                .filter(p -> p.count() > 0)
                .flatMapToLong(p -> LongStream.of(p.firstSeq(), p.firstSeq() + p.count() - 1))
                .toArray();
    }

    public long size() {
        return size;
    }

    /** True when any phase is cut into micro-batches (then an unbatched phase's events are batches of one). */
    public boolean batched() {
        return batched;
    }

    /** The most events one batch can hold (1 when unbatched): a chunk of the schedule must fit one. */
    public int largestBatch() {
        int largest = 1;
        for (PhaseDef d : defs) {
            BatchDef b = d.batch != null ? d.batch : defaultBatch;
            if (b != null) largest = Math.max(largest, Batches.largest(b));
        }
        return largest;
    }

    /** The schedule from its first event, on the trial's axis as it is now. */
    public Cursor cursor() {
        return new Cursor(startAt);
    }

    /** The schedule from its first event, as if it started {@code startAt} ns after the origin. */
    public Cursor cursor(long startAt) {
        return new Cursor(startAt);
    }

    /**
     * Walks the schedule batch by batch (event by event when unbatched): after {@link #next}
     * returned true, the fields describe the batch. Batches are cut as {@link Batches} says.
     */
    public final class Cursor {
        /** Seq of the batch's first event, its event count, and when it is due (ns after the origin). */
        public long first;

        public int count;
        public long due;
        /** Batch index, or -1 when the schedule is unbatched. */
        public long batch = -1;

        public int phase;
        /** Per event of the batch: intended time (ns after the origin), burst and position (-1 without bursts). */
        public final long[] intended;

        public final int[] burst, position;

        private final long startAt;
        private int ph = -1;
        private Profile.Cursor events;
        private long phaseBase, burstBase, burstsInPhase, nextSeq, phaseFirstIntended;
        private boolean peeked;
        private BatchDef def;

        private Cursor(long startAt) {
            this.startAt = startAt;
            int largest = largestBatch();
            intended = new long[largest];
            burst = new int[largest];
            position = new int[largest];
        }

        /**
         * For unbatched schedules: up to {@code max} next events straight into columns, at
         * {@code at}; never across a phase's end. @return how many (0 when the schedule is done)
         */
        public int fill(long[] intendedOut, int[] phaseOut, int[] burstOut, int[] positionOut, int at, int max) {
            if (batched) throw new IllegalStateException("fill is for unbatched schedules");
            if (max <= 0 || !peekEvent()) return 0;
            // The event peekEvent moved to, then the rest of the phase in bulk.
            intendedOut[at] = events.offset;
            burstOut[at] = events.burst;
            positionOut[at] = events.position;
            peeked = false;
            int n = 1 + events.fill(intendedOut, burstOut, positionOut, at + 1, max - 1);
            Arrays.fill(phaseOut, at, at + n, ph);
            for (int i = at; i < at + n; i++) {
                intendedOut[i] += phaseBase;
                if (burstOut[i] >= 0) {
                    burstsInPhase = Math.max(burstsInPhase, burstOut[i] + 1L);
                    burstOut[i] = (int) (burstBase + burstOut[i]);
                }
            }
            nextSeq += n;
            return n;
        }

        public boolean next() {
            if (!peekEvent()) return false;
            first = nextSeq;
            phase = ph;
            count = 0;
            take();
            if (!batched) {
                due = intended[0];
                return true;
            }
            long open = intended[0];
            PhaseInfo info = phases.get(ph);
            int size = def == null
                    ? 1
                    : Batches.size(def, (open - phaseFirstIntended) / (double) Math.max(1, info.intendedSpan()));
            long interval = def == null || def.interval == null ? Long.MAX_VALUE : def.interval.nanos();
            // peekEvent stays inside the phase: a batch never spans two.
            while (count < size && peekInPhase() && events.offset + phaseBase - open < interval) take();
            boolean full = count == size;
            due = full || interval == Long.MAX_VALUE ? intended[count - 1] : open + interval;
            batch++;
            return true;
        }

        private void take() {
            intended[count] = events.offset + phaseBase;
            burst[count] = events.burst < 0 ? -1 : (int) (burstBase + events.burst);
            position[count] = events.position;
            if (events.burst >= 0) burstsInPhase = Math.max(burstsInPhase, events.burst + 1L);
            count++;
            nextSeq++;
            peeked = false;
        }

        /** Moves to the next event of the schedule, into a later phase if this one has ended. */
        private boolean peekEvent() {
            while (!peekInPhase()) {
                if (ph + 1 >= phases.size()) return false;
                ph++;
                burstBase += burstsInPhase;
                burstsInPhase = 0;
                phaseBase = startAt + phases.get(ph).intendedStart();
                events = profiles.get(ph).cursor();
                def = defs.get(ph).batch != null ? defs.get(ph).batch : defaultBatch;
                if (peekInPhase()) phaseFirstIntended = events.offset + phaseBase;
            }
            return true;
        }

        /** Whether the current phase has another event (left in {@code events} until taken). */
        private boolean peekInPhase() {
            if (peeked) return true;
            if (events == null || !events.next()) return false;
            peeked = true;
            return true;
        }
    }

    /** The whole schedule in arrays, on the trial's axis as it is now. */
    public Columns columns() {
        int n = Math.toIntExact(size);
        Columns c = new Columns(n, batched);
        Cursor cur = cursor();
        int k = 0, b = 0;
        while (cur.next()) {
            if (batched) {
                c.batchFirst[b] = k;
                c.batchDue[b++] = cur.due;
            }
            for (int i = 0; i < cur.count; i++, k++) {
                c.intended[k] = cur.intended[i];
                c.phase[k] = cur.phase;
                c.burst[k] = cur.burst[i];
                c.position[k] = cur.position[i];
            }
        }
        if (batched) {
            c.batchFirst = Arrays.copyOf(c.batchFirst, b + 1);
            c.batchFirst[b] = n;
            c.batchDue = Arrays.copyOf(c.batchDue, b);
        }
        return c;
    }

    /**
     * The schedule held whole. Batch b holds events [batchFirst[b], batchFirst[b+1]) and is due at
     * batchDue[b]; both null when unbatched.
     */
    public static final class Columns {
        public final long[] intended;
        public final int[] phase, burst, position;
        public int[] batchFirst;
        public long[] batchDue;

        Columns(int n, boolean batched) {
            intended = new long[n];
            phase = new int[n];
            burst = new int[n];
            position = new int[n];
            if (batched) {
                batchFirst = new int[n + 1];
                batchDue = new long[n];
            }
        }

        public int batches() {
            return batchFirst == null ? 0 : batchFirst.length - 1;
        }
    }
}
