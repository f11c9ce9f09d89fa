package dev.evperf.core.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.config.Dur;
import dev.evperf.monitor.channel.HandlerConfig;
import dev.evperf.monitor.pipeline.PipelineConfig;
import dev.evperf.monitor.sensors.SensorsDef;
import dev.evperf.results.LatencyMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workload file as bound from YAML: events, load over time, engine and queries, and what to
 * measure. Field names are the YAML keys; {@link WorkloadValidator} checks what binding cannot.
 * (Over 400 lines: it is the schema of the whole file, one field per YAML key with the Javadoc
 * that specifies it; its nested classes are the file's sections, read together. Parts with a life
 * of their own are already out: {@link Components}, the monitor's channels and pipelines.)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Workload {
    /** Free text may be left empty ({@code description:}); every other key given must have a value. */
    @JsonSetter(nulls = Nulls.SKIP)
    public String name;

    @JsonSetter(nulls = Nulls.SKIP)
    public String description;
    /** Input streams by name, each with its ordered fields. */
    public LinkedHashMap<String, StreamDef> streams;
    /** How each input stream's events are made; a stream without an entry (or an empty one) gets default generators. */
    @JsonSetter(contentNulls = Nulls.AS_EMPTY)
    public LinkedHashMap<String, DataDef> data = new LinkedHashMap<>();

    public EngineDef engine;
    public LoadDef load;
    /** Values to sweep: a dotted path into this file, or {@code jvm} for sets of JVM options. */
    public LinkedHashMap<String, List<JsonNode>> matrix = new LinkedHashMap<>();

    public int repetitions = 1;
    public MeasureDef measure = new MeasureDef();
    public TrialDef trial = new TrialDef();
    /**
     * Systems under test outside the trial JVM that the run needs (engines behind Kafka): started
     * once per run before the first trial, or existing ones named by address; see
     * dev.evperf.core.component.RunComponents.
     */
    public Components.ComponentsDef components;
    /** Remote drivers and a sink (issue 13, docs/agents.md): the load then runs on agent processes. */
    public Components.AgentsDef agents;
    /**
     * Logging channels (Cloudprofiler), by name, each with its handler chain chosen here at run
     * time: see dev.evperf.monitor.channel.Channels for the form. Opened in every trial JVM; engine,
     * adapter and user code log to them by name.
     */
    public LinkedHashMap<String, HandlerConfig> channels;
    /** Monitoring pipelines (JPMF), by name: see dev.evperf.monitor.pipeline.Pipelines for the form. */
    public LinkedHashMap<String, PipelineConfig> pipelines;

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class StreamDef {
        /** Field name to type name (int, long, float, double, string, bool), in order. */
        public LinkedHashMap<String, String> fields;
        /**
         * The long field that carries the input's sequence number through the queries. When the
         * schema has no field of this name, evperf prepends one.
         */
        public String sequence = "seq";
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class DataDef {
        /** Events pre-generated before the run and reused cyclically (seed 000: 1000). */
        public int pool = 1000;

        public long seed = 1;
        /** Generator per field; fields left out get a default generator for their type. */
        public LinkedHashMap<String, GenDef> fields = new LinkedHashMap<>();
        /** Read the pool from a CSV file instead (the first {@code pool} rows). */
        public FileDef file;
        /** Make the events while the trial runs instead, from a generator (no pool; docs/workload.md, "Live data"). */
        public LiveDef live;
    }

    /** A live source: {@code source} names an {@code EventSource.Factory}, {@code args} are its own. */
    public static final class LiveDef {
        public String source;
        public LinkedHashMap<String, String> args = new LinkedHashMap<>();
    }

    /** Exactly one of the generator kinds is set. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class GenDef {
        /** [min, max): uniform over the range. */
        public List<Double> uniform;

        public NormalDef normal;
        public ExponentialDef exponential;
        public SequentialDef sequential;
        /** One of the listed values, uniformly. */
        public List<JsonNode> values;
    }

    public static final class NormalDef {
        public double mean;
        public double std = 1;
    }

    public static final class ExponentialDef {
        public double mean = 1;
    }

    public static final class SequentialDef {
        public double start = 0;
        public double step = 1;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class FileDef {
        /** Relative to the workload file. */
        public String path;

        public String delimiter = ",";
        public boolean header = true;
        /** Field name to CSV column: a 0-based index, or a header name. Default: fields in order. */
        public LinkedHashMap<String, JsonNode> columns;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class EngineDef {
        /** An engine adapter's name: siddhi (the default, embedded), esper, null, … */
        public String name = "siddhi";
        /** In the engine's own language (SiddhiQL, EPL); the null engine needs none. */
        public String queries;
        /**
         * A neutral query spec (a chapter-4 test or a Nexmark query) in place of queries, outputs,
         * streams and data: evperf writes them for each trial's engine (see SpecWorkload).
         */
        public JsonNode query;
        /** Output streams to listen to, each naming the attribute that carries the sequence. */
        @JsonSetter(contentNulls = Nulls.AS_EMPTY)
        public LinkedHashMap<String, OutputDef> outputs = new LinkedHashMap<>();
        /**
         * Jars or class directories (relative to the workload file) added to the trial's class path
         * of an engine behind Kafka: a Kafka Streams topology or Flink job class of the user's.
         */
        public List<String> classpath = new ArrayList<>();
        /** Engine-specific options, passed to the adapter as they are. */
        public Map<String, Object> options = new LinkedHashMap<>();
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class OutputDef {
        /** Output attribute holding the causing input's sequence number; {@code none} when no output carries it. */
        public String sequence;
        /**
         * Also write every row of this output, as the engine gave it, to {@code values-<stream>.csv} in
         * the trial directory, to check the engine's results (it costs a formatted line per output, on
         * the listener's thread).
         */
        public boolean values;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class LoadDef {
        /** The input stream the load goes to; may be left out when there is one stream. */
        public String stream;
        /** Micro-batching of every phase that sets none of its own. */
        public BatchDef batch;
        /** The pre-run that sets auto pattern parameters: events sent at maximum rate. */
        @JsonProperty("pre_run")
        public long preRun = 200_000;
        /**
         * Sender threads, each sending a round-robin share of the schedule (for engines that accept
         * concurrent input); their records are merged.
         */
        public int senders = 1;

        public List<PhaseDef> phases = new ArrayList<>();
    }

    /** One phase of the load; exactly one profile is set. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class PhaseDef {
        public String name;
        /** False for warm-up: recorded, but left out of the figures. */
        public boolean measure = true;

        public BurstsDef bursts;
        public ConstantDef constant;
        public MaxDef max;
        public RampDef ramp;
        public StairsDef stairs;
        public PatternDef wave;
        public PatternDef binary;
        public PatternDef increasing;
        public PatternDef decreasing;
        public SpikeDef spike;

        @JsonProperty("random_walk")
        public RandomWalkDef randomWalk;

        public AdaptivityDef adaptivity;
        public ReplayDef replay;
        /** Micro-batching of this phase's events (default: load.batch, else none). */
        public BatchDef batch;
        /** For rate profiles: deterministic (evenly spaced around r(t)) or poisson (exponential gaps). */
        public ArrivalProcess arrivals = ArrivalProcess.DETERMINISTIC;
        /** Seeds Poisson arrivals: the same seed gives the same intended times in every trial. */
        public long seed = 1;

        /** The names of the profiles set, for "exactly one" checks. */
        public List<String> profilesSet() {
            List<String> set = new ArrayList<>();
            if (bursts != null) set.add("bursts");
            if (constant != null) set.add("constant");
            if (max != null) set.add("max");
            if (ramp != null) set.add("ramp");
            if (stairs != null) set.add("stairs");
            if (wave != null) set.add("wave");
            if (binary != null) set.add("binary");
            if (increasing != null) set.add("increasing");
            if (decreasing != null) set.add("decreasing");
            if (spike != null) set.add("spike");
            if (randomWalk != null) set.add("random_walk");
            if (adaptivity != null) set.add("adaptivity");
            if (replay != null) set.add("replay");
            return set;
        }
    }

    /**
     * SPBench's micro-batching: a batch closes when it holds {@code size} events or
     * {@code interval} after its first event was due, whichever comes first, and is sent as one.
     * {@code size} may also grow or shrink linearly over the phase: {from: 1, to: 10}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class BatchDef {
        public JsonNode size;
        public Dur interval;
    }

    /** Each level (events/s) in turn, for {@code step} each. */
    public static final class StairsDef {
        public List<Double> levels;
        public Dur step;
    }

    /**
     * SPBench's patterns: rates between min and max (events/s) with a period, for a duration. With
     * {@code auto: true}, min, max, period (and duration, when not given) come from a pre-run at
     * maximum rate (SPBench § 4): min = 10 % T, max = 110 % T, period = E/3 (E for increasing and
     * decreasing), where T is the pre-run's throughput and E its execution time.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class PatternDef {
        public Double min;
        public Double max;
        public Dur period;
        public Dur duration;
        public boolean auto;
    }

    /** SPBench's spike: {@code size} is the spike's share of each period, in percent (0, 100]. */
    public static final class SpikeDef extends PatternDef {
        public double size = 10;
    }

    /**
     * FINCoS's adaptivity microbenchmark: a warm-up ramp to λ, steady λ, a peak at
     * {@code peak_factor}·λ, then λ again while the engine recovers. λ is {@code rate}, or
     * {@code fraction} of the sustainable rate a {@code sustain} run found ({@code sustained}: its
     * results directory, relative to the workload file).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class AdaptivityDef {
        public Double rate;
        public Double fraction;
        public String sustained;
        public Dur ramp = Dur.parse("10s");
        public Dur steady = Dur.parse("5m");
        public Dur peak = Dur.parse("10s");

        @JsonProperty("peak_factor")
        public double peakFactor = 1.5;

        public Dur recovery = Dur.parse("5m");
    }

    /**
     * Trace replay: intended times from a timestamp column of the load stream's data file,
     * (ts − first ts) / speed, in {@code unit}; event i carries the file's row i (give the pool at
     * least as many rows as the trace, or rows repeat).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class ReplayDef {
        public String column;
        /** ns, us, ms or s. */
        public ReplayUnit unit = ReplayUnit.MS;

        public double speed = 1;
        /** At most this many events of the trace (default: all of it). */
        public Long count;
    }

    /** A bounded random walk: every {@code interval} the rate moves by up to ±{@code step}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class RandomWalkDef {
        public double min;
        public double max;
        /** Where the walk starts; default the middle of [min, max]. */
        public Double start;

        public double step;
        public Dur interval;
        public Dur duration;
        public long seed = 1;
    }

    /** m bursts of n events, each at maximum rate; burst starts are {@code distance} apart. */
    public static final class BurstsDef {
        public long count;
        public long size;
        public Dur distance = Dur.parse("0");
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class ConstantDef {
        /** Events per second. */
        public double rate;

        public Dur duration;
        public Long count;
    }

    public static final class MaxDef {
        public long count;
    }

    public static final class RampDef {
        public double from;
        public double to;
        public Dur duration;
    }

    public static final class MeasureDef {
        /** processing, end-to-end, scheduled. */
        public List<String> latency = new ArrayList<>(LatencyMode.words());
        /** Per-event records (events.parquet, outputs.parquet); histograms are always written. */
        public boolean records = true;

        @JsonProperty("hlog_interval")
        public Dur hlogInterval = Dur.parse("250ms");
        /**
         * How an output's receipt is timed: {@code listener} (the listener reads the clock) or
         * {@code send-end} (no clock read in the listener: the receipt is the causing input's send
         * end; for engines that deliver inside send; saves one clock read per output).
         */
        public Receipt receipt = Receipt.LISTENER;
        /**
         * Which sends are timed: {@code all} (every event: two clock reads per event and one per
         * output) or {@code sampled} (capacity mode: 1 in {@link #sample} events, and the first and
         * last of every phase, are timed with their outputs; the others are sent with no clock
         * read while the driver is behind schedule; needs records off).
         */
        public Timing timing = Timing.ALL;
        /** With timing: sampled, every this-many-th event is timed. */
        public int sample = 64;
        /**
         * Tracepoints: the trace of every event (driver send start/end, tracepoints in the engine
         * such as Siddhi's evperf:trace, the sink's receipt) and per-segment durations.
         */
        public boolean tracepoints = false;
        /** Also the heap after full collections before the engine opens: heap_after_gc's retained_bytes. */
        @JsonProperty("retained_heap")
        public boolean retainedHeap = false;
        /** Where engine.query's rows are written for validation: in the measured trial or a second one. */
        public Validation validation = Validation.INLINE;
        /** Tracepoint records kept per thread (more are counted as lost). */
        @JsonProperty("trace_capacity")
        public int traceCapacity = 4_000_000;
        /** Sensors sampled through the trial (procfs, cpufreq, JVM), into sensors.csv. */
        public SensorsDef sensors = new SensorsDef();
        /** JFR in the trial: GC pauses, JIT compilations, safepoints, deoptimizations on the trial's axis. */
        public boolean jfr = true;
        /** A live line per interval on the trial's stdout (a low-priority thread reading the driver's columns). */
        public boolean live = true;
        /** Head-tail and burst tables leave out the first k measured bursts (warm-up). */
        @JsonProperty("skip_bursts")
        public int skipBursts = 0;
    }

    public static final class TrialDef {
        public Dur timeout = Dur.parse("10m");
        /** JVM options of every trial; a matrix {@code jvm} set is appended. */
        public List<String> jvm = new ArrayList<>();
        /** CPU placement: the senders on CPUs of their own, the rest of the run on others (null: the OS decides). */
        public TrialCpus cpus;
        /** After the last send, outputs must stop arriving for this long before the trial ends. */
        @JsonProperty("drain_quiet")
        public Dur drainQuiet = Dur.parse("100ms");
        /** A trial whose engine still emits after this long is failed rather than left to hang. */
        @JsonProperty("drain_timeout")
        public Dur drainTimeout = Dur.parse("60s");
        /** Output records kept per input event (more are counted, not recorded). */
        @JsonProperty("outputs_per_input")
        public double outputsPerInput = 2;
        /**
         * Errors the engine may raise while processing events (reported through its error hook, or
         * thrown out of a send) before the trial fails; up to this many it is "ok with errors".
         */
        @JsonProperty("max_errors")
        public long maxErrors = 0;
    }
}
