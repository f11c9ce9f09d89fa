package dev.evperf.core.workload;

import static dev.evperf.core.workload.WorkloadValidator.fail;

import dev.evperf.api.config.Dur;
import dev.evperf.api.config.Keyword;
import java.util.HashSet;
import java.util.Set;

/**
 * The {@code agents} section (issue 13, docs/agents.md), checked before anything runs: unique names,
 * a role of driver or sink, at least one of each, addresses when the agents run already,
 * a secret file, bounded probe counts, an engine between the agents that is built (none, Kafka's
 * broker as a pass-through, or a Kafka Streams query on one agent), a split by rate or by key, and a load the agents can run:
 * any profile a single-node trial runs, deterministic or Poisson (the driver agents compute the
 * single-node schedule with core's own machinery), but no micro-batches, no phase left out of the
 * figures (measure: false, an adaptivity warm-up ramp), no auto pattern (its pre-run is a
 * single-node one) and no replay of live data.
 */
final class AgentsCheck {
    /** The most probes per window: a bound on the time a window takes. */
    static final int MAX_PROBES = 10_000;
    /** The most keys a load over agents may split. */
    static final int MAX_KEYS = 1_000_000;

    /** The engines between agents that are built. */
    static final Set<String> BETWEEN = Set.of("null", "kafka", "kafka-streams");

    private AgentsCheck() {}

    /**
     * Each switch: a time, and a sink agent's downsampling of 1..1000000 or XoY, or a driver agent's
     * rate_percent of 50..1000.
     */
    private static void switches(Components.AgentsDef a, String where) {
        if (a.switches == null) fail(where, "agents.switches", "expected a list");
        for (int i = 0; i < a.switches.size(); i++) {
            Components.SwitchDef s = a.switches.get(i);
            String p = "agents.switches[" + i + "]";
            if (s == null || s.after == null || s.after.nanos() < 0) fail(where, p + ".after", "expected a duration");
            AgentRole role = s.ratePercent != null ? AgentRole.DRIVER : AgentRole.SINK;
            boolean named = a.nodes.stream().anyMatch(n -> n.name.equals(s.agent) && n.role == role);
            if (!named)
                fail(where, p + ".agent", "expected the name of a " + role.text() + " agent, got '" + s.agent + "'");
            int settings = (s.ratePercent != null ? 1 : 0) + (s.downsample != null ? 1 : 0) + (s.xoy != null ? 1 : 0);
            if (settings != 1) fail(where, p, "expected one of downsample or xoy (a sink) and rate_percent (a driver)");
            if (s.xoy != null) {
                long x = s.xoy.x, y = s.xoy.y;
                if (y < 1 || y > 1 << 20 || Long.bitCount(y) != 1 || x < 1 || x > y)
                    fail(where, p + ".xoy", "expected {x, y}: y a power of two up to 1048576, 1 <= x <= y");
            } else if (s.ratePercent != null) {
                // at 50 % the rest takes at most twice as long: within the trial's limit of twice its plan
                if (s.ratePercent < 50 || s.ratePercent > 1_000)
                    fail(
                            where,
                            p + ".rate_percent",
                            "expected 50..1000 (the rest of the driver's share at that % of its rate)");
            } else if (s.downsample == null || s.downsample < 1 || s.downsample > 1_000_000)
                fail(where, p + ".downsample", "expected 1..1000000 (record one arrival in that many)");
        }
    }

    /**
     * A Kafka Streams query between the agents: its queries, one input stream (the drivers write its
     * rows), one sink agent (it reads the one output topic) and an agent to run it.
     */
    private static void streams(Workload w, String where, Set<String> names, int sinks) {
        if (w.engine.queries == null || w.engine.queries.isBlank())
            fail(where, "engine.queries", "expected the query the agents' Kafka Streams application runs");
        if (w.streams == null || w.streams.size() != 1)
            fail(where, "streams", "a query between agents reads one input stream; the drivers write its rows");
        if (sinks != 1) fail(where, "agents.nodes", "a query between agents has one output topic: one sink agent");
        if (w.agents.engineOn != null && !names.contains(w.agents.engineOn))
            fail(where, "agents.engine_on", "'" + w.agents.engineOn + "' is not one of agents.nodes");
    }

