package dev.evperf.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.FieldType;
import dev.evperf.api.config.Dur;
import dev.evperf.api.config.Keyword;
import dev.evperf.api.config.Suggest;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.workload.Workload.PhaseDef;
import dev.evperf.monitor.channel.Channels;
import dev.evperf.monitor.pipeline.Pipelines;
import dev.evperf.results.LatencyMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The checks binding cannot make: references between sections, exactly-one choices, ranges.
 * Each failure is one line naming the field.
 *
 * <p>Over 400 lines (since formatting at 120 columns) on purpose: every rule a workload's text must
 * satisfy is here, in the order of the file's sections, so that a reader checks the rules against
 * docs/workload.md in one place. The monitoring sections check themselves in evperf-monitor.
 */
public final class WorkloadValidator {
    public static final List<String> LATENCY_MODES = LatencyMode.words();
    private final Set<String> engineNames;

    /** @param engineNames the names of the engine adapters on the class path */
    public WorkloadValidator(Set<String> engineNames) {
        // Engines behind Kafka run on a class path of their own, so the CLI's ServiceLoader does not see them.
        this.engineNames = new TreeSet<>(EngineModules.names(engineNames));
    }

    public void validate(Workload w, String where) {
        if (w.streams == null || w.streams.isEmpty()) {
            fail(where, "streams", "expected at least one input stream with its fields");
        }
        w.streams.forEach((name, s) -> {
            String p = "streams." + name;
            if (s == null || s.fields == null || s.fields.isEmpty()) {
                fail(
                        where,
                        p + ".fields",
                        "expected a mapping of field name to type (int, long, float, double, string, bool)");
            }
            s.fields.forEach((field, type) -> {
                try {
                    FieldType.fromYamlName(String.valueOf(type));
                } catch (IllegalArgumentException e) {
                    fail(where, p + ".fields." + field, e.getMessage());
                }
            });
            if (s.sequence == null || s.sequence.isBlank()) {
                fail(where, p + ".sequence", "expected the name of a long field");
            }
            String seqType = s.fields.get(s.sequence);
            if (seqType != null && !seqType.equals("long")) {
                fail(
                        where,
                        p + ".sequence",
                        "field '" + s.sequence + "' carries the sequence number, so it must be a long, not " + seqType);
            }
        });
        validateData(w, where);
        validateEngine(w, where);
        validateComponents(w, where);
        AgentsCheck.validate(w, where);
        validateLoad(w, where);
        LiveCheck.validate(w, where);
        if (w.repetitions < 1) fail(where, "repetitions", "expected at least 1, got " + w.repetitions);
        for (String mode : w.measure.latency) {
            if (LatencyMode.of(mode) == null) {
                fail(
                        where,
                        "measure.latency",
                        "unknown latency mode '" + mode + "'" + hint(mode, LATENCY_MODES) + "; expected "
                                + LATENCY_MODES);
            }
        }
        if (w.measure.sample < 1)
            fail(where, "measure.sample", "expected a count of at least 1, got " + w.measure.sample);
        if (w.measure.timing == Timing.SAMPLED) {
            if (w.measure.records) {
                fail(
                        where,
                        "measure.timing",
                        "sampled timing leaves most sends untimed, so it needs measure.records: false");
            }
            if (w.measure.tracepoints)
                fail(
                        where,
                        "measure.timing",
                        "sampled timing cannot trace every event; set measure.tracepoints: false");
            if (w.measure.receipt == Receipt.SEND_END)
                fail(where, "measure.timing", "sampled timing times receipts in the listener; use receipt: listener");
        }
        if (w.measure.validation == Validation.SEPARATE && w.engine.query == null)
            fail(where, "measure.validation", "separate validation is for engine.query's neutral specs");
        if (w.measure.receipt == Receipt.SEND_END && w.load != null && w.load.senders > 1) {
            fail(where, "measure.receipt", "send-end needs one sender; load.senders is " + w.load.senders);
        }
        if (w.measure.receipt == Receipt.SEND_END) {
            w.engine.outputs.forEach((out, def) -> {
                if (def != null && "none".equals(def.sequence)) {
                    fail(
                            where,
                            "measure.receipt",
                            "send-end times an output by its input's send end, so output " + out
                                    + " must carry the sequence number");
                }
            });
        }
        try {
            w.measure.sensors.validate();
        } catch (IllegalArgumentException e) {
            throw new WorkloadException(where + ": " + e.getMessage());
        }
        String pipe = w.measure.sensors.pipeline;
        if (pipe != null && (w.pipelines == null || !w.pipelines.containsKey(pipe))) {
            fail(
                    where,
                    "measure.sensors.pipeline",
                    "no pipeline '" + pipe + "' in pipelines"
                            + (w.pipelines == null
                                    ? " (the workload has none)"
                                    : "; pipelines: " + String.join(", ", w.pipelines.keySet())));
        }
        try {
            if (w.channels != null) Channels.validate(w.channels, "channels");
        } catch (IllegalArgumentException e) {
            throw new WorkloadException(where + ": " + e.getMessage());
        }
        try {
            // Pipelines name the file themselves and their fields start with "pipelines.".
            if (w.pipelines != null) Pipelines.validate(w.pipelines, where);
        } catch (IllegalArgumentException e) {
            throw new WorkloadException(e.getMessage());
        }
        if (w.measure.hlogInterval.nanos() <= 0) fail(where, "measure.hlog_interval", "expected a duration above 0");
        if (w.measure.skipBursts < 0) fail(where, "measure.skip_bursts", "expected 0 or more");
        if (w.trial.timeout.nanos() <= 0) fail(where, "trial.timeout", "expected a duration above 0");
        if (w.trial.drainQuiet.nanos() >= w.trial.drainTimeout.nanos()) {
            // the trial would fail every time: outputs cannot stop for drain_quiet within drain_timeout
            fail(
                    where,
                    "trial.drain_quiet",
                    "expected less than trial.drain_timeout (" + w.trial.drainQuiet + " is not less than "
                            + w.trial.drainTimeout + ")");
        }
        if (w.trial.outputsPerInput < 0) fail(where, "trial.outputs_per_input", "expected 0 or more");
        if (w.trial.maxErrors < 0) fail(where, "trial.max_errors", "expected 0 or more");
        for (String option : w.trial.jvm) jvmOption(option, "trial.jvm", where);
        TrialCpus.validate(w.trial.cpus, where, TrialCpus.machine());
    }

