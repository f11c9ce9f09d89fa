package dev.evperf.analysis.report;

import dev.evperf.analysis.Cumulative;
import dev.evperf.analysis.HeadTail;
import dev.evperf.analysis.ParamNames;
import dev.evperf.analysis.TrialResult;
import dev.evperf.analysis.WarmUpCut;
import dev.evperf.analysis.warmup.WarmUp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Builds the JSON of one trial's section of the report, and the headline figures for the sweep. */
final class TrialSection {
    static final String[] MODES = {"processing", "end-to-end", "scheduled"};
    static final double[] TABLE_P = {50, 90, 99, 99.9, 99.99};
    static final double[] CURVE_P = {0, 10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 85, 90, 95, 97, 98, 99, 99.5, 99.8, 99.9,
            99.95, 99.98, 99.99, 99.995, 99.999, 100};
    /** Table 4.4's thresholds, µs. */
    static final double[] THRESHOLDS_US = Cumulative.DEFAULT_THRESHOLDS_US;
    static final String[] JVM_KINDS = {"gc-pause", "safepoint", "jit-compilation", "deoptimization"};

    /** The figures of a trial compared across a sweep (null when not available). */
    record Metrics(Double meanBurstMs, Double p50BurstMs, Double p99BurstMs, Double maxBurstMs, Double minBurstMs, Double p25BurstMs, Double p75BurstMs,
                   Double processingP50Us, Double processingP99Us, Double processingP999Us, Double processingMeanUs,
                   Double endToEndP99Us, Double scheduledP99Us, Double aOverB1, Double achievedRate,
                   Double gcCount, Double gcTotalMs, Double jitCount, Double jitTotalMs, Double safepointCount, Double safepointTotalMs) {}

    private final Db db;
    private final RunInfo.Trial trial;
    private final ParamNames names;
    private final ReportOptions o;
    private final ObjectMapper mapper;
    private final TrialQueries q;
    private final ObjectNode node = J.obj();
    private final List<String> notes = new ArrayList<>();
    private JsonNode result = J.obj();
    private JsonNode spec = J.obj();
    // headline figures
    private Double meanBurstMs, p50BurstMs, p99BurstMs, maxBurstMs, minBurstMs, p25BurstMs, p75BurstMs;
    private Double procP50, procP99, procP999, procMean, e2eP99, schedP99, aOverB1, achievedRate;
    private final Map<String, Double[]> jvmTotals = new LinkedHashMap<>();

    TrialSection(Db db, RunInfo.Trial trial, ParamNames names, ReportOptions o, ObjectMapper mapper) {
        this.db = db;
        this.trial = trial;
        this.names = names;
        this.o = o;
        this.mapper = mapper;
        this.q = new TrialQueries(db, trial.dir());
    }

    ObjectNode node() {
        return node;
    }

    Metrics metrics() {
        Double[] gc = jvmTotals.getOrDefault("gc-pause", new Double[] {0.0, 0.0});
        Double[] jit = jvmTotals.getOrDefault("jit-compilation", new Double[] {0.0, 0.0});
        Double[] sp = jvmTotals.getOrDefault("safepoint", new Double[] {0.0, 0.0});
        boolean jvm = !jvmTotals.isEmpty();
        return new Metrics(meanBurstMs, p50BurstMs, p99BurstMs, maxBurstMs, minBurstMs, p25BurstMs, p75BurstMs,
                procP50, procP99, procP999, procMean, e2eP99, schedP99, aOverB1, achievedRate,
                jvm ? gc[0] : null, jvm ? gc[1] : null, jvm ? jit[0] : null, jvm ? jit[1] : null, jvm ? sp[0] : null, jvm ? sp[1] : null);
    }

    /** The header every trial gets, failed or not. */
    static ObjectNode header(RunInfo.Trial t, ParamNames names) {
        ObjectNode n = J.obj();
        n.put("id", t.id());
        n.put("label", t.label());
        n.put("status", t.status());
        n.put("reason", t.reason());
        n.set("params", t.params().isMissingNode() ? J.obj() : t.params());
        n.put("paramsText", names.text(t.params()));
        if (t.repetition() != null) n.put("repetition", t.repetition());
        ArrayNode jvm = n.putArray("jvm");
        t.jvm().forEach(jvm::add);
        if (t.durationS() != null) n.put("durationS", t.durationS());
        if (t.exitCode() != null) n.put("exitCode", t.exitCode());
        return n;
    }

