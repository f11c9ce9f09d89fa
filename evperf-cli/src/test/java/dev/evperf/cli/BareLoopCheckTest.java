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
 * of evperf's driver), each in a fresh JVM, run interleaved (bare, trial, capacity mode; {@link #ROUNDS} rounds, the order rotated) so that
 * a busy machine slows all alike. Each JVM first sends {@link #WARM_UP} events untimed (the trial as a phase of its
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
 * pauses while sending within 2x the bare loop's plus 50 ms (a single young pause either way). Each bound holds the
 * median over {@link #ROUNDS} rounds of the per-round figure (ratios of JVMs run a minute apart at most, the order
 * rotated), and the test prints the median with its interval (the range of the rounds, 50 % coverage for 2). The
 * 10 % verdict needs more rounds: scripts/bare-loop-check.sh at full size, its figures in docs/benchmarks.md.
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
     * loose because on a machine that starves the compiler every round may still see such compilations (2.6x at
     * worst after 1 M warm-up events; the rounds with any are printed); it guards against a harness that
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
     * phase still saw such a compilation is printed as such (see {@link #steady}).
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
        // Capacity mode's JVM compiles the send loop early, and says so on its stdout when it takes the option.
        assertThat(Files.readString(t.resolve("stdout.txt")).contains("Driver.sendDue double CompileThresholdScaling"))
                .as("the trial JVM took the send loop's compile option")
                .isEqualTo(capacity);
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
     * Rounds: each a bare loop, a trial with every record and one in capacity mode, in fresh JVMs, the order rotated.
     * Two, as the test's cost allows (3 rounds took 1 362 s at load ~25, 2026-11-23): the printed interval is then
     * the two rounds' range, of 50 % coverage; the verdict at 95 % is the full-size script's.
     */
    static final int ROUNDS = 2;

    /**
     * The median of per-round ratios and the range of them, the distribution-free interval of the median with
     * coverage 1 − 2 / 2^n (50 % for 2 rounds, 75 % for 3): {median, low, high, coverage}. scripts/ratio_interval.py gives the
     * full-size check's, over more rounds, at 95 %.
     */
    static double[] median(List<Double> ratios) {
        List<Double> xs = ratios.stream().sorted().toList();
        int n = xs.size();
        double mid = n % 2 == 1 ? xs.get(n / 2) : (xs.get(n / 2 - 1) + xs.get(n / 2)) / 2;
        return new double[] {mid, xs.get(0), xs.get(n - 1), 1 - 2 / Math.pow(2, n)};
    }

    static String render(double[] m) {
        return String.format(
                java.util.Locale.ROOT, "median %.3f, %.0f %% interval [%.3f, %.3f]", m[0], 100 * m[3], m[1], m[2]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"siddhi", "esper"})
    void aTrialRunsTheEngineAsFastAsTheBareLoopPlusItsClockReads(String engine) throws Exception {
        List<Double> recordRatios = new ArrayList<>(), capacityRatios = new ArrayList<>();
        List<Double> barePauses = new ArrayList<>(),
                trialPauses = new ArrayList<>(),
                capacityPauses = new ArrayList<>();
        StringBuilder rounds = new StringBuilder();
        for (int round = 0; round < ROUNDS; round++) {
            JsonNode bare = null;
            double[] trial = null, capacity = null;
            // The order rotates, so that a machine getting busier or quieter favours no kind.
            for (int i = 0; i < 3; i++) {
                switch ((i + round) % 3) {
                    case 0 -> bare = bare(engine);
                    case 1 -> trial = trial(engine, false, "t" + round);
                    default -> capacity = trial(engine, true, "c" + round);
                }
            }
            double bareNs = bare.get("on_cpu_ns_per_event").asDouble(),
                    clock = bare.get("nanotime_ns").asDouble();
            recordRatios.add(trial[0] / (bareNs + 2 * clock));
            capacityRatios.add(capacity[0] / bareNs);
            barePauses.add(bare.get("gc_pause_ms").asDouble());
            trialPauses.add(trial[1]);
            capacityPauses.add(capacity[1]);
            rounds.append(String.format(
                    java.util.Locale.ROOT,
                    "%n  round %d: on a CPU, bare %.1f ns/event (+ 2 × %.1f clock), every record %.1f, capacity %.1f;"
                            + " wall, bare %.1f, every record %.1f, capacity %.1f; GC pauses while sending %.1f / %.1f /"
                            + " %.1f ms; send-path compilations in the timed phase %d / %d",
                    round + 1,
                    bareNs,
                    clock,
                    trial[0],
                    capacity[0],
                    bare.get("ns_per_event").asDouble(),
                    trial[2],
                    capacity[2],
                    barePauses.get(round),
                    trial[1],
                    capacity[1],
                    (int) trial[3],
                    (int) capacity[3]));
        }
        double[] records = median(recordRatios), capacity = median(capacityRatios);
        double barePause = median(barePauses)[0], trialPause = median(trialPauses)[0];
        double capacityPause = median(capacityPauses)[0];
        String figures = engine + ": every record / (bare + 2 clock reads) " + render(records) + "; capacity / bare "
                + render(capacity) + "; median GC pauses while sending, bare " + barePause + " ms, every record "
                + trialPause + ", capacity " + capacityPause + rounds;
        System.out.println("bare-loop check, " + figures); // the figures in the build log, passed or not
        assertThat(records[0]).as(figures).isLessThan(TIME_BOUND);
        assertThat(capacity[0]).as(figures).isLessThan(TIME_BOUND);
        assertThat(trialPause).as(figures).isLessThan(2 * barePause + 50);
        assertThat(capacityPause).as(figures).isLessThan(2 * barePause + 50);
    }
}
