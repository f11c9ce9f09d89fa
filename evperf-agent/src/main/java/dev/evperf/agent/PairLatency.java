package dev.evperf.agent;

import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.ProbeWindow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latency of one driver agent's events at one sink agent through the pair's own clock relation
 * (the driver's direct probes of the sink, {@link ClockProbes}), set against the latency through the
 * controller. Through the controller both ends are mapped onto its clock, so an event's bound is the
 * sum of the driver's and the sink's bound (each ½ of its own minimum RTT to the controller).
 * Directly, the sink's receipt is mapped onto the driver's clock with the pair's bound (½ of the
 * pair's minimum RTT) and the latency, a duration on the driver's clock, is converted to the
 * controller's with the driver's rate, whose error (its drift bound) scales the latency. The pair
 * uses whichever relation gives the smaller largest bound over its events, and says which.
 */
final class PairLatency {
    /** How a pair's events were timed: the pair's relation and windows, the bound each way (ns). */
    record Choice(
            ClockProbes.Pair pair,
            ClockRelation relation,
            List<ProbeWindow> windows,
            boolean direct,
            long directBound,
            long viaBound,
            int events,
            String unavailable) {
        /** A pair whose direct probe could not be made: its events are timed through the controller. */
        static Choice unavailable(ClockProbes.Pair pair, String why) {
            return new Choice(pair, null, List.of(), false, 0, 0, 0, why);
        }

        String line() {
            if (unavailable != null)
                return "latency " + pair.label() + ": via the controller (no direct probe: " + unavailable + ")";
            return String.format(
                    "latency %s: %s (direct probe ± %.1f µs, min RTT %.1f µs; via the controller ± %.1f µs; %d events)",
                    pair.label(),
                    direct ? "the direct driver-sink probe used" : "via the controller (the tighter)",
                    directBound / 1e3,
                    relation.minRtt() / 1e3,
                    viaBound / 1e3,
                    events);
        }

        Map<String, Object> json() {
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("driver", pair.driver());
            n.put("sink", pair.sink());
            n.put("used", direct ? "direct" : "controller");
            if (unavailable != null) {
                n.put("direct_unavailable", unavailable);
                return n;
            }
            n.put("direct_bound_us", directBound / 1e3);
            n.put("controller_bound_us", viaBound / 1e3);
            n.put("events", events);
            n.put("clock", ClockReport.of(relation, windows));
            return n;
        }
    }

    private PairLatency() {}

    /**
     * Times the pair's received events both ways and keeps the direct figures in {@code latency} and
     * {@code bound} when their largest bound is the smaller.
     *
     * @param driverRel the driver agent's relation to the controller (its rate)
     * @param latency per event, the latency through the controller (ns); overwritten when direct wins
     * @param bound per event, its bound through the controller (ns); overwritten when direct wins
     */
    static Choice choose(
            ClockProbes.Pair pair,
            ClockRelation rel,
            List<ProbeWindow> windows,
            ClockRelation driverRel,
            String[] driverOf,
            String[] sinkOf,
            long[] sendRaw,
            long[] receiptRaw,
            long[] latency,
            long[] bound) {
        int n = latency.length;
        long[] lat = new long[n];
        long[] b = new long[n];
        long direct = 0;
        long via = 0;
        int events = 0;
        double rate = driverRel.rate();
        double rateError = driverRel.driftBoundPpm() * 1e-6;
        for (int seq = 0; seq < n; seq++) {
            if (!pair.driver().equals(driverOf[seq]) || !pair.sink().equals(sinkOf[seq])) continue;
            // the receipt on the driver's clock, then the duration on the controller's
            long onDriver = rel.toController(receiptRaw[seq]) - sendRaw[seq];
            lat[seq] = Math.round(onDriver * rate);
            b[seq] = rel.boundAt(receiptRaw[seq]) + (long) Math.ceil(Math.abs(onDriver) * rateError) + 2;
            direct = Math.max(direct, b[seq]);
            via = Math.max(via, bound[seq]);
            events++;
        }
        boolean useDirect = events > 0 && direct < via;
        if (useDirect) {
            for (int seq = 0; seq < n; seq++) {
                if (!pair.driver().equals(driverOf[seq]) || !pair.sink().equals(sinkOf[seq])) continue;
                latency[seq] = lat[seq];
                bound[seq] = b[seq];
            }
        }
        return new Choice(pair, rel, windows, useDirect, direct, via, events, null);
    }
}