    /** Fills the section; a trial whose files cannot be read gets an "error" line instead of throwing. */
    void build(TrialAnnotations annotations, String annotationError) {
        node.setAll(header(trial, names));
        try {
            result = readJson(trial.dir().resolve("result.json"));
            spec = readJson(trial.dir().resolve("trial.json"));
            resultPart();
            envPart();
            long[] window = window();
            timed("warm-up", this::warmUpPart);
            timed("latency", this::latencyPart);
            timed("intervals", this::intervalsPart);
            timed("bursts", this::burstsPart);
            timed("head-tail and positions", this::eventsPart);
            timed("jvm events", () -> jvmPart(window));
            timed("timeline", this::timelinePart);
            timed("sensors", this::sensorsPart);
            timed("warnings", () -> node.set("checks", TrialChecks.node(trial)));
            annotationsPart(annotations, annotationError);
        } catch (SQLException | IOException | RuntimeException e) {
            node.put("error", "results could not be analysed: " + oneLine(e));
        }
        ArrayNode n = node.putArray("notes");
        notes.forEach(n::add);
    }

    /** With -Devperf.report.timing=true, how long each part of each trial took, on stderr. */
    private static final boolean TIMING = Boolean.getBoolean("evperf.report.timing");

    private interface Part {
        void run() throws SQLException, IOException;
    }

    private void timed(String what, Part part) throws SQLException, IOException {
        long t0 = System.nanoTime();
        part.run();
        if (TIMING) System.err.printf("evperf report: %s %s %.3f s%n", trial.id(), what, (System.nanoTime() - t0) / 1e9);
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private JsonNode readJson(Path f) throws IOException {
        if (!Files.isRegularFile(f)) return J.obj();
        return mapper.readTree(f.toFile());
    }

    private int skipBursts() {
        return spec.path("workload").path("measure").path("skip_bursts").asInt(0);
    }

    // ---- result.json, env.json -------------------------------------------------------------

    private void resultPart() {
        ObjectNode r = node.putObject("result");
        r.put("engine", result.path("engine").asText(spec.path("workload").path("engine").path("name").asText("")));
        r.put("engineVersion", result.path("engine_version").asText(""));
        for (String k : new String[] {"events_sent", "outputs_received", "outputs_recorded", "senders", "input_batches", "output_batches"}) {
            if (result.has(k)) r.set(camel(k), result.get(k));
        }
        r.put("outputDelivery", result.path("output_delivery").asText(""));
        r.put("records", result.path("records").asBoolean(Files.isRegularFile(trial.dir().resolve("events.parquet"))));
        if (result.has("run_ns")) r.set("runS", J.s(result.path("run_ns").asDouble()));
        if (result.has("drain_ns")) r.set("drainS", J.s(result.path("drain_ns").asDouble()));
        if (result.has("prepare_ms")) r.set("prepareMs", J.num(result.path("prepare_ms").asDouble(), 1));
        if (result.has("write_ms")) r.set("writeMs", J.num(result.path("write_ms").asDouble(), 1));
        if (result.path("clock").has("drift_ns")) r.put("clockDriftNs", result.path("clock").path("drift_ns").asLong());
        ArrayNode phases = r.putArray("phases");
        double measuredCount = 0, measuredSeconds = 0;
        for (JsonNode p : result.path("phases")) {
            ObjectNode ph = phases.addObject();
            ph.put("name", p.path("name").asText());
            ph.put("measure", p.path("measure").asBoolean(true));
            ph.put("profile", p.path("profile").asText(""));
            ph.put("count", p.path("count").asLong());
            ph.set("targetRate", J.num(p.path("target_rate").asDouble(Double.NaN), 1));
            ph.set("intendedRate", J.num(p.path("intended_rate").asDouble(Double.NaN), 1));
            ph.set("spanS", J.s(p.path("intended_span_ns").asDouble(0)));
            ph.set("achievedRate", J.num(p.path("achieved_rate").asDouble(Double.NaN), 1));
            ph.set("maxLagMs", J.num(p.path("max_lag_ms").asDouble(Double.NaN), 3));
            ph.set("lastLagMs", J.num(p.path("last_lag_ms").asDouble(Double.NaN), 3));
            double rate = p.path("achieved_rate").asDouble(Double.NaN);
            if (p.path("measure").asBoolean(true) && rate > 0) {
                measuredCount += p.path("count").asDouble();
                measuredSeconds += p.path("count").asDouble() / rate;
            }
        }
        if (measuredSeconds > 0) achievedRate = measuredCount / measuredSeconds;
        r.set("achievedRate", J.num(achievedRate == null ? Double.NaN : achievedRate, 1));
    }

    private static String camel(String snake) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : snake.toCharArray()) {
            if (c == '_') up = true;
            else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }

