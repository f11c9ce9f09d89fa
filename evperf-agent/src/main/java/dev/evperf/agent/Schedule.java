package dev.evperf.agent;

import java.util.List;

/**
 * The whole load of a trial over agents and one driver agent's share of it. The load is a list of
 * phases back to back, each a number of events at a constant rate; global event g (0-based over all
 * phases) is due at {@code start + offset(g)}. The drivers split it without changing it: by
 * {@code rate}, driver d of n sends the events with g mod n = d; by {@code key}, event g has key
 * g mod keys and driver d owns the keys [d·keys/n, (d+1)·keys/n). Either way each driver sends its
 * events at their global intended times, so together they send exactly what one driver would.
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

    /** A phase: {@code events} events at {@code rate} per second. */
    public record Phase(int events, double rate) {}

    /** One line naming what is wrong, or null. */
    String problem() {
        if (phases == null || phases.isEmpty()) return "schedule.phases: none";
        for (Phase p : phases) {
            if (p.events() <= 0 || !(p.rate() > 0) || Double.isInfinite(p.rate()))
                return "schedule.phases: " + p + " needs positive events and rate";
        }
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
        double t = 0;
        long first = 0;
        for (Phase p : phases) {
            if (g < first + p.events()) return Math.round(t + (g - first) * 1e9 / p.rate());
            t += p.events() * 1e9 / p.rate();
            first += p.events();
        }
        throw new IllegalArgumentException("event " + g + " is past the load's " + total() + " events");
    }

    /** This driver's share: the same load, driver {@code d}. */
    public Schedule forDriver(int d) {
        return new Schedule(phases, split, keys, drivers, d);
    }
}
