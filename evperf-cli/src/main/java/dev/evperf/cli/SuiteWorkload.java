package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.results.Json;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.suites.run.SuiteTests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A suite as one workload: every test point's spec (with the run's event-time rate) is a value of
 * the matrix axis {@code engine.query}, crossed with {@code engine.name}. The suite's definition
 * (tests, factors, points) goes to run.json's {@code suite} section, from which {@link SuiteReport}
 * groups the trials again.
 */
final class SuiteWorkload {
    private SuiteWorkload() {}

    /** run.json's {@code suite}: what was asked, each test with its factor and points (value and spec). */
    static ObjectNode definition(
            String suite,
            boolean quick,
            List<SuiteTests.Test> tests,
            List<String> engines,
            long events,
            double rate,
            int repetitions) {
        ObjectNode d = Json.MAPPER.createObjectNode();
        d.put("suite", suite);
        d.put("quick", quick);
        d.set("engines", Json.MAPPER.valueToTree(engines));
        d.put("events", events);
        d.put("rate", rate);
        d.put("repetitions", repetitions);
        ArrayNode out = d.putArray("tests");
        for (SuiteTests.Test t : tests) {
            ObjectNode o = out.addObject();
            o.put("name", t.name());
            o.put("title", t.title());
            o.put("factor", t.factor());
            ArrayNode points = o.putArray("points");
            for (SuiteTests.Point p : t.points()) {
                ObjectNode po = points.addObject();
                po.put("value", p.value());
                po.set("spec", spec(p.spec(), suite.equals("micro"), rate));
            }
        }
        return d;
    }

    /** A point's spec with the suite's event-time rate (stream1's event_rate; Nexmark's inter-event delay). */
    static ObjectNode spec(String yaml, boolean micro, double rate) {
        ObjectNode spec;
        try {
            spec = (ObjectNode) WorkloadLoader.YAML.readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (micro) {
            ObjectNode stream = spec.has("stream") ? (ObjectNode) spec.get("stream") : spec.putObject("stream");
            stream.put("event_rate", rate);
        } else {
            spec.putObject("data").put("inter_event_delay", Math.max(1, Math.round(1e9 / rate)) + "ns");
        }
        return spec;
    }

    /**
     * The workload (its matrix's {@code engine.query} is empty when the adaptivity test is the only
     * one): a warm-up phase (not measured) of half the events, then the measured events.
     * Micro sends at maximum rate (the thesis's throughput; latency is then the processing time,
     * send start to receipt); Nexmark at the event-time rate, so that its latency is the scheduled
     * one, from each event's intended send time.
     */
    static ObjectNode workload(ObjectNode definition, boolean micro) {
        ObjectNode w = Json.MAPPER.createObjectNode();
        w.put(
                "name",
                "suite-" + definition.get("suite").asText()
                        + (definition.get("quick").asBoolean() ? "-quick" : ""));
        w.put(
                "description",
                "evperf suite " + definition.get("suite").asText() + ": every test point on every engine,"
                        + " each trial validated against the reference model");
        ArrayNode specs = Json.MAPPER.createArrayNode();
        for (JsonNode t : definition.get("tests")) {
            // the adaptivity test has a load of its own (SuiteAdaptivity)
            if (t.get("name").asText().equals(SuiteTests.ADAPTIVITY)) continue;
            for (JsonNode p : t.get("points")) specs.add(p.get("spec"));
        }
        ArrayNode engines = (ArrayNode) definition.get("engines");
        ObjectNode engine = w.putObject("engine");
        engine.put("name", engines.get(0).asText());
        if (!specs.isEmpty()) engine.set("query", specs.get(0));
        long n = definition.get("events").asLong();
        double rate = definition.get("rate").asDouble();
        ArrayNode phases = w.putObject("load").putArray("phases");
        ObjectNode warm = phases.addObject().put("name", "warmup").put("measure", false);
        ObjectNode run = phases.addObject().put("name", "run");
        if (micro) {
            warm.putObject("max").put("count", n / 2);
            run.putObject("max").put("count", n);
        } else {
            warm.putObject("constant").put("rate", rate).put("count", n / 2);
            run.putObject("constant").put("rate", rate).put("count", n);
        }
        w.putObject("measure").put("jfr", false).put("live", false);
        w.put("repetitions", definition.get("repetitions").asInt());

        ObjectNode matrix = w.putObject("matrix");
        matrix.set("engine.query", specs);
        matrix.set("engine.name", engines);
        boolean broker = false, flink = false;
        for (JsonNode e : engines) {
            var ext = EngineModules.external(e.asText());
            broker |= ext != null;
            flink |= ext != null && ext.flink();
        }
        // A quick trial in the trial JVM takes seconds; one that hangs should cost the suite minutes, not the
        // default 10. Engines behind Kafka keep the default: a Flink job's start alone took minutes at load 50.
        if (definition.get("quick").asBoolean() && !broker) w.putObject("trial").put("timeout", "3m");
        if (broker) {
            // A job behind Kafka may be minutes behind its input on a loaded machine (Flink's cep1 had 2 144 of its
            // 24 874 rows when the default 60 s drain ran out at load 35): give the drain most of the trial's time.
            w.putObject("trial").put("drain_timeout", "5m");
            ObjectNode c = w.putObject("components");
            c.putObject("broker").put("start", true);
            // --flink-cluster: one JVM, or a JobManager and a TaskManager JVM (one cluster for the run's trials)
            if (flink)
                c.putObject("flink")
                        .put("mode", definition.path("flink_cluster").asText("minicluster"));
        }
        return w;
    }
}
