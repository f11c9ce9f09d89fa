package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The harness does not change what it measures: a trial of the pass-through query at maximum rate
 * against the bare loop ({@link BareLoop}: the engine API and a loop making fresh events, nothing
 * of evperf's driver), each in a fresh JVM, run interleaved (bare, trial, capacity mode, twice,
 * up to four times while a time bound is not met; the fastest of each) so that a busy machine slows all alike. At this size (1 M events) a shared machine's
 * noise is larger than 10 %, so the test holds the structural part with loose bounds that the
 * first design broke (its whole-run live set made the engine's young collections copy evperf's
 * events: 0.48× the bare loop's rate, 25× its GC pause time): the trial's time per event is within
 * 1.5× of the bare loop's plus its two clock reads per event, capacity mode's within 1.5× of the
 * bare loop's, and the GC pauses while sending within 2× the bare loop's plus 50 ms (a single
 * young pause either way). The 10 % figures at full size are in docs/benchmarks.md.
 */
class BareLoopCheckTest {
    @TempDir
    Path tmp;

    static final long EVENTS = 1_000_000;

    static String workload(String engine, boolean capacity) {
        return """
                name: check
                streams:
                  StockStream:
                    fields: {id: long, symbol: string, price: float, volume: long}
                    sequence: id
                data:
                  StockStream: {pool: 1000, seed: 1}
                engine:
                  name: %s
                  queries: |
                    %s
                  outputs:
                    OutputStream: {sequence: id}
                load:
                  phases: [{name: all, max: {count: %d}}]
                measure: {live: false, sensors: {enabled: false}%s}
                """
                .formatted(engine, BareLoop.query(engine), EVENTS, capacity ? ", records: false, timing: sampled" : "");
    }

    /** One bare loop in a fresh JVM: its JSON line. */
    static JsonNode bare(String engine) throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        javaBin,
                        "-cp",
                        System.getProperty("java.class.path"),
                        BareLoop.class.getName(),
                        engine,
                        String.valueOf(EVENTS))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
        String line = out.lines()
                .filter(l -> l.startsWith("{"))
                .reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError(out));
        return new ObjectMapper().readTree(line);
    }

    /** One trial in a fresh JVM: ns per event over its phase, and its GC pause ms while sending. */
    double[] trial(String engine, boolean capacity, String name) throws Exception {
        Path run = tmp.resolve(name);
        Cli cli = Cli.run(
                "run",
                Cli.write(tmp, name + ".yaml", workload(engine, capacity)).toString(),
                "--out",
                run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        JsonNode r = new ObjectMapper().readTree(t.resolve("result.json").toFile());
        assertThat(r.get("events_sent").asLong()).isEqualTo(EVENTS);
        assertThat(r.get("outputs_received").asLong()).isEqualTo(EVENTS);
        assertThat(r.get("harness_waits").get("supply").asLong()).isZero();
        double nsPerEvent = 1e9 / r.get("phases").get(0).get("achieved_rate").asDouble();
        // From the first send start (last send end − the phase's span) to the last send end (≈ run_ns): not the
        // preparation's System.gc() before it.
        long runEnd = r.get("run_ns").asLong();
        long runStart = runEnd - Math.round(EVENTS * nsPerEvent);
        double pauses = 0;
        for (String line : Files.readAllLines(t.resolve("jvm-events.csv"))) {
            String[] f = line.split(",");
            if (!f[0].equals("gc-pause")) continue;
            long start = Long.parseLong(f[1]);
            if (start >= runStart && start <= runEnd) pauses += Long.parseLong(f[3]) / 1e6;
        }
        return new double[] {nsPerEvent, pauses};
    }

    @ParameterizedTest
    @ValueSource(strings = {"siddhi", "esper"})
    void aTrialRunsTheEngineAsFastAsTheBareLoopPlusItsClockReads(String engine) throws Exception {
        List<JsonNode> bares = new ArrayList<>();
        List<double[]> trials = new ArrayList<>(), capacities = new ArrayList<>();
        // Two rounds, and up to two more while a time bound is not met: a busy machine only ever
        // slows a run down, so more rounds bring the fastest of each kind closer to its real speed,
        // while a harness that really slows the engine (the first design: 2x and more) fails every round.
        double bareNs = 0, clock = 0, barePause = 0, trialNs = 0, trialPause = 0;
        double[] capacity = null;
        for (int round = 0; round < 4; round++) {
            bares.add(bare(engine));
            trials.add(trial(engine, false, "t" + round));
            capacities.add(trial(engine, true, "c" + round));
            if (round == 0) continue;
            bareNs = bares.stream()
                    .mapToDouble(b -> b.get("ns_per_event").asDouble())
                    .min()
                    .orElseThrow();
            clock = bares.stream()
                    .mapToDouble(b -> b.get("nanotime_ns").asDouble())
                    .min()
                    .orElseThrow();
            barePause = bares.stream()
                    .mapToDouble(b -> b.get("gc_pause_ms").asDouble())
                    .max()
                    .orElseThrow();
            trialNs = trials.stream().mapToDouble(t -> t[0]).min().orElseThrow();
            trialPause = trials.stream().mapToDouble(t -> t[1]).min().orElseThrow();
            capacity = new double[] {
                capacities.stream().mapToDouble(c -> c[0]).min().orElseThrow(),
                capacities.stream().mapToDouble(c -> c[1]).min().orElseThrow()
            };
            if (trialNs < 1.5 * (bareNs + 2 * clock) && capacity[0] < 1.5 * bareNs) break;
        }
        String figures = engine + ": bare " + bareNs + " ns/event (+ 2 × " + clock + " ns clock), trial " + trialNs
                + ", capacity " + capacity[0] + "; GC pauses while sending: bare " + barePause + " ms, trial "
                + trialPause + " ms, capacity " + capacity[1];
        assertThat(trialNs).as(figures).isLessThan(1.5 * (bareNs + 2 * clock));
        assertThat(capacity[0]).as(figures).isLessThan(1.5 * bareNs);
        assertThat(trialPause).as(figures).isLessThan(2 * barePause + 50);
        assertThat(capacity[1]).as(figures).isLessThan(2 * barePause + 50);
    }
}
