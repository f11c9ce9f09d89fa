package dev.evperf.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.agent.wire.Secret;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;

/**
 * One trial run across agents, from the controller: driver agents send a load (its phases), split by
 * rate or by key over them ({@link Schedule}: each sends its events at their global intended times,
 * from one start on the controller's clock told to each agent in its own clock's terms), to the sink
 * agents (driver i to sink i mod the number of sinks: several sinks share the outputs), directly
 * over TCP or through a Kafka broker (driver i's topic, consumed by its sink). Clock probes go to every agent before the trial, every {@code probePeriodMs} during it and
 * after it ({@link ProbeWindow}s, the minimum RTT of each kept); the records come back and are mapped
 * onto the controller's clock ({@link AgentFigures}).
 *
 * <p>Nothing hangs: every reply is awaited at most {@code replyMs}; the trial as a whole at most
 * twice its planned length plus {@code replyMs}; a lost or failing agent ends it with an
 * {@link AgentFailure} naming that agent, after the others were told bye (they then exit).
 */
public final class AgentTrial {
    /**
     * @param drivers the driver agents' names; the load is split over them ({@link Schedule})
     * @param sinks the sink agents' names (one may also be a driver: then its events need no clock relation)
     * @param load the whole load: its phases, and how the drivers split it (its driver index is ignored)
     * @param probes round trips per window before and after the trial
     * @param probesDuring round trips per window during it
     * @param kafka the bootstrap address of the broker between the agents (each driver produces to a
     *     topic of its own that its sink consumes), or null to send driver to sink over TCP
     */
    public record Plan(
            List<AgentAddress> agents,
            List<String> drivers,
            List<String> sinks,
            Schedule load,
            int probes,
            int probesDuring,
            long probePeriodMs,
            int replyMs,
            String kafka) {
        /** One constant phase split by rate, driver to sink over TCP. */
        public Plan(
                List<AgentAddress> agents,
                List<String> drivers,
                List<String> sinks,
                int events,
                double rate,
                int probes,
                int probesDuring,
                long probePeriodMs,
                int replyMs) {
            this(
                    agents,
                    drivers,
                    sinks,
                    new Schedule(List.of(new Schedule.Phase(events, rate)), Schedule.BY_RATE, 1, drivers.size(), 0),
                    probes,
                    probesDuring,
                    probePeriodMs,
                    replyMs,
                    null);
        }
    }

    /**
     * How long before the load's common start the drivers are told it: time for the controller's
     * START requests to reach every driver agent (a driver that starts late sends late, which its
     * generator lag shows).
     */
    static final long LEAD_NS = 300_000_000L;

    private final Plan plan;
    private final Secret secret;
    private final UnaryOperator<String> route;
    private final Map<String, AgentLink> links = new LinkedHashMap<>();
    private final Map<String, List<ProbeWindow>> windows = new LinkedHashMap<>();

    public AgentTrial(Plan plan, Secret secret) {
        this(plan, secret, UnaryOperator.identity());
    }

    /**
     * @param route the address a driver is told for a sink's {@code host:port} (e.g. a delay proxy's
     *     in front of it); Kafka topics are not routed
     */
    public AgentTrial(Plan plan, Secret secret, UnaryOperator<String> route) {
        this.plan = plan;
        this.secret = secret;
        this.route = route;
    }

