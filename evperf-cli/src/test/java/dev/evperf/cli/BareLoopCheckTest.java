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
 * up to four times while a time bound is not met; the fastest of each) so that a busy machine slows
 * all alike. Each JVM first sends {@link #WARM_UP} events untimed (the trial as a phase of its
 * own) and is timed over the next {@link #EVENTS}: on a quiet machine a whole 1 M-event run lasts
 * ~0.3 s, most of it the JIT compiling the send path, and a trial's longer path compiles later, so
 * whole runs compared the compilers (1.5-1.7x on a quiet machine, for f5c4093 and after alike) and
 * not the steady states this check is about. At this size a shared machine's noise is larger than
 * 10 %, so the test holds the structural part with loose bounds that the first design broke (its
 * whole-run live set made the engine's young collections copy evperf's events: 0.48x the bare
 * loop's rate, 25x its GC pause time): the trial's time per event is within {@link #TIME_BOUND}x of the bare
 * loop's plus its two clock reads per event, capacity mode's within it of the bare loop's (both as time
 * on a CPU, see {@link #trial}: with two busy loops on both cores the one-thread bare loop got 2/3
 * of a core and the trial's sender, beside its supply and records threads, about 2/5, so wall
 * times differed 2.6x for that reason alone), and the GC
 * pauses while sending within 2x the bare loop's plus 50 ms (a single young pause either way). The
 * 10 % figures at full size are in docs/benchmarks.md.
 */
class BareLoopCheckTest {
    @TempDir
    Path tmp;

    /**
     * Both time bounds, against the bare loop (plus, for a trial with every record, its two clock reads per
     * event): 2x. Measured in steady state on a CPU (2026-11-23), a trial with every record on Siddhi's
     * pass-through took 187 ns/event against a bare loop of 100 + 2 x 17 (1.39x; load ~2, no busy loops), and
     * capacity mode 151 against 91 (1.66x; two busy loops), more than every record: issue 9's "within 10 %"
     * targets are not met in steady state and are open; these figures are in docs/benchmarks.md. The bound
     * guards against a harness that gets worse; the GC bounds below are what fails the first design (its GC
     * pauses were 25x the bare loop's).
     */
    static final double TIME_BOUND = 2.0;

    /** Timed events per JVM. */
    static final long EVENTS = 1_000_000;

    /** Untimed events sent first, through the same path, so that the timed ones run compiled code. */
    static final long WARM_UP = 1_000_000;

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
                  phases: [{name: warm-up, max: {count: %d}}, {name: timed, max: {count: %d}}]
                measure: {live: false, sensors: {enabled: false}%s}
                """
                .formatted(
                        engine,
                        BareLoop.query(engine),
                        WARM_UP,
                        EVENTS,
                        capacity ? ", records: false, timing: sampled" : "");
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
                        String.valueOf(EVENTS),
                        String.valueOf(WARM_UP))
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

    /**
     * One trial in a fresh JVM: ns per event over its timed phase on a CPU, its GC pause ms while sending it, and
     * its wall ns per event. The time on a CPU is the wall time times the share of their loop the senders spent
     * running rather than runnable but waiting for a CPU (result.json's disturbance, from procfs schedstat): on a
     * machine whose cores are all busy the sender shares them with the trial's own supply and records threads and
     * with the other work, which a one-thread bare loop does not, so wall times compare the CPU each got.
     */
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
        assertThat(r.get("events_sent").asLong()).isEqualTo(WARM_UP + EVENTS);
        assertThat(r.get("outputs_received").asLong()).isEqualTo(WARM_UP + EVENTS);
        // A supply that cannot keep up makes the sender wait on most chunks; on a busy machine a supply thread
        // descheduled for a moment makes it wait once or twice, which the time bounds below then see.
        assertThat(r.get("harness_waits").get("supply").asLong()).isLessThan((WARM_UP + EVENTS) / 100_000);
        JsonNode timed = r.get("phases").get(1);
        assertThat(timed.get("name").asText()).isEqualTo("timed");
        double nsPerEvent = 1e9 / timed.get("achieved_rate").asDouble();
        // From the timed phase's first send start (last send end − its span) to the last send end (≈ run_ns): not
        // the warm-up phase, nor the preparation's System.gc() before it.
        long runEnd = r.get("run_ns").asLong();
        long runStart = runEnd - Math.round(EVENTS * nsPerEvent);
        double pauses = 0;
        for (String line : Files.readAllLines(t.resolve("jvm-events.csv"))) {
            String[] f = line.split(",");
            if (!f[0].equals("gc-pause")) continue;
            long start = Long.parseLong(f[1]);
            if (start >= runStart && start <= runEnd) pauses += Long.parseLong(f[3]) / 1e6;
        }
        JsonNode d = r.get("disturbance");
        double onCpu = d.get("senders_on_cpu_ms").asDouble(),
                waiting = d.get("senders_runqueue_wait_ms").asDouble();
        return new double[] {nsPerEvent * onCpu / (onCpu + waiting), pauses, nsPerEvent};
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
                    .mapToDouble(b -> b.get("on_cpu_ns_per_event").asDouble())
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
            if (trialNs < TIME_BOUND * (bareNs + 2 * clock) && capacity[0] < TIME_BOUND * bareNs) break;
        }
        String figures = engine + ": on a CPU, bare " + bareNs + " ns/event (+ 2 × " + clock + " ns clock), trial "
                + trialNs + ", capacity " + capacity[0] + "; wall, bare "
                + bares.stream()
                        .mapToDouble(b -> b.get("ns_per_event").asDouble())
                        .min()
                        .orElseThrow() + ", trial "
                + trials.stream().mapToDouble(t -> t[2]).min().orElseThrow() + ", capacity "
                + capacities.stream().mapToDouble(c -> c[2]).min().orElseThrow() + "; GC pauses while sending: bare "
                + barePause + " ms, trial "
                + trialPause + " ms, capacity " + capacity[1];
        System.out.println("bare-loop check, " + figures); // the figures in the build log, passed or not
        assertThat(trialNs).as(figures).isLessThan(TIME_BOUND * (bareNs + 2 * clock));
        assertThat(capacity[0]).as(figures).isLessThan(TIME_BOUND * bareNs);
        assertThat(trialPause).as(figures).isLessThan(2 * barePause + 50);
        assertThat(capacity[1]).as(figures).isLessThan(2 * barePause + 50);
    }
}