    /**
     * The components section against the engine: an engine behind Kafka needs a broker (started or
     * named, here or as engine.options.bootstrap_servers), flink also a cluster; no component is
     * started for an engine that does not use it.
     */
    private static void validateComponents(Workload w, String where) {
        var ext = EngineModules.external(w.engine.name);
        // A neutral query swept over engines: a trial that does not run, or runs in the trial JVM, ignores the
        // components.
        if (w.engine.query != null && (ext == null || SpecWorkload.unsupported(w) != null)) return;
        Map<String, Object> opts = w.engine.options == null ? Map.of() : w.engine.options;
        Components.ComponentsDef c = w.components;
        Components.BrokerDef b = c == null ? null : c.broker;
        // A matrix of neutral queries over flink and kafka-streams: the cluster is flink's, the others ignore it.
        Components.FlinkDef f = c == null || (w.engine.query != null && !ext.flink()) ? null : c.flink;
        if (b != null) {
            boolean start = Boolean.TRUE.equals(b.start);
            if (start == (b.bootstrapServers != null)) {
                fail(
                        where,
                        "components.broker",
                        "expected either start: true (evperf starts a broker) or bootstrap_servers of an existing cluster");
            }
            if (b.bootstrapServers != null && !b.bootstrapServers.matches("[^\\s,:]+:\\d+(,[^\\s,:]+:\\d+)*")) {
                fail(
                        where,
                        "components.broker.bootstrap_servers",
                        "expected host:port[,host:port…], got '" + b.bootstrapServers + "'");
            }
            if (b.readyTimeout == null || b.readyTimeout.nanos() <= 0)
                fail(where, "components.broker.ready_timeout", "expected a duration above 0");
            if (ext == null) fail(where, "components.broker", "engine " + w.engine.name + " does not use a broker");
            if (opts.containsKey("bootstrap_servers")) {
                fail(
                        where,
                        "engine.options.bootstrap_servers",
                        "components.broker sets it; give the address in one place");
            }
        }
        if (f != null) {
            if ((f.mode != null) == (f.rest != null)) {
                fail(
                        where,
                        "components.flink",
                        "expected either mode (standalone or minicluster: evperf starts a cluster) or rest (host:port of an existing one)");
            }
            if (f.rest != null && !f.rest.matches("[^\\s:]+:\\d+"))
                fail(where, "components.flink.rest", "expected host:port, got '" + f.rest + "'");
            if (f.taskmanagers < 1)
                fail(where, "components.flink.taskmanagers", "expected at least 1, got " + f.taskmanagers);
            if (f.slots < 1) fail(where, "components.flink.slots", "expected at least 1, got " + f.slots);
            if (f.readyTimeout == null || f.readyTimeout.nanos() <= 0)
                fail(where, "components.flink.ready_timeout", "expected a duration above 0");
            if (ext == null || !ext.flink())
                fail(where, "components.flink", "engine " + w.engine.name + " does not use a Flink cluster");
            if (opts.containsKey("rest"))
                fail(where, "engine.options.rest", "components.flink sets it; give the address in one place");
        }
        if (w.engine.classpath == null) w.engine.classpath = new ArrayList<>();
        if (w.engine.classpath.stream().anyMatch(Objects::isNull))
            fail(where, "engine.classpath", "expected paths of jars or class directories");
        // agents.broker_on: an agent starts the broker on its node (AgentsCheck)
        boolean onAgent = w.agents != null && w.agents.brokerOn != null;
        if (ext != null && b == null && !opts.containsKey("bootstrap_servers") && !onAgent) {
            fail(
                    where,
                    "components.broker",
                    "engine " + w.engine.name
                            + " reads and writes Kafka topics: add components: {broker: {start: true}}"
                            + " or the bootstrap_servers of an existing cluster");
        }
        if (ext != null && ext.flink() && f == null && !opts.containsKey("rest")) {
            fail(
                    where,
                    "components.flink",
                    "engine flink needs a cluster: add components: {flink: {mode: minicluster}} (or standalone, or"
                            + " rest: host:port of an existing one)");
        }
    }

