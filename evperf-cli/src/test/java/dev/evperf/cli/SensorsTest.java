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

    static final String W = """
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
        List<String[]> rows = Files.readAllLines(run.resolve("trials/t001/sensors.csv")).stream().skip(1).map(l -> l.split(",")).toList();
        Map<String, Long> counts = new HashMap<>();
        rows.forEach(r -> counts.merge(r[1], 1L, Long::sum));
        // ~20 samples of 100 ms over the 2 s run.
        assertThat(counts.get("sensor://procfs/process/cpu_percent")).isBetween(15L, 30L);
        assertThat(counts).containsKeys("sensor://procfs/process/page_faults#minor", "sensor://procfs/process/rss_bytes",
                "sensor://jvm/threads/count", "sensor://jvm/jit/time_ms", "sensor://virtual/cpu_total", "heap");
        assertThat(counts).doesNotContainKey("sensor://jvm/heap/used_bytes"); // renamed to its alias
        // The driver spins on one core between sends: this process uses about one CPU.
        double[] cpu = rows.stream().filter(r -> r[1].equals("sensor://procfs/process/cpu_percent"))
                .mapToDouble(r -> Double.parseDouble(r[2])).sorted().toArray();
        assertThat(cpu[cpu.length / 2]).isBetween(60.0, 200.0);
        // A virtual sum equals its parts at the same sample.
        Map<String, Double> at = new HashMap<>();
        String t = rows.stream().filter(r -> r[1].equals("sensor://virtual/cpu_total")).findFirst().orElseThrow()[0];
        rows.stream().filter(r -> r[0].equals(t)).forEach(r -> at.put(r[1], Double.parseDouble(r[2])));
        assertThat(at.get("sensor://virtual/cpu_total")).isCloseTo(at.get("sensor://procfs/cpu/utilization_percent#cpu0")
                + at.get("sensor://procfs/cpu/utilization_percent#cpu1"), org.assertj.core.data.Offset.offset(0.01));
        // Page faults only ever grow.
        double[] faults = rows.stream().filter(r -> r[1].equals("sensor://procfs/process/page_faults#minor"))
                .mapToDouble(r -> Double.parseDouble(r[2])).toArray();
        for (int i = 1; i < faults.length; i++) assertThat(faults[i]).isGreaterThanOrEqualTo(faults[i - 1]);
    }

    @Test
    void aBadSensorUriIsBadInput() throws Exception {
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", W.replace("sensor://jvm/heap/used_bytes", "jvm heap")).toString());
        assertThat(cli.exit).isEqualTo(2);
        assertThat(cli.err).contains("measure.sensors.aliases.heap").contains("not a sensor URI");
    }

    @Test
    void samplesAlsoFlowThroughAMonitoringPipeline() throws Exception {
        String w = W.replace("measure:", """
                pipelines:
                  sensors: {sink: {csv: sensors-pipeline.csv}, queue: {capacity: 4096, policy: block}, consumers: 1}
                measure:""").replace("    interval: 100ms", "    interval: 100ms\n    pipeline: sensors");
        Path run = tmp.resolve("piped");
        Cli cli = Cli.run("run", Cli.write(tmp, "p.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        long physical = Files.readAllLines(t.resolve("sensors.csv")).stream().skip(1)
                .filter(l -> !l.contains("sensor://virtual/")).count();
        long piped = Files.readAllLines(t.resolve("sensors-pipeline.csv")).stream().skip(1).count();
        // Every physical sample went through the pipeline (block: none lost).
        assertThat(piped).isEqualTo(physical).isPositive();
        Cli bad = Cli.run("run", Cli.write(tmp, "b.yaml", w.replace("pipeline: sensors", "pipeline: nowhere")).toString());
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.err).contains("measure.sensors.pipeline").contains("no pipeline 'nowhere'");
    }
}
