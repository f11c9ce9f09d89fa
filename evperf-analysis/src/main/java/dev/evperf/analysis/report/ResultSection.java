package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.nio.file.Files;

/** The run as result.json and env.json tell it: counts, phases with their rates, clock, JDK and CPU frequency. A part of a trial's report section ({@link TrialSection}). */
final class ResultSection extends Section {
    ResultSection(SectionContext ctx) {
        super(ctx);
    }

    void resultPart() {
        ObjectNode r = node.putObject("result");
        r.put(
                "engine",
                result.path("engine")
                        .asText(spec.path("workload")
                                .path("engine")
                                .path("name")
                                .asText("")));
        r.put("engineVersion", result.path("engine_version").asText(""));
        for (String k : new String[] {
            "events_sent", "outputs_received", "outputs_recorded", "senders", "input_batches", "output_batches"
        }) {
            if (result.has(k)) r.set(camel(k), result.get(k));
        }
        r.put("outputDelivery", result.path("output_delivery").asText(""));
        r.put("records", result.path("records").asBoolean(Files.isRegularFile(dir.resolve(Layout.EVENTS))));
        if (result.has("run_ns")) r.set("runS", J.s(result.path("run_ns").asDouble()));
        if (result.has("drain_ns")) r.set("drainS", J.s(result.path("drain_ns").asDouble()));
        if (result.has("prepare_ms"))
            r.set("prepareMs", J.num(result.path("prepare_ms").asDouble(), 1));
        if (result.has("write_ms"))
            r.set("writeMs", J.num(result.path("write_ms").asDouble(), 1));
        if (result.path("clock").has("drift_ns"))
            r.put("clockDriftNs", result.path("clock").path("drift_ns").asLong());
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
        if (measuredSeconds > 0) ctx.achievedRate = measuredCount / measuredSeconds;
        r.set("achievedRate", J.num(ctx.achievedRate == null ? Double.NaN : ctx.achievedRate, 1));
        // Engines behind a broker: acknowledgement and broker-to-broker latencies; CPU of every process of the run.
        if (result.path("broker").isObject()) r.set("broker", result.get("broker"));
        if (result.path("cpu").isObject()) r.set("cpu", result.get("cpu"));
    }

    static String camel(String snake) {
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

    void envPart() throws IOException {
        JsonNode env = ctx.readJson(dir.resolve(Layout.ENV_JSON));
        ObjectNode e = node.putObject("env");
        e.put(
                "jdk",
                (env.path("jdk_vendor").asText("") + " "
                                + env.path("jdk_version").asText(""))
                        .trim());
        e.set("jvmFlags", env.path("jvm_flags").isArray() ? env.get("jvm_flags") : J.arr());
        if (env.has("max_heap_bytes"))
            e.put("maxHeapMb", env.path("max_heap_bytes").asLong() >> 20);
        JsonNode freq = env.path("cpu_freq_khz");
        e.put("cpuFreq", freq.isMissingNode() ? "unknown" : freq.isValueNode() ? freq.asText() : freq.toString());
    }
}