    private void validateData(Workload w, String where) {
        w.data.forEach((stream, d) -> {
            String p = "data." + stream;
            Workload.StreamDef s = w.streams.get(stream);
            if (s == null) {
                fail(
                        where,
                        p,
                        "no input stream '" + stream + "'" + hint(stream, w.streams.keySet()) + "; streams: "
                                + w.streams.keySet());
            }
            if (d.pool < 1) fail(where, p + ".pool", "expected at least 1 event, got " + d.pool);
            if (d.file != null) {
                if (d.file.path == null || d.file.path.isBlank())
                    fail(where, p + ".file.path", "expected the path of a CSV file");
                if (d.file.delimiter == null || d.file.delimiter.isEmpty())
                    fail(where, p + ".file.delimiter", "expected one or more characters");
                if (!d.fields.isEmpty()) fail(where, p + ".fields", "give either file or fields, not both");
            }
            d.fields.forEach((field, g) -> {
                String fp = p + ".fields." + field;
                if (!s.fields.containsKey(field)) {
                    fail(
                            where,
                            fp,
                            "stream " + stream + " has no field '" + field + "'" + hint(field, s.fields.keySet()));
                }
                if (field.equals(s.sequence)) fail(where, fp, "this field carries the sequence number; evperf sets it");
                if (g == null)
                    fail(where, fp, "expected one generator: uniform, normal, exponential, sequential or values");
                int kinds = (g.uniform != null ? 1 : 0)
                        + (g.normal != null ? 1 : 0)
                        + (g.exponential != null ? 1 : 0)
                        + (g.sequential != null ? 1 : 0)
                        + (g.values != null ? 1 : 0);
                if (kinds != 1)
                    fail(
                            where,
                            fp,
                            "expected exactly one generator: uniform, normal, exponential, sequential or values");
                if (g.uniform != null
                        && (g.uniform.size() != 2
                                || g.uniform.contains(null)
                                || g.uniform.get(0) >= g.uniform.get(1))) {
                    fail(where, fp + ".uniform", "expected [min, max] with min < max");
                }
                if (g.normal != null && g.normal.std < 0) fail(where, fp + ".normal.std", "expected 0 or more");
                if (g.exponential != null && g.exponential.mean <= 0)
                    fail(where, fp + ".exponential.mean", "expected a mean above 0");
                if (g.values != null && g.values.isEmpty()) fail(where, fp + ".values", "expected at least one value");
                FieldType type = FieldType.fromYamlName(s.fields.get(field));
                if (!type.isNumeric() && g.values == null && g.sequential == null) {
                    fail(where, fp, "a " + type.yamlName() + " field takes values or sequential");
                }
            });
        });
    }