    private void envPart() throws IOException {
        JsonNode env = readJson(trial.dir().resolve("env.json"));
        ObjectNode e = node.putObject("env");
        e.put("jdk", (env.path("jdk_vendor").asText("") + " " + env.path("jdk_version").asText("")).trim());
        e.set("jvmFlags", env.path("jvm_flags").isArray() ? env.get("jvm_flags") : J.arr());
        if (env.has("max_heap_bytes")) e.put("maxHeapMb", env.path("max_heap_bytes").asLong() >> 20);
        JsonNode freq = env.path("cpu_freq_khz");
        e.put("cpuFreq", freq.isMissingNode() ? "unknown" : freq.isValueNode() ? freq.asText() : freq.toString());
    }

    /** The trial's run on its axis: [0, end of sending and draining], for the JVM events kept. */
    private long[] window() {
        long end = result.path("run_ns").asLong(Long.MAX_VALUE / 4) + result.path("drain_ns").asLong(0);
        return new long[] {0, end};
    }

    // ---- latency -------------------------------------------------------------------------------

    private void latencyPart() throws SQLException {
        Dist[] modes = new Dist[3];
        String joinNote = null;
        if (q.hasEvents()) {
            long t0 = System.nanoTime();
            modes[0] = q.processing();
            if (TIMING) System.err.printf("evperf report: %s   processing distribution %.3f s%n", trial.id(), (System.nanoTime() - t0) / 1e9);
        } else {
            modes[0] = q.hlog("processing");
            notes.add("This trial ran without per-event records (measure.records: false): latency comes from its HdrHistogram logs"
                    + " (3 significant digits" + (q.cut() ? ", the warm-up cut to the log's intervals" : "")
                    + "), and the per-event sections are left out.");
        }
        if (q.hasEvents() && q.hasOutputs()) {
            long t0 = System.nanoTime();
            TrialQueries.OutputLatency j = q.outputLatency(o.exactJoinLimit());
            if (TIMING) System.err.printf("evperf report: %s   join %.3f s%n", trial.id(), (System.nanoTime() - t0) / 1e9);
            modes[1] = j.endToEnd();
            modes[2] = j.scheduled();
            joinNote = j.note();
        } else {
            modes[1] = q.hlog("end-to-end");
            modes[2] = q.hlog("scheduled");
        }
        if (joinNote != null) notes.add(joinNote);
        ObjectNode lat = node.putObject("latency");
        lat.set("tableP", J.fixed(TABLE_P, 3));
        lat.set("curveP", J.fixed(CURVE_P, 3));
        ArrayNode arr = lat.putArray("modes");
        for (int i = 0; i < 3; i++) {
            Dist d = modes[i];
            if (d == null) continue;
            ObjectNode m = arr.addObject();
            m.put("mode", MODES[i]);
            m.put("source", d.source());
            m.put("count", d.count());
            m.set("meanUs", J.us(d.mean()));
            m.set("stdUs", J.us(d.std()));
            m.set("minUs", d.count() == 0 ? J.F.nullNode() : J.us(d.min()));
            m.set("maxUs", d.count() == 0 ? J.F.nullNode() : J.us(d.max()));
            long t0 = System.nanoTime();
            long[] tp = d.percentiles(TABLE_P);
            long[] cp = d.percentiles(CURVE_P);
            if (TIMING) System.err.printf("evperf report: %s   %s percentiles %.3f s%n", trial.id(), MODES[i], (System.nanoTime() - t0) / 1e9);
            ArrayNode t = m.putArray("tableUs"), c = m.putArray("curveUs");
            for (long v : tp) t.add(d.count() == 0 ? J.F.nullNode() : J.us(v));
            for (long v : cp) c.add(d.count() == 0 ? J.F.nullNode() : J.us(v));
            if (d.count() > 0) {
                if (i == 0) {
                    procP50 = tp[0] / 1000.0;
                    procP99 = tp[2] / 1000.0;
                    procP999 = tp[3] / 1000.0;
                    procMean = d.mean() / 1000.0;
                } else if (i == 1) {
                    e2eP99 = tp[2] / 1000.0;
                } else {
                    schedP99 = tp[2] / 1000.0;
                }
            }
        }
        if (modes[0] instanceof Distribution proc) eventTimes(proc);
    }

