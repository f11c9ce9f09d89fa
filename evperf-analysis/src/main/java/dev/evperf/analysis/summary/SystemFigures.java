package dev.evperf.analysis.summary;

import static dev.evperf.analysis.summary.Table.num;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.analysis.figures.LagTrend;
import dev.evperf.results.Layout;
import dev.evperf.results.ResultsJson;
import dev.evperf.results.Sensors;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * The text summary's part for a trial whose engine ran behind a broker or in other processes, from
 * its result.json: the producer's acknowledgement and broker-to-broker latencies ({@code broker}),
 * the CPU time of every process of the run ({@code cpu}, from procfs) with the cores they kept busy
 * and the throughput per core (events per CPU-second), the consumer lag's trend, and the heap the
 * engine held at the end ({@code heap_after_gc.retained_bytes}, or an older result's
 * {@code retained_heap}, when measured), and where {@code trial.cpus} put the run's threads. Nothing for a
 * trial without these figures (an engine in the trial JVM).
 */
public final class SystemFigures {
    private SystemFigures() {}

    /** Appends the part for the trial directory {@code dir}, if it has any of the figures. */
    public static void text(StringBuilder sb, Path dir) {
        JsonNode r;
        try {
            Path file = dir.resolve(Layout.RESULT_JSON);
            if (!Files.isRegularFile(file)) return;
            r = ResultsJson.readTree(file);
        } catch (IllegalArgumentException e) {
            return;
        }
        JsonNode broker = r.path("broker"), cpu = r.path("cpu");
        if (broker.isObject()) {
            sb.append("\nBroker (ms; producer ack = send start -> acknowledged, on the driver's clock;"
                    + " broker-to-broker = output's append time - input's append time, on the broker's clock)\n");
            Table t = new Table("figure", "count", "p50", "p99", "max");
            t.labelColumns(1);
            row(t, "producer ack", broker.path("ack_ms"));
            row(t, "broker-to-broker", broker.path("broker_to_broker_ms"));
            sb.append(t.render("  "));
            sb.append("  acknowledged ")
                    .append(broker.path("acks").asLong())
                    .append(", refused ")
                    .append(broker.path("refused").asLong())
                    .append("; producer settings ")
                    .append(
                            broker.path("producer").isObject()
                                            && broker.path("producer").size() > 0
                                    ? broker.get("producer").toString()
                                    : "Kafka's defaults")
                    .append('\n');
        }
        if (cpu.isObject()) {
            sb.append("\nCPU per process (utime + stime from /proc/<pid>/stat, first send to end of drain)\n");
            Table t = new Table("process", "CPU s");
            t.labelColumns(1);
            for (Iterator<Map.Entry<String, JsonNode>> it = cpu.path("seconds").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                t.row(e.getKey(), num(e.getValue().asDouble(), 2));
            }
            t.row("all", num(cpu.path("total_s").asDouble(), 2));
            sb.append(t.render("  "));
            sb.append("  over ")
                    .append(num(cpu.path("wall_s").asDouble(), 3))
                    .append(" s: ")
                    .append(num(cpu.path("cores_busy").asDouble(), 2))
                    .append(" cores busy; throughput per core ")
                    .append(cpu.path("events_per_cpu_s").asLong())
                    .append(" events per CPU-second\n");
        }
        if (r.path("cpu_placement").isObject()) placement(sb, r.path("cpu_placement"));
        // heap_after_gc holds it since 2026-11-23; older results have their own retained_heap section.
        JsonNode heap =
                r.path("heap_after_gc").has("retained_bytes") ? r.path("heap_after_gc") : r.path("retained_heap");
        if (heap.has("retained_bytes")) {
            sb.append("Engine's retained heap (measure.retained_heap; used after full GCs, engine open at the end minus"
                            + " before it opened): ")
                    .append(num(heap.path("retained_bytes").asLong() / 1e6, 1))
                    .append(" MB\n");
        }
        LagTrend lag = LagTrend.of(dir, TrialResult.load(dir));
        if (lag != null) {
            sb.append("Consumer lag trend: ")
                    .append(num(lag.slopePerS(), 1))
                    .append(" ± ")
                    .append(num(lag.stdErr(), 1))
                    .append(" records per s over ")
                    .append(lag.points())
                    .append(" samples spanning ")
                    .append(num(lag.windowS(), 3))
                    .append(" s (largest lag ")
                    .append(num(lag.maxLag(), 0))
                    .append(" records; an engine falling behind has a clearly positive slope)\n");
        } else if (Sensors.load(dir).get(LagTrend.SENSOR) != null) {
            // Sampled, but too thinly in the measured phases for a slope (a short phase, or a sampler the machine
            // starved): said, so that a missing line is never mistaken for a lag that does not grow.
            sb.append("Consumer lag trend: no slope, fewer than 3 lag samples in the measured phases\n");
        }
    }

    /** trial.cpus as applied: each sender's CPUs, then thread counts per CPU list of the trial JVM and each component. */
    private static void placement(StringBuilder sb, JsonNode p) {
        JsonNode asked = p.path("asked");
        sb.append("CPU placement (trial.cpus: sender ")
                .append(asked.path("sender"))
                .append(", others ")
                .append(asked.path("others"))
                .append("; the machine's CPUs ")
                .append(p.path("machine_cpus").asText())
                .append("; read back from procfs Cpus_allowed_list):");
        for (Iterator<Map.Entry<String, JsonNode>> it = p.path("senders").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            sb.append(" sender ")
                    .append(e.getKey())
                    .append(" on ")
                    .append(e.getValue().path("cpus").asText())
                    .append(';');
        }
        threads(sb, "trial JVM's other threads", p.path("trial_jvm_threads"));
        for (Iterator<Map.Entry<String, JsonNode>> it =
                        p.path("components_threads").fields();
                it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            sb.append(';');
            threads(sb, e.getKey(), e.getValue());
        }
        sb.append('\n');
    }

    private static void threads(StringBuilder sb, String what, JsonNode byCpus) {
        sb.append(' ').append(what);
        String sep = " ";
        for (Iterator<Map.Entry<String, JsonNode>> it = byCpus.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            sb.append(sep).append(e.getValue().asLong()).append(" on ").append(e.getKey());
            sep = ", ";
        }
    }

    private static void row(Table t, String name, JsonNode f) {
        if (!f.isObject()) return;
        t.row(
                name,
                f.path("count").asLong(),
                num(f.path("p50").asDouble(), 3),
                num(f.path("p99").asDouble(), 3),
                num(f.path("max").asDouble(), 3));
    }
}