    private void validateEngine(Workload w, String where) {
        if (w.engine == null || w.engine.name == null) {
            fail(
                    where,
                    "engine.name",
                    "expected an engine name, one of " + engineNames
                            + (w.engine != null
                                    ? " (YAML reads a bare null as no value: write 'null' in quotes for the null engine)"
                                    : ""));
        }
        if (!engineNames.contains(w.engine.name)) {
            fail(
                    where,
                    "engine.name",
                    "unknown engine '" + w.engine.name + "'" + hint(w.engine.name, engineNames) + "; available: "
                            + engineNames);
        }
        w.engine.outputs.forEach((out, def) -> {
            if (def != null && def.sequence != null && def.sequence.isBlank()) {
                fail(where, "engine.outputs." + out + ".sequence", "expected an output attribute name, or none");
            }
        });
    }

    private void validateLoad(Workload w, String where) {
        if (w.load == null) fail(where, "load", "expected the load: stream and phases");
        if (w.load.stream == null) {
            if (w.streams.size() != 1)
                fail(where, "load.stream", "expected the input stream to load, one of " + w.streams.keySet());
        } else if (!w.streams.containsKey(w.load.stream)) {
            fail(
                    where,
                    "load.stream",
                    "no input stream '" + w.load.stream + "'" + hint(w.load.stream, w.streams.keySet()) + "; streams: "
                            + w.streams.keySet());
        }
        if (w.load.phases == null || w.load.phases.isEmpty()) fail(where, "load.phases", "expected at least one phase");
        if (w.load.batch != null) validateBatch(w.load.batch, "load.batch", where);
        if (w.load.preRun < 1) fail(where, "load.pre_run", "expected at least 1 event, got " + w.load.preRun);
        if (w.load.senders < 1 || w.load.senders > 256)
            fail(where, "load.senders", "expected 1 to 256 sender threads, got " + w.load.senders);
        Set<String> names = new HashSet<>();
        boolean measured = false;
        for (int i = 0; i < w.load.phases.size(); i++) {
            PhaseDef ph = w.load.phases.get(i);
            String p = "load.phases[" + i + "]";
            if (ph == null) fail(where, p, "expected a phase with one profile: " + String.join(", ", PROFILES));
            if (ph.name != null && !names.add(ph.name))
                fail(where, p + ".name", "phase name '" + ph.name + "' is used twice");
            measured |= ph.measure;
            List<String> set = ph.profilesSet();
            if (set.size() != 1) {
                fail(
                        where,
                        p,
                        set.isEmpty()
                                ? "expected one profile: " + String.join(", ", PROFILES)
                                : "expected exactly one profile, got " + String.join(" and ", set));
            }
            if (ph.arrivals == ArrivalProcess.POISSON && (ph.bursts != null || ph.max != null || ph.replay != null)) {
                fail(where, p + ".arrivals", "poisson arrivals need a rate profile, not " + set.get(0));
            }
            validatePatterns(ph, p, where);
            if (ph.batch != null) validateBatch(ph.batch, p + ".batch", where);
            if (ph.bursts != null) {
                if (ph.bursts.count < 1)
                    fail(where, p + ".bursts.count", "expected at least 1 burst, got " + ph.bursts.count);
                if (ph.bursts.size < 1)
                    fail(where, p + ".bursts.size", "expected at least 1 event per burst, got " + ph.bursts.size);
                if (ph.bursts.distance == null || ph.bursts.distance.nanos() < 0)
                    fail(where, p + ".bursts.distance", "expected a duration of 0 or more");
            }
            if (ph.constant != null) {
                if (!(ph.constant.rate > 0) || Double.isInfinite(ph.constant.rate)) {
                    fail(where, p + ".constant.rate", "expected a rate above 0 events/s, got " + ph.constant.rate);
                }
                if ((ph.constant.duration == null) == (ph.constant.count == null)) {
                    fail(where, p + ".constant", "expected either duration or count");
                }
                if (ph.constant.count != null && ph.constant.count < 1)
                    fail(where, p + ".constant.count", "expected at least 1");
                if (ph.constant.duration != null && ph.constant.duration.nanos() <= 0)
                    fail(where, p + ".constant.duration", "expected a duration above 0");
            }
            if (ph.max != null && ph.max.count < 1)
                fail(where, p + ".max.count", "expected at least 1 event, got " + ph.max.count);
            if (ph.ramp != null) {
                if (ph.ramp.from < 0 || ph.ramp.to < 0 || !(Math.max(ph.ramp.from, ph.ramp.to) > 0)) {
                    fail(where, p + ".ramp", "expected rates from and to of 0 or more, at least one above 0 events/s");
                }
                if (ph.ramp.duration == null || ph.ramp.duration.nanos() <= 0)
                    fail(where, p + ".ramp.duration", "expected a duration above 0");
            }
        }
        if (!measured)
            fail(where, "load.phases", "every phase has measure: false; at least one phase must be measured");
        boolean replays = w.load.phases.stream().anyMatch(ph -> ph != null && ph.replay != null);
        if (replays) {
            String stream = w.load.stream != null
                    ? w.load.stream
                    : w.streams.keySet().iterator().next();
            Workload.DataDef d = w.data.get(stream);
            if (d == null || (d.file == null && d.live == null))
                fail(
                        where,
                        "data." + stream + ".file",
                        "replay reads its timestamps from the load stream's data file (or live source); give one");
        }
    }

