package dev.evperf.core.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.evperf.api.config.Dur;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A workload's {@code components:} key, bound from YAML: the systems under test outside the trial
 * JVM (a Kafka broker, a Flink cluster), kept apart from {@link Workload} so that each file holds
 * one part of the format.
 */
public final class Components {
    private Components() {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class ComponentsDef {
        public BrokerDef broker;
        public FlinkDef flink;
    }

    /** A Kafka broker: {@code start: true} (evperf starts one, KRaft, in a JVM of its own) or an existing cluster's {@code bootstrap_servers}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class BrokerDef {
        public Boolean start;

        @JsonProperty("bootstrap_servers")
        public String bootstrapServers;
        /** JVM options of the broker (default: a small heap). */
        public List<String> jvm;
        /** Broker settings ({@code server.properties} keys) over evperf's. */
        public LinkedHashMap<String, String> settings = new LinkedHashMap<>();

        @JsonProperty("ready_timeout")
        public Dur readyTimeout = Dur.parse("90s");
    }

    /** A Flink cluster: {@code mode: standalone} (a JobManager and N TaskManager JVMs), {@code minicluster} (one JVM), or an existing one's {@code rest} address. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class FlinkDef {
        public FlinkMode mode;
        public String rest;
        public int taskmanagers = 1;
        public int slots = 1;
        /** JVM options of a MiniCluster (a standalone cluster's come from its memory settings). */
        public List<String> jvm = new ArrayList<>();
        /** Flink settings ({@code config.yaml} keys) over evperf's. */
        public LinkedHashMap<String, String> settings = new LinkedHashMap<>();

        @JsonProperty("ready_timeout")
        public Dur readyTimeout = Dur.parse("180s");
    }

    /** The agents a run's load goes through; checked by {@code AgentsCheck}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class AgentsDef {
        /** The run's secret, shared with every agent (relative to the workload file). */
        @JsonProperty("secret_file")
        public String secretFile;
        /** true: evperf starts every agent as a JVM on loopback; false: they run already at their addresses. */
        public boolean local = true;

        public List<AgentNodeDef> nodes = new ArrayList<>();
        public ProbesDef probes = new ProbesDef();
        /** A trial whose clock bound exceeds this is marked (null: no limit). */
        @JsonProperty("clock_bound_limit")
        public Dur clockBoundLimit;

        @JsonProperty("reply_timeout")
        public Dur replyTimeout = Dur.parse("15s");
        /** How the driver agents share the load: {@code rate} (every n-th event) or {@code key} (a key range each). */
        public AgentSplit split = AgentSplit.RATE;
        /** Split by key: event g has key g mod keys. */
        public int keys = 1000;
        /** Local agents only: evperf's delay proxy on every path (seed 004's delayed scenario; null: none). */
        public ProxyDef proxy;
        /** With engine kafka-streams: the agent that runs the query (null: the sink agent). */
        @JsonProperty("engine_on")
        public String engineOn;
        /** With engine kafka: the agent whose node runs the broker, started by that agent per trial (null: components.broker). */
        @JsonProperty("broker_on")
        public String brokerOn;
        /** Handler switches the controller makes during each trial (seed 004's remote configuration). */
        public List<SwitchDef> switches = new ArrayList<>();
    }

    /** {@code after} the load's start, the sink agent {@code agent} records one arrival in {@code downsample}. */
    public static final class SwitchDef {
        public Dur after;
        public String agent;
        /** A sink agent's setting: record one arrival in that many. */
        public Long downsample;
        /** A driver agent's setting: the rest of its share at that percentage of its rate. */
        @JsonProperty("rate_percent")
        public Long ratePercent;
        /** A sink agent's setting (seed 004's XoY): record event g when (g &amp; (y − 1)) &lt; x. */
        public XoYDef xoy;
    }

    /** x of every y events (y a power of two), chosen by the event's sequence number. */
    public static final class XoYDef {
        public long x;
        public long y;
    }

    /** A user-space delay per direction: {@code out} towards the agent (or sink), {@code back} from it, plus jitter. */
    public static final class ProxyDef {
        public Dur out = Dur.parse("0ms");
        public Dur back = Dur.parse("0ms");
        public Dur jitter = Dur.parse("0ms");
    }

    /** One agent: its name, its role (driver or sink) and, unless local, its host:port. */
    public static final class AgentNodeDef {
        public String name;
        public AgentRole role;
        public String address;
    }

    /** Clock probes: round trips per window before and after a trial, per window during it, how often. */
    public static final class ProbesDef {
        public int count = 32;
        public int during = 8;
        public Dur period = Dur.parse("200ms");
    }
}