    /**
     * Runs the trial.
     *
     * @throws AgentFailure naming the agent that could not be reached, refused, failed or was lost
     */
    public AgentFigures run() {
        try {
            for (AgentAddress a : plan.agents()) {
                links.put(a.name(), AgentLink.connect(a.name(), a.host(), a.port(), secret, plan.replyMs()));
                windows.put(a.name(), new ArrayList<>());
            }
            probeAll("before", plan.probes());
            List<Integer> sinkParts = new ArrayList<>();
            List<Integer> driverParts = new ArrayList<>();
            List<Schedule> shares = new ArrayList<>();
            List<String> targets = new ArrayList<>();
            String topics = "evperf-agents-" + Long.toHexString(new SecureRandom().nextLong());
            for (int d = 0; d < plan.drivers().size(); d++) {
                Schedule share = plan.load().forDriver(d);
                shares.add(share);
                String sinkName = sinkOf(d);
                String topic = plan.kafka() == null ? null : KafkaTopic.of(plan.kafka(), topics + "-d" + d);
                JsonNode sink = link(sinkName).plan(PartPlan.sink(share.count(), topic));
                sinkParts.add(sink.get("part").asInt());
                targets.add(
                        topic != null
                                ? topic
                                : route.apply(address(sinkName).host() + ":"
                                        + sink.get("port").asInt()));
            }
            // every output opens as its plan arrives (a connection, a producer), before any start
            for (int d = 0; d < plan.drivers().size(); d++) {
                driverParts.add(link(plan.drivers().get(d))
                        .plan(PartPlan.driver(shares.get(d), targets.get(d)))
                        .get("part")
                        .asInt());
            }
            // sinks first: their consumers and accepts are ready before any event is due
            for (String sk : distinct(plan.sinks())) link(sk).start(PartPlan.SINK, 0);
            // one start for every driver, on the controller's clock, told to each in its own clock's terms
            long start = System.nanoTime() + LEAD_NS;
            for (String d : distinct(plan.drivers())) {
                List<ProbeWindow> w = windows.get(d);
                link(d).start(
                                PartPlan.DRIVER,
                                start - w.get(w.size() - 1).best().anchor().offset());
            }
            awaitDone();
            probeAll("after", plan.probes());
            int total = (int) plan.load().total();
            AgentFigures.Builder figures = new AgentFigures.Builder(total);
            for (int d = 0; d < plan.drivers().size(); d++) {
                String name = plan.drivers().get(d);
                figures.driver(name, link(name).records(driverParts.get(d), total));
                figures.sink(sinkOf(d), link(sinkOf(d)).records(sinkParts.get(d), total));
            }
            for (AgentLink l : links.values()) l.stop();
            for (Map.Entry<String, List<ProbeWindow>> w : windows.entrySet()) {
                figures.relation(w.getKey(), ClockRelation.fromWindows(w.getValue()), w.getValue());
            }
            return figures.build();
        } finally {
            for (AgentLink l : links.values()) l.close();
        }
    }

    /** Probes every agent and polls their parts until all are done, within the trial's time limit. */
    private void awaitDone() {
        long planned = LEAD_NS + plan.load().length();
        long deadline = System.nanoTime() + 2 * planned + plan.replyMs() * 1_000_000L;
        for (int period = 1; ; period++) {
            LockSupport.parkNanos(plan.probePeriodMs() * 1_000_000L);
            probeAll("during-" + period, plan.probesDuring());
            boolean done = true;
            for (AgentLink l : links.values()) {
                JsonNode s = l.status();
                if (s.get("failures").size() > 0) {
                    throw new AgentFailure(
                            l.name(), "failed: " + s.get("failures").get(0).asText(), null);
                }
                done &= s.get("done").asBoolean();
            }
            if (done) return;
            if (System.nanoTime() > deadline) {
                throw new AgentFailure(
                        String.join(", ", plan.sinks()),
                        "did not receive every event within " + (2 * planned) / 1_000_000 + " ms + the reply limit",
                        null);
            }
        }
    }

    private void probeAll(String label, int n) {
        for (Map.Entry<String, AgentLink> e : links.entrySet()) {
            ProbeWindow w = new ProbeWindow(label);
            e.getValue().probe(w, n, 200);
            windows.get(e.getKey()).add(w);
        }
    }

    /** The sink agent driver {@code d} sends to: the drivers are spread over the sinks in turn. */
    private String sinkOf(int d) {
        return plan.sinks().get(d % plan.sinks().size());
    }

    private AgentLink link(String name) {
        AgentLink l = links.get(name);
        if (l == null) throw new IllegalArgumentException("no agent named '" + name + "'");
        return l;
    }

    private AgentAddress address(String name) {
        return plan.agents().stream()
                .filter(a -> a.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no agent named '" + name + "'"));
    }

    private static List<String> distinct(List<String> names) {
        return names.stream().distinct().toList();
    }
}
