package dev.evperf.agent;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The whole load of a trial over agents and one driver agent's share of it. The load is a list of
 * phases back to back, each with a shape (a constant rate, a linear ramp of the rate, or bursts);
 * global event g (0-based over all phases) is due at {@code start + offset(g)}. A phase's intended
 * times are the ones a single-node trial gives the same profile ({@code Profile} in evperf-core;
 * {@code ScheduleTest} compares them), computed in closed form here so that an agent needs nothing
 * but this record. The drivers split the load without changing it: by {@code rate}, driver d of n
 * sends the events with g mod n = d; by {@code key}, event g has key g mod keys and driver d owns
 * the keys [d·keys/n, (d+1)·keys/n). Either way each driver sends its events at their global
 * intended times, so together they send exactly what one driver would: a ramp's rate or a burst's
 * events are shared, not shifted.
 *
 * @param phases the load's phases in order
 * @param split {@code rate} or {@code key}
 * @param keys the number of keys (split by key)
 * @param drivers how many drivers share the load
 * @param driver this driver's index, 0-based
 */
public record Schedule(List<Phase> phases, String split, int keys, int drivers, int driver) {
    public static final String BY_RATE = "rate";
    public static final String BY_KEY = "key";

    /**
     * A phase of {@code events} events. {@code constant}: at {@code rate} per second. {@code ramp}:
     * the rate rises (or falls) linearly from {@code rate} to {@code to} over {@code spanNs}; event i
     * is at the t where Λ(t) = ∫₀ᵗ r = i, as evperf-core integrates a rate. {@code bursts}: bursts of
     * {@code size} events, every event of burst b intended at b·{@code spanNs}/bursts (seed 000's
     * S_m^n: each burst at maximum rate, burst starts a distance apart).
     *
     * @param spanNs the phase's length on the schedule: the next phase starts this long after it
     *     (constant: events/rate)
     */
    public record Phase(String shape, int events, double rate, double to, long size, long spanNs) {
        public static final String CONSTANT = "constant", RAMP = "ramp", BURSTS = "bursts";

        @JsonCreator
        public Phase(
                @JsonProperty("shape") String shape,
                @JsonProperty("events") int events,
                @JsonProperty("rate") double rate,
                @JsonProperty("to") double to,
                @JsonProperty("size") long size,
                @JsonProperty("spanNs") long spanNs) {
            this.shape = shape;
            this.events = events;
            this.rate = rate;
            this.to = to;
            this.size = size;
            this.spanNs = spanNs;
        }

        /** {@code events} events at {@code rate} per second. */
        public Phase(int events, double rate) {
            this(CONSTANT, events, rate, rate, 1, Math.round(events * 1e9 / rate));
        }

        /** A linear ramp from {@code from} to {@code to} events/s over {@code durationNs}. */
        public static Phase ramp(double from, double to, long durationNs) {
            double lambda = (from + to) / 2 * durationNs / 1e9;
            // events at Λ = 0, 1, 2, … strictly below Λ(duration), as evperf-core counts them
            long n = (long) Math.ceil(lambda * (1 - 1e-9) - 1e-9);
            if (n > Integer.MAX_VALUE) throw new IllegalArgumentException("ramp: " + n + " events is too many");
            return new Phase(RAMP, (int) n, from, to, 1, durationNs);
        }

        /** {@code count} bursts of {@code size} events, burst starts {@code distanceNs} apart. */
        public static Phase bursts(long count, long size, long distanceNs) {
            if (count * size > Integer.MAX_VALUE)
                throw new IllegalArgumentException("bursts: " + count * size + " events is too many");
            return new Phase(BURSTS, (int) (count * size), 0, 0, size, count * distanceNs);
        }

        /** Event i's intended time after the phase's start (ns). */
        long offset(long i) {
            return switch (shape) {
                case RAMP -> {
                    // Λ(t) = from·t + a·t² with a = (to − from)/(2D); t = 2i / (from + √(from² + 4a·i)) solves
                    // Λ(t) = i without the cancellation of the textbook form (and holds for a = 0 and from = 0)
                    double a = (to - rate) / (2 * spanNs / 1e9);
                    double root = Math.sqrt(Math.max(0, rate * rate + 4 * a * i));
                    yield i == 0 ? 0 : Math.round(2 * i / (rate + root) * 1e9);
                }
                case BURSTS -> i / size * (spanNs / (events / size));
                default -> Math.round(i * 1e9 / rate);
            };
        }

        String problem() {
            boolean ok =
                    switch (shape == null ? "" : shape) {
                        case CONSTANT -> rate > 0 && !Double.isInfinite(rate);
                        case RAMP -> rate >= 0 && to >= 0 && rate + to > 0 && spanNs > 0 && !Double.isInfinite(to);
                        case BURSTS -> size > 0 && events % size == 0 && spanNs >= 0;
                        default -> false;
                    };
            return ok && events > 0 ? null : "schedule.phases: " + this + " is not a constant, ramp or bursts phase";
        }
    }

    /** One line naming what is wrong, or null. */
    String problem() {
        if (phases == null || phases.isEmpty()) return "schedule.phases: none";
        for (Phase p : phases) if (p.problem() != null) return p.problem();
        if (!BY_RATE.equals(split) && !BY_KEY.equals(split))
            return "schedule.split: '" + split + "' is not rate or key";
        if (drivers < 1 || driver < 0 || driver >= drivers) return "schedule.driver: " + driver + " of " + drivers;
        if (BY_KEY.equals(split) && keys < drivers)
            return "schedule.keys: " + keys + " keys for " + drivers + " drivers";
        return null;
    }

    /** Every event of the load. */
    public long total() {
        return phases.stream().mapToLong(Phase::events).sum();
    }

    /** The load's length from the first event's intended time to the last's (ns). */
    public long length() {
        return offset(total() - 1);
    }

    /** Whether this driver sends global event g. */
    public boolean owns(long g) {
        if (BY_RATE.equals(split)) return g % drivers == driver;
        long key = g % keys;
        return key >= (long) driver * keys / drivers && key < (long) (driver + 1) * keys / drivers;
    }

    /** How many events this driver sends. */
    public int count() {
        long n = 0;
        for (long g = 0; g < total(); g++) if (owns(g)) n++;
        return (int) n;
    }

    /** Global event g's intended time after the load's start (ns): the phases run back to back. */
    public long offset(long g) {
        long t = 0;
        long first = 0;
        for (Phase p : phases) {
            if (g < first + p.events()) return t + p.offset(g - first);
            t += p.spanNs();
            first += p.events();
        }
        throw new IllegalArgumentException("event " + g + " is past the load's " + total() + " events");
    }

    /** This driver's share: the same load, driver {@code d}. */
    public Schedule forDriver(int d) {
        return new Schedule(phases, split, keys, drivers, d);
    }
}
