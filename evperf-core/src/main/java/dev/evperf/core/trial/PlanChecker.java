package dev.evperf.core.trial;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import dev.evperf.core.data.CsvSource;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.data.LiveData;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.load.ScheduleCheck;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.Receipt;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The checks that need more than the file: every distinct engine configuration of the plan is
 * compiled by its engine in this JVM, and every data source is read, before any trial starts.
 */
public final class PlanChecker {
    private PlanChecker() {}

    public static void check(Plan plan) {
        String where = plan.workloadFile().toString();
        Path baseDir = baseDir(plan.workloadFile());
        Set<String> seen = new HashSet<>();
        for (TrialSpec t : plan.trials()) {
            Workload w = t.workload();
            String at = plan.trials().size() > 1 ? where + " (trial " + t.id() + " " + t.label() + ")" : where;
            JvmOptionsCheck.check(t.jvm(), at);
            ScheduleCheck.check(w, CsvSource.traces(w, baseDir, at), at);
            String key = w.engine.name + "\0" + t.tree().path("engine") + "\0"
                    + t.tree().path("streams") + "\0" + t.tree().path("data");
            if (!seen.add(key)) continue;
            Map<String, StreamSchema> inputs = Schemas.inputs(w);
            inputs.forEach((name, schema) -> checkPool(
                    schema, schema.indexOf(w.streams.get(name).sequence), w.data.get(name), name, baseDir, at));
            if (w.load.phases.stream().anyMatch(ph -> ph.replay != null)) {
                // Reads the trace now: a bad timestamp fails here, with its line, before any trial.
                Schedule.of(w.load.phases, w.load.batch, CsvSource.traces(w, baseDir, at));
            }
            for (int i = 0; i < w.engine.classpath.size(); i++) {
                Path entry = baseDir.resolve(w.engine.classpath.get(i));
                if (EngineModules.external(w.engine.name) == null) {
                    throw new WorkloadException(at + ": engine.classpath: engine " + w.engine.name
                            + " runs on the CLI's class path; only engines" + " behind Kafka ("
                            + String.join(", ", EngineModules.EXTERNAL.keySet()) + ") take one");
                }
                if (!Files.exists(entry)) {
                    throw new WorkloadException(
                            at + ": engine.classpath[" + i + "]: no such jar or directory: " + entry);
                }
            }
            // Engines behind Kafka are checked on their own class path once their components run: EngineCheck.
            if (EngineModules.external(w.engine.name) != null) continue;
            // A neutral spec this engine cannot express: the trial is recorded as unsupported, not compiled.
            if (SpecWorkload.unsupported(w) != null) continue;
            checkEngine(w, at);
        }
    }

    /**
     * The engine compiles the queries. Where validating means opening the engine anyway (the
     * default), it is opened here once, and every output's sequence attribute is looked up among
     * the output stream's fields: a name the queries do not produce would fail every trial.
     */
    private static void checkEngine(Workload w, String at) {
        EngineFactory f = Engines.get(w.engine.name);
        boolean sendEnd = w.measure.receipt == Receipt.SEND_END;
        try {
            if (!opensToValidate(f) && !sendEnd) {
                f.validate(Schemas.engineSpec(w));
                return;
            }
            try (var engine = f.open(Schemas.engineSpec(w))) {
                for (String out : w.engine.outputs.keySet()) {
                    String seq = Schemas.outputSequence(w, out);
                    List<String> fields = engine.outputFields(out);
                    if (seq != null && !fields.contains(seq)) {
                        throw new WorkloadException(at + ": engine.outputs." + out + ".sequence: output stream " + out
                                + " has no attribute '" + seq + "' to carry the sequence number; it has " + fields
                                + " (name one of them, or none)");
                    }
                }
                if (sendEnd && !engine.deliversOnSendingThread()) {
                    throw new WorkloadException(
                            at + ": measure.receipt: send-end needs an engine that delivers outputs inside send, on the"
                                    + " sending thread; " + w.engine.name
                                    + " may not with these queries (use receipt: listener)");
                }
            }
        } catch (EngineException e) {
            throw new WorkloadException(at + ": engine.queries: " + e.getMessage(), e);
        } catch (WorkloadException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new WorkloadException(at + ": engine " + w.engine.name + " rejected the workload: " + e, e);
        }
    }

    /** Whether the adapter keeps {@link EngineFactory#validate}'s default, which opens the engine. */
    private static boolean opensToValidate(EngineFactory f) {
        try {
            return f.getClass().getMethod("validate", EngineSpec.class).getDeclaringClass() == EngineFactory.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * Builds the pool once, as the trial will (a bad CSV value fails here with its line), unless it
     * cannot fit this JVM's heap: a generated pool's size is known before it is built.
     */
    private static void checkPool(
            StreamSchema schema, int seqIndex, Workload.DataDef d, String stream, Path baseDir, String at) {
        if (d != null && d.live != null) {
            LiveData.check(schema, seqIndex, d.live, at);
            return;
        }
        if (d != null && d.file == null) {
            long need = (long) d.pool * poolRowBytes(schema);
            Runtime rt = Runtime.getRuntime();
            long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
            if (need > free) {
                throw new WorkloadException(String.format(
                        Locale.ROOT,
                        "%s: data.%s.pool: %d events of %d fields take at least %.2f GiB,"
                                + " more than the %.2f GiB this JVM's heap has free; events are reused cyclically, so a smaller pool will do",
                        at,
                        stream,
                        d.pool,
                        schema.size(),
                        need / GIB,
                        free / GIB));
            }
        }
        try {
            EventPool.check(schema, seqIndex, d, baseDir, at);
        } catch (OutOfMemoryError e) {
            // a CSV pool (its size unknown before it is read) or an estimate too low: the same answer, not a crash
            throw new WorkloadException(at + ": data." + stream + ".pool: the pool does not fit this JVM's heap ("
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB); use a smaller pool");
        }
    }

    private static final double GIB = 1024.0 * 1024 * 1024;

    /** A pool row's least heap: the Object[] (header, compressed references) and a boxed value per field but the sequence. */
    static long poolRowBytes(StreamSchema schema) {
        long bytes = (16 + 4L * schema.size() + 7) & ~7L;
        for (var f : schema.fields()) bytes += f.type() == FieldType.BOOL ? 0 : 16; // Boolean.TRUE/FALSE are shared
        return bytes - 16; // the sequence slot stays empty in the pool
    }

    public static Path baseDir(Path workloadFile) {
        Path parent = workloadFile.toAbsolutePath().getParent();
        return parent != null ? parent : Path.of(".").toAbsolutePath();
    }
}