    /** Table 4.4, histograms (linear and log-y) and the CDF of the measured events' times. */
    private void eventTimes(Distribution d) throws SQLException {
        if (d.count() == 0) return;
        ObjectNode ev = node.putObject("events");
        ev.put("count", d.count());
        ev.set("minUs", J.us(d.min()));
        ev.set("maxUs", J.us(d.max()));
        long[] limits = Cumulative.limitsNs(THRESHOLDS_US);
        long[] below = d.countBelow(limits);
        ArrayNode th = ev.putArray("thresholds");
        for (int i = 0; i < limits.length; i++) {
            ObjectNode r = th.addObject();
            r.put("us", THRESHOLDS_US[i]);
            r.put("count", below[i]);
            r.set("pct", J.num(100.0 * below[i] / d.count(), 3));
        }
        long p99 = d.percentiles(99)[0];
        ev.set("body", histogram(d.histogram(d.min(), p99, 100), "p99", p99));
        ev.set("full", histogram(d.histogram(d.min(), d.max(), 200), "max", d.max()));
        List<Distribution.CdfPoint> cdf = d.cdf(o.maxPoints() / 2);
        double[] x = new double[cdf.size()], y = new double[cdf.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = cdf.get(i).v() / 1000.0;
            y[i] = 100.0 * cdf.get(i).cum() / d.count();
        }
        ObjectNode c = ev.putObject("cdf");
        c.set("xUs", J.fixed(x, 3));
        c.set("pct", J.nums(y, 7));
    }

    private static ObjectNode histogram(Distribution.Histogram h, String upTo, long hiNs) {
        ObjectNode n = J.obj();
        n.set("loUs", J.us(h.lo()));
        n.set("widthUs", J.us(h.width()));
        n.set("counts", J.longs(h.counts()));
        n.put("above", h.above());
        n.put("upTo", upTo);
        n.set("hiUs", J.us(hiNs));
        return n;
    }

    // ---- intervals.csv ---------------------------------------------------------------------------

    private void intervalsPart() throws SQLException {
        Map<String, double[]> iv = q.intervals();
        double[] t = iv.get("t_start_s");
        if (t == null || t.length == 0) return;
        List<String> names = new ArrayList<>();
        List<double[]> cols = new ArrayList<>();
        for (String c : new String[] {"target_rate", "intended_rate", "input_rate", "output_rate", "lag_max_ms"}) {
            if (iv.containsKey(c)) {
                names.add(c);
                cols.add(iv.get(c));
            }
        }
        for (String m : MODES) {
            String p = m.replace('-', '_');
            for (String s : new String[] {"p50", "p99", "max"}) {
                String c = p + "_" + s + "_us";
                if (iv.containsKey(c)) {
                    names.add(c);
                    cols.add(iv.get(c));
                }
            }
        }
        double[][] ds = Downsample.minMax(t, cols.toArray(double[][]::new), o.maxPoints());
        ObjectNode out = node.putObject("intervals");
        out.set("t", J.fixed(ds[0], 6));
        ObjectNode series = out.putObject("series");
        for (int i = 0; i < names.size(); i++) series.set(names.get(i), J.nums(ds[i + 1], 6));
        if (t.length > o.maxPoints()) out.put("downsampledFrom", t.length);
        // phase starts, named from result.json
        double[] ph = iv.get("phase");
        ArrayNode phases = out.putArray("phases");
        if (ph != null) {
            double last = Double.NaN;
            for (int i = 0; i < ph.length; i++) {
                if (ph[i] != last) {
                    ObjectNode p = phases.addObject();
                    p.set("t", J.num(t[i], 6));
                    JsonNode rp = result.path("phases").path((int) ph[i]);
                    p.put("name", rp.path("name").asText("phase " + (int) ph[i]));
                    p.put("measure", rp.path("measure").asBoolean(true));
                    last = ph[i];
                }
            }
        }
    }

