package dev.evperf.agent;

import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.ProbeWindow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A trial's clock probes, seed 004's MinRTT windows: the controller's to every agent, and each
 * driver agent's directly to its sink agent (a pair whose two relations to the controller would
 * add their bounds: the pair's own probes give one bound, ½ of their own minimum RTT). Every window
 * is taken for all of them at once, before, during and after the trial.
 */
final class ClockProbes {
    /** A driver agent and the sink agent it sends to, and the address of the sink's probe listener. */
    record Pair(String driver, String sink, String target) {
        String label() {
            return driver + " -> " + sink;
        }
    }

    /**
     * Round trips before the first window, not kept: the first probes of a fresh agent JVM and of the
     * controller run interpreted code (HotSpot compiles a method after a few hundred calls), and came
     * out 2-3× slower than the trial's later ones on this machine, which made the "before" anchor the
     * loosest of a trial.
     */
    static final int WARM_UP_PROBES = 300;
    /** The quiet gap between a window's round trips (µs). */
    static final long GAP_MICROS = 200;

    private final Map<String, AgentLink> links;
    private final Map<String, List<ProbeWindow>> windows = new LinkedHashMap<>();
    private final List<Pair> pairs = new ArrayList<>();
    private final Map<Pair, List<ProbeWindow>> pairWindows = new LinkedHashMap<>();
    /** Pairs whose direct probe could not be made (e.g. a firewall between them), and why. */
    private final Map<Pair, String> unavailable = new LinkedHashMap<>();

    ClockProbes(Map<String, AgentLink> links) {
        this.links = links;
        for (String name : links.keySet()) windows.put(name, new ArrayList<>());
    }

    /**
     * Has each driver agent probe its sink agent directly from now on (the sink agent opens its probe
     * listener; {@code route} gives the address a driver reaches it at, as for its events).
     *
     * @param sinkOf the sink agent of each driver, in the drivers' order
     */
    void pair(List<String> drivers, List<String> sinkOf, Map<String, String> hosts, UnaryOperator<String> route) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (int d = 0; d < drivers.size(); d++) {
            String driver = drivers.get(d);
            String sink = sinkOf.get(d);
            if (driver.equals(sink)) continue; // one clock: no relation needed
            int port = ports.computeIfAbsent(sink, s -> links.get(s).peerListen());
            Pair p = new Pair(driver, sink, route.apply(hosts.get(sink) + ":" + port));
            if (pairs.stream()
                    .noneMatch(q -> q.driver().equals(driver) && q.sink().equals(sink))) {
                pairs.add(p);
                pairWindows.put(p, new ArrayList<>());
            }
        }
    }

    void warmUp() {
        for (AgentLink l : links.values()) l.probe(new ProbeWindow("warm-up"), WARM_UP_PROBES, 0);
        for (Pair p : List.copyOf(pairs)) {
            try {
                links.get(p.driver()).peerProbe(new ProbeWindow("warm-up"), p.sink(), p.target(), WARM_UP_PROBES, 0);
            } catch (AgentFailure e) {
                if (e.getCause() != null) throw e; // the driver agent itself is lost
                // the driver cannot reach the sink's listener (with Kafka between them it need not
                // reach the sink at all): that pair is timed through the controller, and says why
                pairs.remove(p);
                pairWindows.remove(p);
                unavailable.put(p, e.getMessage());
            }
        }
    }

    /** One window of {@code n} round trips from the controller to every agent, and within every pair. */
    void window(String label, int n) {
        for (Map.Entry<String, AgentLink> e : links.entrySet()) {
            ProbeWindow w = new ProbeWindow(label);
            e.getValue().probe(w, n, GAP_MICROS);
            windows.get(e.getKey()).add(w);
        }
        for (Pair p : pairs) {
            ProbeWindow w = new ProbeWindow(label);
            links.get(p.driver()).peerProbe(w, p.sink(), p.target(), n, GAP_MICROS);
            pairWindows.get(p).add(w);
        }
    }

    /** The controller's clock minus the agent's at its latest window's anchor (ns). */
    long latestOffset(String agent) {
        List<ProbeWindow> w = windows.get(agent);
        return w.get(w.size() - 1).best().anchor().offset();
    }

    /** Every agent's relation to the controller, and every pair's (the sink's clock onto its driver's). */
    void relate(AgentFigures.Builder figures) {
        for (Map.Entry<String, List<ProbeWindow>> w : windows.entrySet()) {
            figures.relation(w.getKey(), ClockRelation.fromWindows(w.getValue()), w.getValue());
        }
        for (Map.Entry<Pair, List<ProbeWindow>> w : pairWindows.entrySet()) {
            figures.pair(w.getKey(), ClockRelation.fromWindows(w.getValue()), w.getValue());
        }
        unavailable.forEach(figures::noDirectProbe);
    }
}
