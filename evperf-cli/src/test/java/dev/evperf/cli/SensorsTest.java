package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sensors sampled in the trial: procfs, JVM, virtual sums and aliases, stored in sensors.csv. */
class SensorsTest {
    @TempDir
    Path tmp;

    static final String W =
            """
            name: sensors
            streams:
              S: {fields: {v: double}}
            engine: {name: "null", outputs: {out: {}}}
            load:
              phases: [{name: m, constant: {rate: 200000, duration: 2s}}]
            measure:
              sensors:
                interval: 100ms
                virtual: {cpu_total: {sum: ["sensor://procfs/cpu/utilization_percent#cpu0", "sensor://procfs/cpu/utilization_percent#cpu1"]}}
                aliases: {heap: "sensor://jvm/heap/used_bytes"}
            """;

    @Test
    void sensorSeriesAreSampledThroughTheTrial() throws Exception {
        Path run = tmp.resolve("run");
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", W).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        List<String[]> rows = Files.readAllLines(run.resolve("trials/t001/sensors.csv")).stream()
                .skip(1)
                .map(l -> l.split(","))
                .toList();
        Map<String, Long> counts = new HashMap<>();
        rows.forEach(r -> counts.merge(r[1], 1L, Long::sum));
        // A sample every 100 ms through the 2 s run. The sampler starts after the trial's origin and never runs
        // ahead of its schedule (after a stall it catches up), so its k-th sample is at least k intervals in;
        // and the low-priority thread got at least half of its samples.
        long[] at = bySensor(rows, "sensor://procfs/process/rss_bytes");
        long runNs = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(run.resolve("trials/t001/result.json").toFile())
                .get("run_ns")
                .asLong();
        for (int k = 0; k < at.length; k++)
            assertThat(at[k]).as("sample %d", k).isGreaterThanOrEqualTo(k * 100_000_000L);
        assertThat(at.length).isGreaterThanOrEqualTo((int) (runNs / 100_000_000L / 2));
        assertThat(counts)
                .containsKeys(
                        "sensor://procfs/process/page_faults#minor",
                        "sensor://procfs/process/rss_bytes",
                        "sensor://jvm/threads/count",
                        "sensor://jvm/jit/time_ms",
                        "sensor://virtual/cpu_total",
                        "heap");
        assertThat(counts).doesNotContainKey("sensor://jvm/heap/used_bytes"); // renamed to its alias
        // The driver spins between sends, so this process is busy (about one core on an idle machine, its share
        // of one on a busy one), and never more so than the machine's two cores together over the same time.
        // The sampler reads /proc/self/stat and /proc/stat one after the other, and on a loaded machine it can be
        // descheduled between the two reads, so one ~100 ms sample's two intervals may be tens of ms apart (run 2
        // of an under-load acceptance saw one such sample). Compared over windows of 5 consecutive whole samples
        // (≥ 90 ms each; procfs counts 10 ms clock ticks, which make a catching-up sampler's short ones
        // meaningless) with every reading there: a shift at the window's two ends weighs a fifth as much.
        Map<Long, Map<String, Double>> bySample = new java.util.TreeMap<>();
        rows.forEach(r -> bySample.computeIfAbsent(Long.parseLong(r[0]), k -> new HashMap<>())
                .put(r[1], Double.parseDouble(r[2])));
        double[] cpu = rows.stream()
                .filter(r -> r[1].equals("sensor://procfs/process/cpu_percent"))
                .mapToDouble(r -> Double.parseDouble(r[2]))
                .sorted()
                .toArray();
        assertThat(cpu[cpu.length / 2]).isGreaterThan(10.0);
        long previous = Long.MIN_VALUE, compared = 0, busier = 0;
        java.util.ArrayDeque<double[]> window = new java.util.ArrayDeque<>(); // {process %, machine %} per sample
        for (Map.Entry<Long, Map<String, Double>> e : bySample.entrySet()) {
            Map<String, Double> m = e.getValue();
            boolean whole = e.getKey() - previous >= 90_000_000L;
            previous = e.getKey();
            if (!whole
                    || !m.containsKey("sensor://procfs/process/cpu_percent")
                    || !m.containsKey("sensor://procfs/cpu/utilization_percent#cpu0")
                    || !m.containsKey("sensor://procfs/cpu/utilization_percent#cpu1")) {
                window.clear(); // windows of consecutive samples only
                continue;
            }
            window.addLast(
                    new double[] {m.get("sensor://procfs/process/cpu_percent"), m.get("sensor://virtual/cpu_total")});
            if (window.size() > 5) window.removeFirst();
            if (window.size() < 5) continue;
            compared++;
            double process = window.stream().mapToDouble(w -> w[0]).average().orElseThrow();
            double machine = window.stream().mapToDouble(w -> w[1]).average().orElseThrow();
            // ±1 tick in each of the three readings over ~500 ms: 6 %; 15 % leaves room for the ends' shift
            if (process > machine + 15) busier++;
        }
        assertThat(compared).isGreaterThan(3);
        assertThat(busier)
                .as("windows where the process used more CPU than the machine")
                .isZero();
        // A virtual sum equals its parts at the same sample: those with a reading (a core's utilization has
        // none when no clock tick passed since the last sample, as when the sampler catches up after a stall).
        for (Map<String, Double> sample : bySample.values()) {
            if (!sample.containsKey("sensor://virtual/cpu_total")) continue;
            double parts = sample.getOrDefault("sensor://procfs/cpu/utilization_percent#cpu0", 0.0)
                    + sample.getOrDefault("sensor://procfs/cpu/utilization_percent#cpu1", 0.0);
            assertThat(sample.get("sensor://virtual/cpu_total"))
                    .isCloseTo(parts, org.assertj.core.data.Offset.offset(0.01));
        }
        // Page faults only ever grow.
        double[] faults = rows.stream()
                .filter(r -> r[1].equals("sensor://procfs/process/page_faults#minor"))
                .mapToDouble(r -> Double.parseDouble(r[2]))
                .toArray();
        for (int i = 1; i < faults.length; i++) assertThat(faults[i]).isGreaterThanOrEqualTo(faults[i - 1]);
    }