    // ---- bursts ----------------------------------------------------------------------------------

    private boolean bursty;

    private void burstsPart() throws SQLException {
        bursty = q.hasBursts();
        if (!bursty) return;
        ObjectNode b = node.putObject("bursts");
        Distribution d = q.burstTimes();
        if (d.count() > 0) {
            long[] p = d.percentiles(0, 25, 50, 75, 99, 100);
            ObjectNode s = b.putObject("stats");
            s.put("count", d.count());
            s.set("meanMs", J.ms(d.mean()));
            s.set("minMs", J.ms(d.min()));
            s.set("maxMs", J.ms(d.max()));
            s.set("sumMs", J.ms(d.mean() * d.count()));
            s.set("stdMs", J.ms(d.std()));
            s.set("p50Ms", J.ms(p[2]));
            s.set("p99Ms", J.ms(p[4]));
            dev.evperf.analysis.BurstStats robust = q.burstStats();
            s.set("trimmedMs", J.num(robust.trimmedMeanMs(), 3));
            s.put("minBurst", robust.minBurst());
            s.put("maxBurst", robust.maxBurst());
            s.set("maxShift", J.num(robust.maxShift(), 3));
            meanBurstMs = d.mean() / 1e6;
            minBurstMs = p[0] / 1e6;
            p25BurstMs = p[1] / 1e6;
            p50BurstMs = p[2] / 1e6;
            p75BurstMs = p[3] / 1e6;
            p99BurstMs = p[4] / 1e6;
            maxBurstMs = p[5] / 1e6;
            b.set("hist", histogram(d.histogram(d.min(), d.max(), 100), "max", d.max()));
        }
        ArrayNode top = b.putArray("top");
        for (TrialQueries.TopBurst t : q.topBursts(o.topBursts())) {
            ObjectNode r = top.addObject();
            r.put("burst", t.burst());
            r.put("events", t.events());
            r.set("startS", J.s(t.startNs()));
            r.set("timeMs", J.ms(t.timeNs()));
            r.set("maxEventUs", q.hasEvents() ? J.us(t.maxEventNs()) : J.F.nullNode());
            r.set("meanEventUs", J.us(t.meanEventNs()));
            r.set("stdEventUs", J.us(t.stdEventNs()));
        }
    }

    private void eventsPart() throws SQLException {
        if (!bursty || !q.hasEvents()) return;
        // measure.skip_bursts counts from the first measured burst; bursts the warm-up cut count towards it
        int skip = Math.max(0, skipBursts() - cutBursts);
        ObjectNode ht = node.putObject("headTail");
        ht.put("skip", skip + cutBursts); // measured bursts left out in all, for the text
        ArrayNode rows = ht.putArray("rows");
        for (HeadTail.Row r : q.headTail(skip, HeadTail.DEFAULT_N)) {
            ObjectNode n = rows.addObject();
            n.put("n", r.n());
            n.put("bursts", r.bursts());
            n.set("aUs", J.num(r.aUs(), 3));
            n.set("bUs", J.num(r.bUs(), 3));
            n.set("aMinusBUs", J.num(r.aMinusBUs(), 3));
            n.set("aOverB", J.num(r.aOverB(), 3));
            n.set("aMedianUs", J.num(r.aMedianUs(), 3));
            n.set("aTrimmedUs", J.num(r.aTrimmedUs(), 3));
            n.set("bMedianUs", J.num(r.bMedianUs(), 3));
            n.set("bTrimmedUs", J.num(r.bTrimmedUs(), 3));
            n.put("aMaxBurst", r.aMaxBurst());
            n.set("aMaxShift", J.num(r.aMaxShift(), 3));
            if (r.n() == 1) aOverB1 = Double.isNaN(r.aOverB()) ? null : r.aOverB();
        }
        ObjectNode pos = node.putObject("positions");
        pos.put("skip", skip + cutBursts);
        pos.set("p", J.fixed(TrialQueries.POSITION_P, 1));
        ArrayNode prow = pos.putArray("rows");
        for (TrialQueries.PositionRow r : q.positions(skip)) {
            ObjectNode n = prow.addObject();
            n.put("j", r.j() == TrialQueries.LAST ? "n" : Integer.toString(r.j()));
            n.put("bursts", r.bursts());
            n.set("minUs", J.us(r.min()));
            ArrayNode p = n.putArray("pUs");
            for (long v : r.p()) p.add(J.us(v));
            n.set("maxUs", J.us(r.max()));
            n.set("meanUs", J.us(r.mean()));
        }
        ObjectNode series = pos.putObject("series");
        for (Map.Entry<Integer, long[][]> e : q.positionSeries(o.maxPoints(), 1, 2, TrialQueries.LAST).entrySet()) {
            ObjectNode s = series.putObject(e.getKey() == TrialQueries.LAST ? "n" : Integer.toString(e.getKey()));
            s.set("burst", J.longs(e.getValue()[0]));
            ArrayNode y = s.putArray("us");
            for (long v : e.getValue()[1]) y.add(J.us(v));
        }
    }

