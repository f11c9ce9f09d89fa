package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.core.driver.EventSupply;
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
     * event): 2x. Measured as this test does (2026-11-23, load 25-46, no busy loops of its own), a trial with
     * every record on Siddhi's pass-through took 166-167 ns/event on a CPU against a bare loop of 97-113 + 2 x 19
     * (1.10-1.22x), capacity mode 131 against 113 (1.16x); after 8 M warm-up events capacity mode took 108 against
     * ~100 (1.08x). The 1.39x and 1.65x measured before (1 M warm-up events, time on a CPU estimated from the whole
     * loop's share) were mostly the JIT still compiling the trial's send path in the timed phase. The bound stays
     * loose because on a machine that starves the compiler every round may still see such compilations (then
     * all count, see {@link #steadiest}: 2.6x at worst after 1 M warm-up events); it guards against a harness that
     * gets worse, and the GC bounds below are what fails the first design (its GC pauses were 25x the bare loop's).
     */
    static final double TIME_BOUND = 2.0;

    /** Timed events per JVM: 32 of the supply's chunks, so that the timed phase starts on a chunk (see {@link #trial}). */
    static final long EVENTS = 32 * EventSupply.CHUNK;

    /**
     * Untimed events sent first, through the same path, so that the timed ones run compiled code: 4 M. After 1 M,
     * on a busy machine, the JIT was still compiling the trial's send path (Siddhi's chain, the output callback,
     * {@code Driver.sendSampled}) at tier 4 well into the timed phase, and capacity mode then took 157-261 ns per
     * event on a CPU against the bare loop's 97-103; after 8 M, 108 (2026-11-23, load 16-30). A trial whose timed
     * phase still saw such a compilation is not counted (see {@link #steady}).
     */
    static final long WARM_UP = 128 * EventSupply.CHUNK;

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
     * its wall ns per event. The time on a CPU is the sender's over the timed phase (result.json's disturbance,
     * by phase: the thread's CPU clock read once per chunk of events, and the timed phase starts on a chunk): on a
     * machine whose cores are all busy the sender shares them with the trial's own supply and records threads and
     * with the other work, which a one-thread bare loop does not, so wall times compare the CPU each got. (The
     * share of the whole loop's time spent on a CPU, applied to the timed phase's wall time, also counted the time
     * the sender was parked waiting for the supply as time on a CPU: capacity mode, the fastest loop, waited most.)
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
        double pauses = 0, compiled = 0;
        for (String line : Files.readAllLines(t.resolve("jvm-events.csv"))) {
            String[] f = line.split(",", 5);
            boolean compilation = f[0].equals("jit-compilation");
            if (!f[0].equals("gc-pause") && !(compilation && !steady(f[4]))) continue;
            long start = Long.parseLong(f[1]), end = Long.parseLong(f[2]);
            if (compilation && end >= runStart && end <= runEnd) compiled++;
            if (!compilation && start >= runStart && start <= runEnd) pauses += Long.parseLong(f[3]) / 1e6;
        }
        JsonNode byPhase = r.get("disturbance").get("senders_on_cpu_ms_by_phase");
        assertThat(byPhase.size()).as("phases with a time on a CPU").isEqualTo(2);
        return new double[] {byPhase.get(1).asDouble() * 1e6 / EVENTS, pauses, nsPerEvent, compiled};
    }

    /**
     * Whether a compilation (jvm-events.csv's detail: "class.method tier n") leaves the timed phase's steady
     * state alone: anything but tier 4 of the per-event path (the engine's classes, its adapter, the driver's
     * send loops and the output listener's records) runs beside the loop or replaces code already compiled.
     */
    static boolean steady(String detail) {
        if (!detail.contains("tier 4")) return true;
        return !(detail.contains("io.siddhi.")
                || detail.contains("com.espertech.")
                || detail.contains("dev.evperf.siddhi.")
                || detail.contains("dev.evperf.esper.")
                || detail.contains("Driver.send")
                || detail.contains("OutputRecords$")
                || detail.contains("OutputRecords.record")
                || detail.contains("OutputRecords.sendingChunk"));
    }

    /**
     * The fastest time on a CPU of the trials whose timed phase saw no tier-4 compilation of the send path (a
     * steady state), or of all when none did (a busy machine starving the compiler: the bounds then still hold
     * against a harness that really slows the engine, which fails every round).
     */
    static double[] steadiest(List<double[]> runs) {
        List<double[]> steady = runs.stream().filter(r -> r[3] == 0).toList();
        return (steady.isEmpty() ? runs : steady)
                .stream().min((a, b) -> Double.compare(a[0], b[0])).orElseThrow();
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
            trialNs = steadiest(trials)[0];
            trialPause = trials.stream().mapToDouble(t -> t[1]).min().orElseThrow();
            capacity = new double[] {
                steadiest(capacities)[0],
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
                + trialPause + " ms, capacity " + capacity[1] + "; send-path compilations in the timed phase, trial "
                + trials.stream().map(t -> (int) t[3]).toList() + ", capacity "
                + capacities.stream().map(c -> (int) c[3]).toList();
        System.out.println("bare-loop check, " + figures); // the figures in the build log, passed or not
        assertThat(trialNs).as(figures).isLessThan(TIME_BOUND * (bareNs + 2 * clock));
        assertThat(capacity[0]).as(figures).isLessThan(TIME_BOUND * bareNs);
        assertThat(trialPause).as(figures).isLessThan(2 * barePause + 50);
        assertThat(capacity[1]).as(figures).isLessThan(2 * barePause + 50);
    }
}