    static void validate(Workload w, String where) {
        Components.AgentsDef a = w.agents;
        if (a == null) return;
        if (a.secretFile == null || a.secretFile.isBlank()) {
            fail(
                    where,
                    "agents.secret_file",
                    "expected the file with the run's secret (the agents read the same file)");
        }
        if (a.nodes == null || a.nodes.isEmpty()) fail(where, "agents.nodes", "expected at least a driver and a sink");
        Set<String> names = new HashSet<>();
        int sinks = 0;
        int drivers = 0;
        for (int i = 0; i < a.nodes.size(); i++) {
            Components.AgentNodeDef n = a.nodes.get(i);
            String p = "agents.nodes[" + i + "]";
            if (n == null || n.name == null || !n.name.matches("[A-Za-z0-9_.-]+")) {
                fail(where, p + ".name", "expected a name of letters, digits, '_', '.' or '-'");
            }
            if (!names.add(n.name)) fail(where, p + ".name", "'" + n.name + "' is named twice");
            // a word other than these is the binding's error; here only a node without a role
            if (n.role == AgentRole.SINK) sinks++;
            else if (n.role == AgentRole.DRIVER) drivers++;
            else fail(where, p + ".role", Keyword.expected(AgentRole.class, null));
            if (!a.local && (n.address == null || !n.address.matches(".+:[0-9]{1,5}"))) {
                fail(where, p + ".address", "expected host:port of a running agent (agents.local is false)");
            }
            if (a.local && n.address != null) {
                fail(
                        where,
                        p + ".address",
                        "local agents are started on loopback by evperf; an address needs local: false");
            }
        }
        if (sinks == 0) fail(where, "agents.nodes", "expected at least one sink");
        if (drivers == 0) fail(where, "agents.nodes", "expected at least one driver");
        if (a.probes == null || a.probes.count < 1 || a.probes.count > MAX_PROBES) {
            fail(where, "agents.probes.count", "expected 1.." + MAX_PROBES);
        }
        if (a.probes.during < 0 || a.probes.during > MAX_PROBES)
            fail(where, "agents.probes.during", "expected 0.." + MAX_PROBES + " (0: before and after only)");
        if (a.probes.period == null || a.probes.period.nanos() < 10_000_000L) {
            fail(where, "agents.probes.period", "expected a duration of at least 10ms");
        }
        if (a.replyTimeout == null || a.replyTimeout.nanos() < 1_000_000_000L) {
            fail(where, "agents.reply_timeout", "expected a duration of at least 1s");
        }
        if (a.clockBoundLimit != null && a.clockBoundLimit.nanos() <= 0) {
            fail(where, "agents.clock_bound_limit", "expected a duration above 0");
        }
        if (w.engine == null || !BETWEEN.contains(w.engine.name)) {
            fail(
                    where,
                    "engine.name",
                    "agents send driver to sink over TCP (\"null\"), through a Kafka broker (\"kafka\") or through "
                            + "a Kafka Streams query (\"kafka-streams\"); other engines between agents are not built yet");
        }
        boolean broker = !"null".equals(w.engine.name);
        if (a.brokerOn != null) {
            if (!broker)
                fail(
                        where,
                        "agents.broker_on",
                        "only with engine kafka or kafka-streams (the broker between the agents)");
            if (!names.contains(a.brokerOn))
                fail(where, "agents.broker_on", "'" + a.brokerOn + "' is not one of agents.nodes");
            if (w.components != null && w.components.broker != null)
                fail(where, "agents.broker_on", "the broker runs on that agent's node; leave components.broker out");
        } else if (broker && (w.components == null || w.components.broker == null)) {
            fail(
                    where,
                    "components.broker",
                    "agents with engine " + w.engine.name + " need a broker: {start: true} or bootstrap_servers");
        }
        if ("kafka-streams".equals(w.engine.name)) streams(w, where, names, sinks);
        else if (a.engineOn != null) fail(where, "agents.engine_on", "only with engine kafka-streams");
        if (a.proxy != null) {
            if (!a.local) fail(where, "agents.proxy", "only with local: true (evperf's own agents on loopback)");
            if (broker) fail(where, "agents.proxy", "delays TCP paths; not with engine " + w.engine.name);
            for (Dur d : new Dur[] {a.proxy.out, a.proxy.back, a.proxy.jitter}) {
                if (d == null || d.nanos() < 0 || d.nanos() > 1_000_000_000L) {
                    fail(where, "agents.proxy", "out, back and jitter: durations of 0..1s");
                }
            }
        }
        switches(a, where);
        if (a.split == null) fail(where, "agents.split", Keyword.expected(AgentSplit.class, null));
        if (a.split == AgentSplit.KEY && (a.keys < drivers || a.keys > MAX_KEYS)) {
            fail(
                    where,
                    "agents.keys",
                    "expected " + drivers + ".." + MAX_KEYS + " (at least one key per driver agent)");
        }
        if (w.load == null || w.load.phases == null || w.load.phases.isEmpty()) {
            fail(where, "load.phases", "expected at least one phase");
        }
        if (w.load.batch != null) {
            fail(
                    where,
                    "load.batch",
                    "a driver agent sends its events one at a time; micro-batches over agents are not built");
        }
        for (int i = 0; i < w.load.phases.size(); i++) {
            Workload.PhaseDef p = w.load.phases.get(i);
            String at = "load.phases[" + i + "]";
            if (!p.measure) fail(where, at + ".measure", "runs over agents measure every phase; leave measure out");
            if (p.batch != null) {
                fail(
                        where,
                        at + ".batch",
                        "a driver agent sends its events one at a time; micro-batches over agents are not built");
            }
            for (Workload.PatternDef d :
                    new Workload.PatternDef[] {p.wave, p.binary, p.increasing, p.decreasing, p.spike})
                if (d != null && d.auto) {
                    fail(
                            where,
                            at + "." + p.profilesSet().get(0) + ".auto",
                            "auto parameters come from a single-node pre-run, which a run over agents does not make;"
                                    + " give min, max and period");
                }
            if (p.adaptivity != null && (p.adaptivity.ramp == null || p.adaptivity.ramp.nanos() > 0)) {
                fail(
                        where,
                        at + ".adaptivity.ramp",
                        "its warm-up ramp is left out of the figures, and runs over agents measure every phase; set ramp: 0");
            }
            if (p.replay != null) {
                Workload.DataDef d = w.data == null ? null : w.data.get(Schemas.loadStream(w));
                if (d == null || d.file == null) {
                    fail(
                            where,
                            at + ".replay",
                            "a driver agent reads the trace from the load stream's data file (data.<stream>.file);"
                                    + " live data is not built over agents");
                }
            }
        }
    }
}