    // ---- JVM events and the timeline -------------------------------------------------------------

    private void jvmPart(long[] window) throws SQLException {
        ObjectNode j = node.putObject("jvmEvents");
        ArrayNode kinds = j.putArray("kinds");
        for (TrialQueries.JvmKind k : q.jvmKinds(window[0], window[1])) {
            ObjectNode n = kinds.addObject();
            n.put("kind", k.kind());
            n.put("count", k.count());
            n.set("totalMs", J.ms(k.totalNs()));
            n.set("maxMs", J.ms(k.maxNs()));
            jvmTotals.put(k.kind(), new Double[] {(double) k.count(), k.totalNs() / 1e6});
        }
        ObjectNode marks = j.putObject("marks");
        ObjectNode shown = j.putObject("shown");
        for (String kind : JVM_KINDS) {
            List<TrialQueries.JvmMark> ms = q.jvmMarks(kind, window[0], window[1], o.maxMarkers());
            ArrayNode a = marks.putArray(kind);
            for (TrialQueries.JvmMark m : ms) {
                ArrayNode p = a.addArray();
                p.add(J.s(m.startNs()));
                p.add(J.s(m.endNs()));
            }
            shown.put(kind, ms.size());
        }
        ArrayNode gc = j.putArray("gcTop");
        for (TrialQueries.JvmMark m : q.jvmMarks("gc-pause", window[0], window[1], 20)) {
            ObjectNode n = gc.addObject();
            n.set("startS", J.s(m.startNs()));
            n.set("ms", J.ms(m.endNs() - m.startNs()));
            n.put("detail", m.detail());
        }
    }

    /** Burst times on the trial's axis (bursty profiles), else the per-interval processing time. */
    private void timelinePart() throws SQLException {
        ObjectNode tl = J.obj();
        if (bursty) {
            List<TrialQueries.BurstPoint> pts = q.burstSeries(o.maxPoints());
            ArrayNode x = tl.putArray("x"), m = tl.putArray("measured"), w = tl.putArray("warmup");
            for (TrialQueries.BurstPoint p : pts) {
                x.add(J.s(p.startNs()));
                m.add(p.measured() ? J.ms(p.timeNs()) : J.F.nullNode());
                w.add(p.measured() ? J.F.nullNode() : J.ms(p.timeNs()));
            }
            tl.put("kind", "bursts");
        } else if (node.has("intervals") && node.path("intervals").path("series").has("processing_max_us")) {
            tl.put("kind", "intervals");
        } else {
            return;
        }
        node.set("timeline", tl);
    }

    // ---- sensors ---------------------------------------------------------------------------------

