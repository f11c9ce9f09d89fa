package dev.evperf.agent;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.evperf.api.config.Dur;
import dev.evperf.core.data.CsvSource;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The whole load of a trial over agents and one driver agent's share of it. The load is the
 * workload's phases as it gives them ({@code load.phases}: any profile, deterministic or Poisson
 * arrivals with their seeds, a replayed trace), and a driver agent computes its intended times with
 * evperf-core's own schedule ({@link dev.evperf.core.load.Schedule}: the same profiles, the same
 * integrator, the same seeded generators), so global event g (0-based over all phases) is due at
 * {@code start + offset(g)}, offset(g) being to the nanosecond the one a single-node trial's schedule
 * gives it after its start ({@code ScheduleTest} compares them shape by shape). Nothing per event
 * crosses the wire: the controller ships this description, and each driver agent walks the schedule
 * ({@link #cursor}) and keeps its own events.
 *
 * <p>The drivers split the load without changing it: by {@code rate}, driver d of n sends the events
 * with g mod n = d; by {@code key}, event g has key g mod keys and driver d owns the keys [d·keys/n,
 * (d+1)·keys/n). Either way each driver sends its events at their global intended times, so together
 * they send exactly what one driver would: a ramp's rate or a burst's events are shared, not shifted.
 *
 * <p>A driver's events are known by walking the whole schedule, as every driver does while it sends:
 * the integration costs each driver agent the whole load's events, not its share (tens of ns an
 * event), and nothing of it is kept.
 */
public final class Schedule {
    public static final String BY_RATE = "rate";
    public static final String BY_KEY = "key";

    private final List<Workload.PhaseDef> phases;
    private final Trace trace;
    private final String split;
    private final int keys, drivers, driver;
    /** evperf-core's schedule of the phases, made on first use (one pass per rate phase counts its events). */
    private dev.evperf.core.load.Schedule core;

    private long count = -1;

    /**
     * @param phases the load's phases in order, as the workload gives them (adaptivity with its rate resolved)
     * @param trace the load stream's data file, read by replay phases (null when none replays)
     * @param split {@code rate} or {@code key}
     * @param keys the number of keys (split by key)
     * @param drivers how many drivers share the load
     * @param driver this driver's index, 0-based
     */
    @JsonCreator
    public Schedule(
            @JsonProperty("phases") List<Workload.PhaseDef> phases,
            @JsonProperty("trace") Trace trace,
            @JsonProperty("split") String split,
            @JsonProperty("keys") int keys,
            @JsonProperty("drivers") int drivers,
            @JsonProperty("driver") int driver) {
        this.phases = phases;
        this.trace = trace;
        this.split = split;
        this.keys = keys;
        this.drivers = drivers;
        this.driver = driver;
    }

    /** A load without replay phases. */
    public Schedule(List<Workload.PhaseDef> phases, String split, int keys, int drivers, int driver) {
        this(phases, null, split, keys, drivers, driver);
    }

    /**
     * A replay phase's trace: a column of the load stream's CSV file, which the driver agent reads
     * itself (agents on one host, or the file at the same path on each).
     *
     * @param path the file's absolute path
     */
    public record Trace(String path, String delimiter, boolean header) {
        double[] column(Workload.ReplayDef r) {
            Workload.FileDef f = new Workload.FileDef();
            f.path = path;
            f.delimiter = delimiter;
            f.header = header;
            return CsvSource.column(f, r.column, r.count != null ? r.count : Long.MAX_VALUE, Path.of(""), "replay");
        }
    }

    @JsonProperty
    public List<Workload.PhaseDef> phases() {
        return phases;
    }

    @JsonProperty
    public Trace trace() {
        return trace;
    }

    @JsonProperty
    public String split() {
        return split;
    }

    @JsonProperty
    public int keys() {
        return keys;
    }

    @JsonProperty
    public int drivers() {
        return drivers;
    }

    @JsonProperty
    public int driver() {
        return driver;
    }

    /** {@code count} events at {@code rate} per second (deterministic arrivals). */
    public static Workload.PhaseDef constant(long count, double rate) {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.constant = new Workload.ConstantDef();
        p.constant.rate = rate;
        p.constant.count = count;
        return p;
    }

    /** A linear ramp from {@code from} to {@code to} events/s over {@code durationNs}. */
    public static Workload.PhaseDef ramp(double from, double to, long durationNs) {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.ramp = new Workload.RampDef();
        p.ramp.from = from;
        p.ramp.to = to;
        p.ramp.duration = Dur.ofNanos(durationNs);
        return p;
    }

    /** {@code count} bursts of {@code size} events, burst starts {@code distanceNs} apart. */
    public static Workload.PhaseDef bursts(long count, long size, long distanceNs) {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.bursts = new Workload.BurstsDef();
        p.bursts.count = count;
        p.bursts.size = size;
        p.bursts.distance = Dur.ofNanos(distanceNs);
        return p;
    }

    /** evperf-core's schedule of the phases, unbatched (a driver agent sends its events one at a time). */
    @JsonIgnore
    public dev.evperf.core.load.Schedule core() {
        if (core == null) {
            Function<Workload.ReplayDef, double[]> traces = r -> {
                if (trace == null) throw new WorkloadException("schedule.trace: a replay phase needs the data file");
                return trace.column(r);
            };
            core = dev.evperf.core.load.Schedule.of(phases, null, traces);
        }
        return core;
    }

    /** One line naming what is wrong, or null. */
    String problem() {
        if (phases == null || phases.isEmpty() || phases.stream().anyMatch(Objects::isNull))
            return "schedule.phases: none";
        if (!BY_RATE.equals(split) && !BY_KEY.equals(split))
            return "schedule.split: '" + split + "' is not rate or key";
        if (drivers < 1 || driver < 0 || driver >= drivers) return "schedule.driver: " + driver + " of " + drivers;
        if (BY_KEY.equals(split) && keys < drivers)
            return "schedule.keys: " + keys + " keys for " + drivers + " drivers";
        for (int i = 0; i < phases.size(); i++) {
            Workload.PhaseDef p = phases.get(i);
            if (p.profilesSet().size() != 1)
                return "schedule.phases[" + i + "]: expected one profile, got " + p.profilesSet();
            if (p.batch != null) return "schedule.phases[" + i + "].batch: a driver agent sends events one at a time";
        }
        try {
            if (total() < 1) return "schedule.phases: no events";
        } catch (RuntimeException e) {
            return "schedule.phases: " + e.getMessage();
        }
        return null;
    }

    /** Every event of the load. */
    public long total() {
        return core().size();
    }

    /**
     * The load's length on the schedule (ns): from its start to the end of its last phase's span, at or
     * after its last event's intended time.
     */
    public long span() {
        dev.evperf.core.load.Schedule.PhaseInfo last =
                core().phases.get(core().phases.size() - 1);
        return last.intendedStart() + last.intendedSpan();
    }

    /** Whether this driver sends global event g. */
    public boolean owns(long g) {
        if (BY_RATE.equals(split)) return g % drivers == driver;
        long key = g % keys;
        return key >= (long) driver * keys / drivers && key < (long) (driver + 1) * keys / drivers;
    }

    /** How many events this driver sends. */
    public int count() {
        if (count < 0) {
            long n = 0, total = total();
            if (BY_RATE.equals(split)) n = total / drivers + (driver < total % drivers ? 1 : 0);
            else for (long g = 0; g < total; g++) if (owns(g)) n++;
            count = n;
        }
        return (int) count;
    }

    /** This driver's events in order, each with its intended offset after the load's start. */
    public Cursor cursor() {
        return new Cursor(core().cursor(0));
    }

    /** Walks a driver's events: after {@link #next} returned true, {@code g} and {@code offset} describe one. */
    public final class Cursor {
        /** The event's global index and its intended time after the load's start (ns). */
        public long g, offset;

        private final dev.evperf.core.load.Schedule.Cursor events;

        private Cursor(dev.evperf.core.load.Schedule.Cursor events) {
            this.events = events;
        }

        public boolean next() {
            while (events.next()) {
                if (!owns(events.first)) continue;
                g = events.first;
                offset = events.intended[0];
                return true;
            }
            return false;
        }
    }

    /**
     * Every event's intended offset after the load's start, whoever sends it: the whole load in an
     * array, for tests and small loads only (a driver walks its {@link #cursor}).
     */
    public long[] offsets() {
        long[] all = new long[Math.toIntExact(total())];
        var c = core().cursor(0);
        for (int i = 0; c.next(); i++) all[i] = c.intended[0];
        return all;
    }

    /** This driver's share: the same load, driver {@code d}. */
    public Schedule forDriver(int d) {
        Schedule share = new Schedule(phases, trace, split, keys, drivers, d);
        share.core = core; // the same load's schedule: counted once
        return share;
    }

    @Override
    public String toString() {
        return "Schedule[" + phases.size() + " phases, split " + split + ", keys " + keys + ", driver " + driver
                + " of " + drivers + "]";
    }
}