    /** The profiles a phase can have. */
    public static final List<String> PROFILES = List.of(
            "bursts",
            "constant",
            "max",
            "ramp",
            "stairs",
            "wave",
            "binary",
            "increasing",
            "decreasing",
            "spike",
            "random_walk",
            "adaptivity",
            "replay");

    private static void validatePatterns(PhaseDef ph, String p, String where) {
        if (ph.stairs != null) {
            if (ph.stairs.levels == null || ph.stairs.levels.isEmpty())
                fail(where, p + ".stairs.levels", "expected at least one rate");
            for (Double l : ph.stairs.levels) {
                if (l == null || l < 0)
                    fail(where, p + ".stairs.levels", "expected rates of 0 or more events/s, got " + l);
            }
            if (ph.stairs.levels.stream().allMatch(l -> l == 0))
                fail(where, p + ".stairs.levels", "expected at least one rate above 0 events/s");
            positive(ph.stairs.step, p + ".stairs.step", where);
        }
        String[] names = {"wave", "binary", "increasing", "decreasing", "spike"};
        Workload.PatternDef[] defs = {ph.wave, ph.binary, ph.increasing, ph.decreasing, ph.spike};
        for (int i = 0; i < names.length; i++) {
            Workload.PatternDef d = defs[i];
            if (d == null) continue;
            String q = p + "." + names[i];
            if (d.auto) {
                if (d.min != null || d.max != null || d.period != null) {
                    fail(where, q, "auto sets min, max and period from a pre-run; give either auto or them");
                }
                if (d.duration != null) positive(d.duration, q + ".duration", where);
                continue;
            }
            if (d.min == null || d.max == null) fail(where, q, "expected min and max rates (events/s), or auto: true");
            if (d.min < 0) fail(where, q + ".min", "expected a rate of 0 or more events/s, got " + d.min);
            if (d.min > d.max) fail(where, q, "min (" + d.min + ") is above max (" + d.max + ")");
            if (!(d.max > 0)) fail(where, q + ".max", "expected a rate above 0 events/s, got " + d.max);
            positive(d.period, q + ".period", where);
            positive(d.duration, q + ".duration", where);
            if (names[i].equals("binary") || names[i].equals("spike"))
                changes(d.duration, d.period, 2, q + ".period", where);
        }
        if (ph.spike != null && !(ph.spike.size > 0 && ph.spike.size <= 100)) {
            fail(
                    where,
                    p + ".spike.size",
                    "expected a share of the period in percent, in (0, 100], got " + ph.spike.size);
        }
        if (ph.adaptivity != null) {
            var a = ph.adaptivity;
            String q = p + ".adaptivity";
            if ((a.rate == null) == (a.fraction == null))
                fail(where, q, "expected either rate (events/s) or fraction (of a sustain run's rate)");
            if (a.rate != null && !(a.rate > 0))
                fail(where, q + ".rate", "expected a rate above 0 events/s, got " + a.rate);
            if (a.fraction != null && !(a.fraction > 0))
                fail(where, q + ".fraction", "expected a fraction above 0, got " + a.fraction);
            if (a.fraction != null && (a.sustained == null || a.sustained.isBlank())) {
                fail(where, q + ".sustained", "expected the results directory of an evperf sustain run, for fraction");
            }
            if (!(a.peakFactor > 0)) fail(where, q + ".peak_factor", "expected a factor above 0, got " + a.peakFactor);
            if (a.ramp == null || a.ramp.nanos() < 0) fail(where, q + ".ramp", "expected a duration of 0 or more");
            positive(a.steady, q + ".steady", where);
            positive(a.peak, q + ".peak", where);
            positive(a.recovery, q + ".recovery", where);
        }
        if (ph.replay != null) {
            String q = p + ".replay";
            if (ph.replay.column == null || ph.replay.column.isBlank())
                fail(where, q + ".column", "expected the timestamp column: a header name or an index");
            // another word is the binding's error
            if (ph.replay.unit == null) fail(where, q + ".unit", Keyword.expected(ReplayUnit.class, null));
            if (!(ph.replay.speed > 0))
                fail(where, q + ".speed", "expected a speed factor above 0, got " + ph.replay.speed);
            if (ph.replay.count != null && ph.replay.count < 1) fail(where, q + ".count", "expected at least 1");
        }
        if (ph.randomWalk != null) {
            var w = ph.randomWalk;
            String q = p + ".random_walk";
            if (w.min < 0) fail(where, q + ".min", "expected a rate of 0 or more events/s, got " + w.min);
            if (w.min > w.max) fail(where, q, "min (" + w.min + ") is above max (" + w.max + ")");
            if (!(w.max > 0)) fail(where, q + ".max", "expected a rate above 0 events/s, got " + w.max);
            if (w.start != null && (w.start < w.min || w.start > w.max))
                fail(where, q + ".start", "expected a rate within [min, max]");
            if (w.step < 0) fail(where, q + ".step", "expected 0 or more events/s");
            positive(w.interval, q + ".interval", where);
            positive(w.duration, q + ".duration", where);
            changes(w.duration, w.interval, 1, q + ".interval", where);
        }
    }