    private void sensorsPart() throws SQLException {
        Map<String, double[][]> s = q.sensors();
        if (s.isEmpty()) return;
        ObjectNode out = node.putObject("sensors");
        ArrayNode charts = out.putArray("charts");
        List<String> used = new ArrayList<>();
        Map<String, double[][]> cpu = new TreeMap<>(), freq = new TreeMap<>(), faults = new TreeMap<>(), mem = new TreeMap<>();
        for (Map.Entry<String, double[][]> e : s.entrySet()) {
            String k = e.getKey();
            if (k.startsWith("sensor://procfs/cpu/utilization_percent#") || k.equals("sensor://procfs/process/cpu_percent")) {
                cpu.put(label(k), e.getValue());
            } else if (k.startsWith("sensor://cpufreq/cpu/frequency_khz#")) {
                freq.put(label(k), scale(e.getValue(), 1e-3));
            } else if (k.startsWith("sensor://procfs/process/page_faults#")) {
                faults.put(label(k), rate(e.getValue()));
            } else if (k.startsWith("sensor://jvm/heap/") || k.equals("sensor://procfs/process/rss_bytes")) {
                mem.put(label(k), scale(e.getValue(), 1.0 / (1 << 20)));
            } else {
                continue;
            }
            used.add(k);
        }
        addChart(charts, "CPU utilization", "%", cpu);
        if (freq.isEmpty()) {
            notes.add("CPU frequency: this machine exposes no cpufreq readings (env.json: cpu_freq_khz "
                    + node.path("env").path("cpuFreq").asText("unreadable") + "), so there is no frequency chart.");
        }
        addChart(charts, "CPU frequency", "MHz", freq);
        addChart(charts, "Page faults", "faults/s", faults);
        addChart(charts, "Heap and resident memory", "MiB", mem);
        ArrayNode others = out.putArray("others");
        s.keySet().stream().filter(k -> !used.contains(k)).forEach(others::add);
    }

    private static String label(String uri) {
        String k = uri.startsWith("sensor://") ? uri.substring("sensor://".length()) : uri;
        return k.replace("procfs/cpu/utilization_percent#", "cpu ").replace("procfs/process/cpu_percent", "process cpu")
                .replace("cpufreq/cpu/frequency_khz#", "").replace("procfs/process/page_faults#", "")
                .replace("jvm/heap/", "heap ").replace("procfs/process/rss_bytes", "rss").replace("_bytes", "");
    }

    private static double[][] scale(double[][] s, double f) {
        double[] v = new double[s[1].length];
        for (int i = 0; i < v.length; i++) v[i] = s[1][i] * f;
        return new double[][] {s[0], v};
    }

    /** A counter as its rate per s between consecutive samples, placed at the later sample. */
    private static double[][] rate(double[][] s) {
        int n = s[0].length;
        if (n < 2) return new double[][] {new double[0], new double[0]};
        double[] t = new double[n - 1], v = new double[n - 1];
        for (int i = 1; i < n; i++) {
            t[i - 1] = s[0][i];
            double dt = (s[0][i] - s[0][i - 1]) / 1e9;
            v[i - 1] = dt > 0 ? Math.max(0, s[1][i] - s[1][i - 1]) / dt : Double.NaN;
        }
        return new double[][] {t, v};
    }

    /** Series with their own sample times, aligned on the union of times (NaN where a series has none), downsampled. */
    private void addChart(ArrayNode charts, String title, String unit, Map<String, double[][]> series) {
        if (series.isEmpty()) return;
        TreeMap<Double, double[]> rows = new TreeMap<>();
        int k = 0, n = series.size();
        List<String> labels = new ArrayList<>(series.keySet());
        for (String l : labels) {
            double[][] s = series.get(l);
            for (int i = 0; i < s[0].length; i++) {
                final int col = k;
                double[] row = rows.computeIfAbsent(s[0][i], t -> {
                    double[] r = new double[n];
                    java.util.Arrays.fill(r, Double.NaN);
                    return r;
                });
                row[col] = s[1][i];
            }
            k++;
        }
        double[] x = new double[rows.size()];
        double[][] ys = new double[n][rows.size()];
        int i = 0;
        for (Map.Entry<Double, double[]> e : rows.entrySet()) {
            x[i] = e.getKey() / 1e9;
            for (int c = 0; c < n; c++) ys[c][i] = e.getValue()[c];
            i++;
        }
        double[][] ds = Downsample.minMax(x, ys, o.maxPoints());
        ObjectNode c = charts.addObject();
        c.put("title", title);
        c.put("unit", unit);
        c.set("t", J.fixed(ds[0], 6));
        ArrayNode ss = c.putArray("series");
        for (int s = 0; s < n; s++) {
            ObjectNode so = ss.addObject();
            so.put("label", labels.get(s));
            so.set("y", J.nums(ds[s + 1], 5));
        }
    }

