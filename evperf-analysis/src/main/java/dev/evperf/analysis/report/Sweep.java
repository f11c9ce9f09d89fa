package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.summary.ParamNames;
import dev.evperf.api.config.Dur;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The report's comparison across the trials of a sweep: the matrix parameters that vary, as axes
 * (numeric where their values are numbers or durations), each trial's headline metrics, and
 * whether the JVM options vary; the page draws each metric against an axis.
 */
final class Sweep {
    private Sweep() {}

    /** A number written as text ("5", "-2.5"): a plain value on the axis, not a duration. */
    private static final Pattern PLAIN = Pattern.compile("\\s*-?\\d+(?:\\.\\d+)?\\s*");

    /** A parameter value as a number for the x axis: durations in ms, plain numbers as they are; else null. */
    static Double numeric(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) return null;
        if (v.isNumber()) return v.asDouble();
        if (!v.isTextual()) return null;
        if (PLAIN.matcher(v.asText()).matches())
            return Double.parseDouble(v.asText().trim());
        Dur d = duration(v);
        return d == null ? null : d.nanos() / 1e6;
    }

    private static boolean isDuration(JsonNode v) {
        return duration(v) != null;
    }

    /** A text value with a unit, parsed as the workload parses it ({@link Dur}); null for anything else. */
    private static Dur duration(JsonNode v) {
        if (v == null || !v.isTextual() || PLAIN.matcher(v.asText()).matches()) return null;
        try {
            return Dur.parse(v.asText());
        } catch (IllegalArgumentException notADuration) {
            return null;
        }
    }

    /** The sweep's axes (parameters with more than one value), one row per trial, and the metrics the page can plot. */
    static ObjectNode node(
            RunDir run, Map<String, TrialSection.Metrics> metrics, ParamNames names, ObjectMapper mapper) {
        ObjectNode s = J.obj();
        // axes: parameters with more than one value (JVM options are compared on their own)
        Set<String> keys = new LinkedHashSet<>();
        run.trials().forEach(t -> t.params().fieldNames().forEachRemaining(keys::add));
        ArrayNode axes = s.putArray("axes");
        for (String k : keys) {
            if (k.equals("jvm")) continue;
            Set<String> values = new LinkedHashSet<>();
            boolean numeric = true, durations = true;
            for (RunFile.Trial t : run.trials()) {
                JsonNode v = t.params().get(k);
                values.add(v == null ? "" : v.toString());
                if (numeric(v) == null) numeric = false;
                if (!isDuration(v)) durations = false;
            }
            if (values.size() < 2) continue;
            ObjectNode a = axes.addObject();
            a.put("key", k);
            a.put("label", names.key(k));
            a.put("numeric", numeric);
            a.put("unit", numeric && durations ? "ms" : "");
        }
        Set<String> jvms = new LinkedHashSet<>();
        run.trials().forEach(t -> jvms.add(jvmText(t.jvm())));
        s.put("jvmVaries", jvms.size() > 1);
        ArrayNode rows = s.putArray("rows");
        for (RunFile.Trial t : run.trials()) {
            ObjectNode r = rows.addObject();
            r.put("id", t.id());
            r.put("label", t.label());
            r.put("status", t.status());
            r.put("jvm", jvmText(t.jvm()));
            if (t.repetition() != null) r.put("repetition", t.repetition());
            ObjectNode p = r.putObject("params"), x = r.putObject("x");
            for (String k : keys) {
                JsonNode v = t.params().get(k);
                if (v == null) continue;
                p.put(k, names.value(k, v));
                Double n = numeric(v);
                if (n != null) x.put(k, n);
            }
            TrialSection.Metrics m = metrics.get(t.id());
            r.set("metrics", m == null ? J.F.nullNode() : mapper.valueToTree(m));
        }
        ArrayNode ms = s.putArray("metrics");
        String[][] list = {
            {"meanBurstMs", "mean burst time", "ms"},
            {"p99BurstMs", "p99 burst time", "ms"},
            {"maxBurstMs", "max burst time", "ms"},
            {"p50BurstMs", "median burst time", "ms"},
            {"processingMeanUs", "mean event time", "µs"},
            {"processingP50Us", "p50 event time", "µs"},
            {"processingP99Us", "p99 event time", "µs"},
            {"processingP999Us", "p99.9 event time", "µs"},
            {"endToEndP99Us", "p99 end-to-end latency", "µs"},
            {"scheduledP99Us", "p99 scheduled latency", "µs"},
            {"aOverB1", "head-tail A/B at N=1", ""},
            {"achievedRate", "achieved input rate", "ev/s"},
            {"gcCount", "GC pauses", ""},
            {"gcTotalMs", "GC pause time", "ms"},
            {"jitCount", "JIT compilations", ""},
            {"jitTotalMs", "JIT compilation time", "ms"},
            {"safepointCount", "safepoints", ""},
            {"safepointTotalMs", "safepoint time", "ms"}
        };
        for (String[] m : list) {
            ObjectNode n = ms.addObject();
            n.put("key", m[0]);
            n.put("label", m[1]);
            n.put("unit", m[2]);
        }
        return s;
    }

    static String jvmText(List<String> jvm) {
        return jvm == null || jvm.isEmpty() ? "default JVM" : String.join(" ", jvm);
    }
}