    /** The times of one sensor's samples. */
    static long[] bySensor(List<String[]> rows, String sensor) {
        return rows.stream()
                .filter(r -> r[1].equals(sensor))
                .mapToLong(r -> Long.parseLong(r[0]))
                .toArray();
    }

    @Test
    void aBadSensorUriIsBadInput() throws Exception {
        Cli cli = Cli.run(
                "run",
                Cli.write(tmp, "w.yaml", W.replace("sensor://jvm/heap/used_bytes", "jvm heap"))
                        .toString());
        assertThat(cli.exit).isEqualTo(2);
        assertThat(cli.err).contains("measure.sensors.aliases.heap").contains("not a sensor URI");
    }

    @Test
    void samplesAlsoFlowThroughAMonitoringPipeline() throws Exception {
        String w = W.replace(
                        "measure:",
                        """
                pipelines:
                  sensors: {sink: {csv: sensors-pipeline.csv}, queue: {capacity: 4096, policy: block}, consumers: 1}
                measure:""")
                .replace("    interval: 100ms", "    interval: 100ms\n    pipeline: sensors");
        Path run = tmp.resolve("piped");
        Cli cli = Cli.run("run", Cli.write(tmp, "p.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        long physical = Files.readAllLines(t.resolve("sensors.csv")).stream()
                .skip(1)
                .filter(l -> !l.contains("sensor://virtual/"))
                .count();
        long piped = Files.readAllLines(t.resolve("sensors-pipeline.csv")).stream()
                .skip(1)
                .count();
        // Every physical sample went through the pipeline (block: none lost).
        assertThat(piped).isEqualTo(physical).isPositive();
        Cli bad = Cli.run(
                "run",
                Cli.write(tmp, "b.yaml", w.replace("pipeline: sensors", "pipeline: nowhere"))
                        .toString());
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.err).contains("measure.sensors.pipeline").contains("no pipeline 'nowhere'");
    }
}