    // ---- warm-up ----------------------------------------------------------------------------------

    /** End of the detected warm-up (trial axis, ns), drawn on the charts; null when none was found. */
    private Long warmUpEndNs;
    /** Measured bursts the warm-up cut left out of every query (0 when nothing was cut). */
    private int cutBursts;

    /**
     * Detects the warm-up transient (MSER-5) and, unless the options keep it, makes every later
     * query treat it as unmeasured, so the steady-state tables and distributions leave it out.
     */
    private void warmUpPart() throws SQLException {
        // Several senders interleave their sends: bursts.parquet's per-burst min/max and a cut by send
        // time no longer match the summary's bursts and cut by seq, so derive both from the events.
        boolean bySeq = result.path("senders").asInt(1) > 1 && q.hasEvents();
        if (bySeq) q.burstsFromEvents();
        WarmUp w = q.detectWarmUp(TrialResult.load(trial.dir()));
        ObjectNode n = node.putObject("warmUp");
        n.put("method", WarmUpCut.METHOD);
        n.put("series", w.series());
        n.put("points", w.points());
        n.put("truncation", w.truncation());
        boolean found = w.truncation() > 0 && w.endNs() != null;
        n.put("cut", found && o.cutWarmUp());
        n.put("inconclusive", w.inconclusive());
        if (w.inconclusive()) {
            notes.add("Warm-up (" + WarmUpCut.METHOD + " on " + w.points() + " " + w.series() + "): inconclusive, its minimum is at the"
                    + " limit of the search (half the series: too short, or it never settles); nothing cut.");
        }
        if (!found) return;
        warmUpEndNs = w.endNs();
        n.set("endS", J.s(w.endNs()));
        bySeq &= w.firstSteadySeq() != null;
        long events = !q.hasEvents() ? 0 : db.count("SELECT count(*) FROM " + q.ev() + " WHERE measured AND "
                + (bySeq ? "seq < " + w.firstSteadySeq() : "send_start < " + w.endNs()));
        if (q.hasEvents()) n.put("events", events);
        String what = "Warm-up (" + WarmUpCut.METHOD + " on " + w.points() + " " + w.series() + "): "
                + (q.hasEvents() ? events + " measured events" : "the measured events (to the HdrHistogram log's interval)")
                + (w.skipBursts() != null ? " (" + w.skipBursts() + " bursts)" : "") + " before t=" + String.format(java.util.Locale.ROOT, "%.3f", w.endNs() / 1e9) + " s";
        if (o.cutWarmUp()) {
            if (bySeq) q.cutBeforeSeq(w.firstSteadySeq(), w.endNs()); else q.cutBefore(w.endNs());
            cutBursts = w.skipBursts() == null ? 0 : w.skipBursts();
            notes.add(what + " are left out of the latency, burst, head-tail and position figures (--keep-warmup keeps them).");
        } else {
            notes.add(what + " are a transient, kept in every figure (--keep-warmup).");
        }
    }

    // ---- annotations (spikes and warm-up, from another analysis) ---------------------------------

    private void annotationsPart(TrialAnnotations a, String error) {
        ObjectNode n = node.putObject("annotations");
        if (error != null) n.put("error", error);
        if (a == null) {
            n.put("provided", false);
            if (warmUpEndNs != null) n.set("warmupEndS", J.s(warmUpEndNs));
            return;
        }
        n.put("provided", a != TrialAnnotations.NONE);
        n.put("total", a.spans().size());
        if (a.note() != null) n.put("note", a.note());
        Long end = a.warmupEndNs() != null ? a.warmupEndNs() : warmUpEndNs;
        if (end != null) n.set("warmupEndS", J.s(end));
        ArrayNode spans = n.putArray("spans");
        a.spans().stream().sorted((x, y) -> Long.compare(y.endNs() - y.startNs(), x.endNs() - x.startNs()))
                .limit(TrialAnnotations.MAX_LISTED)
                .sorted((x, y) -> Long.compare(x.startNs(), y.startNs()))
                .forEach(sp -> {
                    ObjectNode s = spans.addObject();
                    s.set("startS", J.s(sp.startNs()));
                    s.set("endS", J.s(sp.endNs()));
                    s.put("cause", sp.cause());
                    s.put("detail", sp.detail());
                });
    }
}
