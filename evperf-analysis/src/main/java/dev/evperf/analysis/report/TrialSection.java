package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.figures.Cumulative;
import dev.evperf.analysis.figures.LatencyStats;
import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.summary.ParamNames;
import dev.evperf.results.LatencyMode;
import dev.evperf.results.Layout;
import dev.evperf.results.RunFile;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;

/** Builds the JSON of one trial's section of the report, and the headline figures for the sweep. */
final class TrialSection {
    static final LatencyMode[] MODES = LatencyMode.values();
    static final double[] TABLE_P = LatencyStats.TABLE_P;
    static final double[] CURVE_P = {
        0, 10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 85, 90, 95, 97, 98, 99, 99.5, 99.8, 99.9, 99.95, 99.98, 99.99,
        99.995, 99.999, 100
    };
    /** Table 4.4's thresholds, µs. */
    static final double[] THRESHOLDS_US = Cumulative.DEFAULT_THRESHOLDS_US;

    static final String[] JVM_KINDS = {"gc-pause", "safepoint", "jit-compilation", "deoptimization"};

    /** The figures of a trial compared across a sweep (null when not available). */
    record Metrics(
            Double meanBurstMs,
            Double p50BurstMs,
            Double p99BurstMs,
            Double maxBurstMs,
            Double minBurstMs,
            Double p25BurstMs,
            Double p75BurstMs,
            Double processingP50Us,
            Double processingP99Us,
            Double processingP999Us,
            Double processingMeanUs,
            Double endToEndP99Us,
            Double scheduledP99Us,
            Double aOverB1,
            Double achievedRate,
            Double gcCount,
            Double gcTotalMs,
            Double jitCount,
            Double jitTotalMs,
            Double safepointCount,
            Double safepointTotalMs) {}

    private final SectionContext ctx;
    private final ParamNames names;

    TrialSection(Db db, RunFile.Trial trial, Path dir, ParamNames names, ReportOptions o, ObjectMapper mapper) {
        this.ctx = new SectionContext(db, trial, dir, o, mapper);
        this.names = names;
    }

    ObjectNode node() {
        return ctx.node;
    }

    Metrics metrics() {
        SectionContext c = ctx;
        Double[] gc = c.jvmTotals.getOrDefault("gc-pause", new Double[] {0.0, 0.0});
        Double[] jit = c.jvmTotals.getOrDefault("jit-compilation", new Double[] {0.0, 0.0});
        Double[] sp = c.jvmTotals.getOrDefault("safepoint", new Double[] {0.0, 0.0});
        boolean jvm = !c.jvmTotals.isEmpty();
        return new Metrics(
                c.meanBurstMs,
                c.p50BurstMs,
                c.p99BurstMs,
                c.maxBurstMs,
                c.minBurstMs,
                c.p25BurstMs,
                c.p75BurstMs,
                c.procP50,
                c.procP99,
                c.procP999,
                c.procMean,
                c.e2eP99,
                c.schedP99,
                c.aOverB1,
                c.achievedRate,
                jvm ? gc[0] : null,
                jvm ? gc[1] : null,
                jvm ? jit[0] : null,
                jvm ? jit[1] : null,
                jvm ? sp[0] : null,
                jvm ? sp[1] : null);
    }

    /** The header every trial gets, failed or not. */
    static ObjectNode header(RunFile.Trial t, ParamNames names) {
        ObjectNode n = J.obj();
        n.put("id", t.id());
        n.put("label", t.label());
        n.put("status", t.status());
        n.put("reason", t.reason());
        n.set("params", t.params());
        n.put("paramsText", names.text(t.params()));
        if (t.repetition() != null) n.put("repetition", t.repetition());
        ArrayNode jvm = n.putArray("jvm");
        if (t.jvm() != null) t.jvm().forEach(jvm::add);
        if (t.durationS() != null) n.put("durationS", t.durationS());
        if (t.exitCode() != null) n.put("exitCode", t.exitCode());
        return n;
    }

    /** Fills the section; a trial whose files cannot be read gets an "error" line instead of throwing. */
    void build(TrialAnnotations annotations, String annotationError) {
        ObjectNode node = ctx.node;
        node.setAll(header(ctx.trial, names));
        try {
            ctx.result = ctx.readJson(ctx.dir.resolve(Layout.RESULT_JSON));
            ctx.spec = ctx.readJson(ctx.dir.resolve(Layout.TRIAL_JSON));
            ResultSection result = new ResultSection(ctx);
            result.resultPart();
            result.envPart();
            long[] window = ctx.window();
            BurstsSection bursts = new BurstsSection(ctx);
            JvmSection jvm = new JvmSection(ctx);
            timed("warm-up", new WarmUpSection(ctx)::warmUpPart);
            timed("latency", new LatencySection(ctx)::latencyPart);
            timed("intervals", new IntervalsSection(ctx)::intervalsPart);
            timed("bursts", bursts::burstsPart);
            timed("head-tail and positions", bursts::eventsPart);
            timed("jvm events", () -> jvm.jvmPart(window));
            timed("timeline", jvm::timelinePart);
            timed("sensors", new SensorsSection(ctx)::sensorsPart);
            timed("warnings", () -> node.set("checks", TrialChecks.node(ctx.trial, ctx.dir)));
            new AnnotationsSection(ctx).annotationsPart(annotations, annotationError);
        } catch (SQLException | IOException | RuntimeException e) {
            node.put("error", "results could not be analysed: " + oneLine(e));
        }
        ArrayNode n = node.putArray("notes");
        ctx.notes.forEach(n::add);
    }

    /** With -Devperf.report.timing=true, how long each part of each trial took, on stderr. */
    static final boolean TIMING = Boolean.getBoolean("evperf.report.timing");

    private interface Part {
        void run() throws SQLException, IOException;
    }

    private void timed(String what, Part part) throws SQLException, IOException {
        long t0 = System.nanoTime();
        part.run();
        if (TIMING)
            System.err.printf("evperf report: %s %s %.3f s%n", ctx.trial.id(), what, (System.nanoTime() - t0) / 1e9);
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    // ---- result.json, env.json -------------------------------------------------------------

    // ---- latency -------------------------------------------------------------------------------

    // ---- intervals.csv ---------------------------------------------------------------------------

    // ---- bursts ----------------------------------------------------------------------------------

    // ---- JVM events and the timeline -------------------------------------------------------------

    // ---- sensors ---------------------------------------------------------------------------------

    // ---- warm-up ----------------------------------------------------------------------------------

    // ---- annotations (spikes and warm-up, from another analysis) ---------------------------------

}
