package dev.evperf.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.agent.wire.Secret;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
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
 * over TCP or through a Kafka broker (driver i's topic, consumed by its sink; the broker may run on an
 * agent's node, {@link #brokerOn}). Clock probes go to every agent, and from each driver agent
 * directly to its sink agent, before the trial, every {@code probePeriodMs} during it and after it
 * ({@link ClockProbes}: {@link ProbeWindow}s, the minimum RTT of each kept); the records come back and
 * are mapped onto the controller's clock ({@link AgentFigures}).
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
     * @param probesDuring round trips per window during it (0: none, the before and after windows only)
     * @param kafka the bootstrap address of the broker between the agents (each driver produces to a
     *     topic of its own that its sink consumes), or null to send driver to sink over TCP
     * @param engine the query run between the drivers and the sink, and the agent that runs it, or
     *     null: the broker passes the events through
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
            String kafka,
            Engine engine) {
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
                    new Schedule(List.of(Schedule.constant(events, rate)), Schedule.BY_RATE, 1, drivers.size(), 0),
                    probes,
                    probesDuring,
                    probePeriodMs,
                    replyMs,
                    null,
                    null);
        }
    }

    /**
     * A Kafka Streams application between the agents: every driver writes its rows to one input
     * topic, the application on agent {@code agent} (e.g. the sink's node) runs the query, the one
     * sink agent reads the output topic.
     */
    public record Engine(String agent, PartPlan.Query query) {}

    /**
     * A handler switch the controller makes while the trial runs (seed 004's remote configuration):
     * {@code afterMs} after the load's start, every sink part of {@code agent} gets {@code setting =
     * value} (e.g. {@code downsample 10}: one arrival in 10 recorded from then on), or every driver
     * part for a driver's setting ({@code rate_percent 50}: the rest of its share at half its rate).
     */
    public record Switch(String agent, String setting, long value, long afterMs) {
        /** A sink agent's XoY: from the switch on it records event g when (g &amp; (y − 1)) &lt; x. */
        public static Switch xoy(String agent, long x, long y, long afterMs) {
            return new Switch(agent, ReceivingPart.XOY, ReceivingPart.xoy(x, y), afterMs);
        }
    }

    /** The handler switches to make during the trial (before {@link #run}). */
    public AgentTrial switching(List<Switch> switches) {
        pending.addAll(switches);
        pending.sort(Comparator.comparingLong(Switch::afterMs));
        return this;
    }

    /**
     * Runs the trial's Kafka broker on {@code agent}'s node instead of at {@link Plan#kafka}: the agent
     * starts it when the trial begins (after the first probes) and stops it with its other parts.
     */
    public AgentTrial brokerOn(String agent) {
        this.brokerAgent = agent;
        return this;
    }

    /** How long the controller waits for an engine part to run before any driver sends. */
    static final long ENGINE_START_MS = StreamsPart.START_MS + 10_000;

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
    private ClockProbes probes;
    /** The handler switches not sent yet, in time order; those sent, with the agents' replies. */
    private final List<Switch> pending = new ArrayList<>();

    private final List<Map.Entry<String, JsonNode>> switched = new ArrayList<>();
    /** The load's common start on the controller's clock. */
    private long loadStart;
    /** The agent that runs the broker, or null; the broker the trial uses (the plan's, or that agent's). */
    private String brokerAgent;

    private String kafka;

    public AgentTrial(Plan plan, Secret secret) {
        this(plan, secret, UnaryOperator.identity());
    }

    /**
     * @param route the address a driver is told for a sink's {@code host:port} (e.g. a delay proxy's
     *     in front of it), and for the sink agent's probe listener its driver probes directly; Kafka
     *     topics are not routed
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
            }
            probes = new ClockProbes(links);
            Map<String, String> hosts = new LinkedHashMap<>();
            for (AgentAddress a : plan.agents()) hosts.put(a.name(), a.host());
            List<String> sinkOf = new ArrayList<>();
            for (int d = 0; d < plan.drivers().size(); d++) sinkOf.add(sinkOf(d));
            probes.pair(plan.drivers(), sinkOf, hosts, route);
            probes.warmUp();
            probeAll("before", plan.probes());
            AgentFigures.Builder figures =
                    new AgentFigures.Builder((int) plan.load().total());
            kafka = plan.kafka();
            if (brokerAgent != null) {
                kafka = startBroker(brokerAgent);
                figures.broker(brokerAgent, kafka);
                // the broker took seconds to start: a fresh anchor for the drivers' common start
                probeAll("broker-running", plan.probes());
            }
            List<Integer> sinkParts = new ArrayList<>();
            List<Integer> driverParts = new ArrayList<>();
            List<Schedule> shares = new ArrayList<>();
            String topics = "evperf-agents-" + Long.toHexString(new SecureRandom().nextLong());
            if (plan.engine() != null) {
                planThroughEngine(topics, shares, sinkParts, driverParts);
                // the engine took seconds to start: a fresh anchor for the drivers' common start
                probeAll("engine-running", plan.probes());
            } else {
                planDirect(topics, shares, sinkParts, driverParts);
            }
            // sinks first: their consumers and accepts are ready before any event is due
            for (String sk : distinct(plan.sinks())) link(sk).start(PartPlan.SINK, 0);
            // one start for every driver, on the controller's clock, told to each in its own clock's terms
            long start = System.nanoTime() + LEAD_NS;
            loadStart = start;
            for (String d : distinct(plan.drivers())) link(d).start(PartPlan.DRIVER, start - probes.latestOffset(d));
            awaitDone(sinkParts, driverParts);
            probeAll("after", plan.probes());
            int total = (int) plan.load().total();
            if (plan.engine() != null)
                figures.between("a Kafka Streams query on " + plan.engine().agent());
            for (int d = 0; d < plan.drivers().size(); d++) {
                String name = plan.drivers().get(d);
                figures.driver(name, link(name).records(driverParts.get(d), total));
            }
            // with an engine one sink part reads every output; otherwise sink part d reads driver d
            for (int d = 0; d < sinkParts.size(); d++) {
                figures.sink(sinkOf(d), link(sinkOf(d)).records(sinkParts.get(d), total));
            }
            for (AgentLink l : links.values()) l.stop();
            probes.relate(figures);
            for (Map.Entry<String, JsonNode> e : switched) figures.switched(e.getKey(), e.getValue(), loadStart);
            return figures.build();
        } catch (AgentFailure e) {
            throw lostFirst(e);
        } finally {
            for (AgentLink l : links.values()) l.close();
        }
    }

    /** A part's failure may follow from another agent's loss (its broker's agent killed): the lost one is named. */
    private AgentFailure lostFirst(AgentFailure e) {
        if (e.getCause() instanceof IOException) return e; // a loss itself
        for (AgentLink l : links.values()) {
            if (l.name().equals(e.agent())) continue;
            try {
                l.status();
            } catch (AgentFailure lost) {
                if (lost.getCause() instanceof IOException) return lost;
            }
        }
        return e;
    }

    /** Each driver to its sink: over TCP, or through a topic of its own that its sink creates. */
    private void planDirect(String topics, List<Schedule> shares, List<Integer> sinkParts, List<Integer> driverParts) {
        List<String> targets = new ArrayList<>();
        for (int d = 0; d < plan.drivers().size(); d++) {
            Schedule share = plan.load().forDriver(d);
            shares.add(share);
            String sinkName = sinkOf(d);
            String topic = kafka == null ? null : KafkaTopic.of(kafka, topics + "-d" + d);
            JsonNode sink = link(sinkName).plan(PartPlan.sink(share.count(), topic, null));
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
                    .plan(PartPlan.driver(shares.get(d), targets.get(d), null))
                    .get("part")
                    .asInt());
        }
    }

    /**
     * Drivers → one input topic → the engine part (its agent creates both topics and starts the
     * application) → one output topic → the sink; the drivers are planned once the application runs.
     */
    private void planThroughEngine(
            String topics, List<Schedule> shares, List<Integer> sinkParts, List<Integer> driverParts) {
        Engine e = plan.engine();
        int total = (int) plan.load().total();
        String in = KafkaTopic.of(kafka, topics + "-in");
        String out = KafkaTopic.of(kafka, topics + "-out");
        link(e.agent()).plan(PartPlan.engine(total, in, out, e.query()));
        awaitReady(e.agent(), "engine");
        sinkParts.add(link(sinkOf(0))
                .plan(PartPlan.sink(total, out, e.query()))
                .get("part")
                .asInt());
        for (int d = 0; d < plan.drivers().size(); d++) {
            Schedule share = plan.load().forDriver(d);
            shares.add(share);
            driverParts.add(link(plan.drivers().get(d))
                    .plan(PartPlan.driver(share, in, e.query()))
                    .get("part")
                    .asInt());
        }
    }

    /** Plans a broker on {@code agent} and waits until it serves. @return its bootstrap address */
    private String startBroker(String agent) {
        int part = link(agent).plan(PartPlan.broker()).get("part").asInt();
        awaitReady(agent, "broker");
        return link(agent).status().get("addresses").get(part).asText();
    }

    /** Polls the agent (probing the others, so none takes the controller as gone) until its engine or broker runs. */
    private void awaitReady(String agent, String what) {
        long deadline = System.nanoTime() + ENGINE_START_MS * 1_000_000L;
        while (true) {
            JsonNode s = link(agent).status();
            if (s.get("failures").size() > 0)
                throw new AgentFailure(
                        agent, "failed: " + s.get("failures").get(0).asText(), null);
            if (s.get("ready").asBoolean()) return;
            if (System.nanoTime() > deadline)
                throw new AgentFailure(
                        agent, "its " + what + " was not running within " + ENGINE_START_MS + " ms", null);
            for (AgentLink l : links.values()) if (!l.name().equals(agent)) l.status();
            LockSupport.parkNanos(100_000_000L);
        }
    }

    /** Probes every agent and polls their parts until all are done, within the trial's time limit. */
    private void awaitDone(List<Integer> sinkParts, List<Integer> driverParts) {
        long planned = LEAD_NS + plan.load().span();
        // an engine between the agents may hold outputs back as long as its part's silence limit
        long engine = plan.engine() == null ? 0 : StreamsPart.SILENCE_MS * 1_000_000L;
        long deadline = System.nanoTime() + 2 * planned + engine + plan.replyMs() * 1_000_000L;
        for (int period = 1; ; period++) {
            sleepSwitching(System.nanoTime() + plan.probePeriodMs() * 1_000_000L, sinkParts, driverParts);
            // probes.during 0: no windows during the load (before and after only), for the probes' cost (issue 13)
            if (plan.probesDuring() > 0) probeAll("during-" + period, plan.probesDuring());
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
                        "did not receive every event within " + (2 * planned + engine) / 1_000_000
                                + " ms + the reply limit",
                        null);
            }
        }
    }

    /** Sleeps until {@code wake}, making the handler switches that fall due before it at their time. */
    private void sleepSwitching(long wake, List<Integer> sinkParts, List<Integer> driverParts) {
        while (!pending.isEmpty() && loadStart + pending.get(0).afterMs() * 1_000_000L < wake) {
            Switch sw = pending.remove(0);
            LockSupport.parkNanos(loadStart + sw.afterMs() * 1_000_000L - System.nanoTime());
            // a driver's setting goes to the agent's driver parts, a sink's to its sink parts
            boolean driver = DriverPart.RATE_PERCENT.equals(sw.setting());
            List<Integer> parts = driver ? driverParts : sinkParts;
            for (int d = 0; d < parts.size(); d++) {
                String owner = driver ? plan.drivers().get(d) : sinkOf(d);
                if (owner.equals(sw.agent()))
                    switched.add(
                            Map.entry(sw.agent(), link(sw.agent()).configure(parts.get(d), sw.setting(), sw.value())));
            }
        }
        LockSupport.parkNanos(wake - System.nanoTime());
    }

    private void probeAll(String label, int n) {
        probes.window(label, n);
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