    private static void validateBatch(Workload.BatchDef b, String field, String where) {
        if (b.size == null)
            fail(where, field + ".size", "expected a batch size of 1 or more events, or {from: 1, to: 10}");
        if (b.size.isObject()) {
            for (String end : List.of("from", "to")) {
                JsonNode v = b.size.get(end);
                if (v == null || !v.canConvertToInt() || v.asInt() < 1) {
                    fail(where, field + ".size." + end, "expected a batch size of 1 or more events, got " + v);
                }
            }
            b.size.fieldNames().forEachRemaining(k -> {
                if (!k.equals("from") && !k.equals("to"))
                    fail(where, field + ".size", "unknown key '" + k + "'; expected from and to");
            });
        } else if (!b.size.canConvertToInt() || !b.size.isIntegralNumber() || b.size.asInt() < 1) {
            fail(where, field + ".size", "expected a batch size of 1 or more events, got " + b.size);
        }
        if (b.interval != null && b.interval.nanos() <= 0)
            fail(where, field + ".interval", "expected a duration above 0, got " + b.interval);
    }

    /** A trial JVM option starts with '-': anything else would become the trial's main class. */
    static void jvmOption(String option, String field, String where) {
        if (!option.startsWith("-")) {
            fail(where, field, "'" + option + "' is not a JVM option (they start with -, e.g. -Xmx2g)");
        }
    }

    /** The schedule's integrator ends a step at every jump of the rate; more than this many would not fit its arrays. */
    static final long MAX_CHANGES = 10_000_000;

    /** {@code perPeriod} jumps of the rate every {@code period} over {@code duration}: at most {@link #MAX_CHANGES}. */
    private static void changes(Dur duration, Dur period, int perPeriod, String field, String where) {
        double n = (double) duration.nanos() / period.nanos() * perPeriod;
        if (n > MAX_CHANGES) {
            fail(
                    where,
                    field,
                    String.format(
                            Locale.ROOT,
                            "%s over %s changes the rate %.3g times; at most %d (lengthen the %s)",
                            period,
                            duration,
                            n,
                            MAX_CHANGES,
                            field.substring(field.lastIndexOf('.') + 1)));
        }
    }

    private static void positive(Dur d, String field, String where) {
        if (d == null || d.nanos() <= 0)
            fail(where, field, "expected a duration above 0" + (d == null ? "" : ", got " + d));
    }

    private static String hint(String word, Collection<String> candidates) {
        String c = Suggest.closest(word, candidates);
        return c == null ? "" : " (did you mean '" + c + "'?)";
    }

    static void fail(String where, String field, String what) {
        throw new WorkloadException(where + ": " + field + ": " + what);
    }
}
