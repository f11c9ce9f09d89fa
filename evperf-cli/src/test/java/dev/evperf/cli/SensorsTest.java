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
        // The sampler reads /proc/self/stat and /proc/stat one after the other; on a loaded machine it can be
        // descheduled between the two reads (one ~100 ms sample's two intervals then lie tens of ms apart), and it
        // catches up after stalls with short samples whose 10 ms procfs ticks make single values meaningless. So
        // the two are compared as CPU time over the whole trial: each sample's percentage weighted by its interval.
        // Windows of 5 whole samples failed at load ~45, where the sampler caught up so often that none was left.
        Map<Long, Map<String, Double>> bySample = new java.util.TreeMap<>();
        rows.forEach(r -> bySample.computeIfAbsent(Long.parseLong(r[0]), k -> new HashMap<>())
                .put(r[1], Double.parseDouble(r[2])));
        double[] cpu = rows.stream()
                .filter(r -> r[1].equals("sensor://procfs/process/cpu_percent"))
                .mapToDouble(r -> Double.parseDouble(r[2]))
                .sorted()
                .toArray();
        assertThat(cpu[cpu.length / 2]).isGreaterThan(10.0);
        long previous = -1;
        double processNs = 0, machineNs = 0, comparedNs = 0; // percent × ns
        for (Map.Entry<Long, Map<String, Double>> e : bySample.entrySet()) {
            Map<String, Double> m = e.getValue();
            long dt = previous < 0 ? 0 : e.getKey() - previous;
            previous = e.getKey();
            Double process = m.get("sensor://procfs/process/cpu_percent"),
                    machine = m.get("sensor://virtual/cpu_total");
            if (process == null || machine == null || dt <= 0) continue;
            processNs += process * dt;
            machineNs += machine * dt;
            comparedNs += dt;
        }
        assertThat(comparedNs).as("ns of samples with both readings").isGreaterThanOrEqualTo(runNs / 2.0);
        // ±1 tick in each of the three readings at both ends of ≥ 1 s: under 3 points; 5 leaves room
        assertThat(processNs / comparedNs)
                .as("the process's mean CPU %% against the machine's over the trial")
                .isLessThanOrEqualTo(machineNs / comparedNs + 5);
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
