package dev.evperf.cli;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.InputHandle;
import dev.evperf.api.StreamSchema;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.workload.Workload;
import dev.evperf.monitor.sensors.Descheduling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * The bare loop a trial is checked against: the pass-through query of seed 000 on an engine,
 * opened through its adapter, and a plain loop that makes each event when it sends it (a clone of
 * a row of the 1000-event pool with its boxed sequence number, as a trial's driver does) and sends
 * it. No evperf driver, supply, sink or records: only the engine API. Run it in a JVM of its own:
 *
 * <pre>java -cp "evperf-cli/target/evperf-cli.jar:evperf-cli/target/lib/*" dev.evperf.cli.BareLoop siddhi 10000000</pre>
 *
 * An optional third argument sends that many warm-up events first, through the same loop, untimed:
 * a short run is otherwise mostly the JIT compiling the engine's path, and a trial's longer path
 * takes longer to compile, so comparing whole short runs compares compilers, not steady states.
 *
 * It prints one JSON line: the timed events, the warm-up events, the loop's time, ns per event,
 * the loop thread's time on a CPU per event and its time waiting for a CPU (procfs schedstat, as
 * a trial's result.json gives its senders': on a machine whose cores are all busy these separate
 * what the send path costs from how much CPU the loop got),
 * the cost of one {@code System.nanoTime()} measured in the same JVM (10 M back-to-back calls after
 * the loop, time on a CPU), the GC pauses JFR recorded while the timed loop ran (jdk.GCPhasePause, as a
 * trial's result.json counts them) and the bytes C2 inlined into the loop's last tier-4 compilation before the end
 * (-1: none).
 */
public final class BareLoop {
    /** StockStream(id long, symbol string, price float, volume long), pool of 1000 with the default generators, seed 1. */
    static final StreamSchema SCHEMA = new StreamSchema(
            "StockStream",
            List.of(
                    new Field("id", FieldType.LONG),
                    new Field("symbol", FieldType.STRING),
                    new Field("price", FieldType.FLOAT),
                    new Field("volume", FieldType.LONG)));

    private BareLoop() {}

    static String query(String engine) {
        return switch (engine) {
            case "siddhi" -> "from StockStream select id, symbol, price, volume insert into OutputStream;";
            case "esper" -> "insert into OutputStream select id, symbol, price, volume from StockStream";
            case "null" -> "";
            default -> throw new IllegalArgumentException("no pass-through query for engine " + engine);
        };
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2 && args.length != 3) {
            System.err.println("usage: BareLoop ENGINE EVENTS [WARM-UP EVENTS]   (engine: siddhi, esper or null)");
            System.exit(2);
        }
        String engineName = args[0];
        long n = Long.parseLong(args[1]);
        long warm = args.length == 3 ? Long.parseLong(args[2]) : 0;
        Workload.DataDef data = new Workload.DataDef();
        data.pool = 1000;
        data.seed = 1;
        Object[][] pool = EventPool.build(SCHEMA, 0, data, null, "StockStream");
        long[] outputs = new long[1];
        Path jfr = Files.createTempFile("bareloop", ".jfr");
        try (Engine engine = Engines.get(engineName)
                        .open(new EngineSpec(List.of(SCHEMA), query(engineName), List.of("OutputStream"), Map.of()));
                Recording recording = new Recording()) {
            engine.subscribe("OutputStream", row -> outputs[0]++);
            InputHandle input = engine.input("StockStream");
            recording.enable("jdk.GCPhasePause").withoutThreshold();
            recording.enable("jdk.Compilation").withoutThreshold();
            System.gc();
            recording.start();
            send(input, pool, 0, warm);
            Instant from = Instant.now();
            long[] sched0 = Descheduling.schedstat();
            long t0 = System.nanoTime();
            send(input, pool, warm, warm + n);
            long loopNs = System.nanoTime() - t0;
            long[] sched1 = Descheduling.schedstat();
            double onCpuNs = sched0 == null || sched1 == null ? Double.NaN : (sched1[0] - sched0[0]) / (double) n;
            double waitMs = sched0 == null || sched1 == null ? Double.NaN : (sched1[1] - sched0[1]) / 1e6;
            Instant to = Instant.now();
            recording.stop();
            recording.dump(jfr);
            double pauseMs = 0;
            int pauses = 0;
            long loopInlined = -1;
            for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
                if (e.getEventType().getName().equals("jdk.Compilation")) {
                    if (!e.getStartTime().isAfter(to) && isLoop(e)) loopInlined = e.getLong("inlinedBytes");
                    continue;
                }
                if (e.getStartTime().isBefore(from) || e.getStartTime().isAfter(to)) continue;
                pauseMs += e.getDuration().toNanos() / 1e6;
                pauses++;
            }
            System.out.printf(
                    Locale.ROOT,
                    "{\"engine\": \"%s\", \"events\": %d, \"warm_up_events\": %d, \"outputs\": %d, \"loop_ns\": %d, \"ns_per_event\": %.3f,"
                            + " \"events_per_s\": %.1f, \"on_cpu_ns_per_event\": %s, \"runqueue_wait_ms\": %s,"
                            + " \"nanotime_ns\": %.3f, \"gc_pause_ms\": %.3f, \"gc_pauses\": %d, \"loop_inlined_bytes\": %d}%n",
                    engineName,
                    n,
                    warm,
                    outputs[0],
                    loopNs,
                    loopNs / (double) n,
                    n * 1e9 / loopNs,
                    number(onCpuNs),
                    number(waitMs),
                    nanoTimeCost(),
                    pauseMs,
                    pauses,
                    loopInlined);
        } finally {
            Files.deleteIfExists(jfr);
        }
    }

    /** Sends events {@code from} (inclusive) to {@code to}: a clone of a pool row with its sequence number. */
    private static void send(InputHandle input, Object[][] pool, long from, long to) {
        for (long seq = from; seq < to; seq++) {
            Object[] e = pool[(int) (seq % pool.length)].clone();
            e[0] = seq;
            input.send(e);
        }
    }

    /**
     * A tier-4 compilation of {@link #send}. Its inlined bytes tell which compiled form the engine's send chain got
     * in this JVM: how much of the chain C2 put into the loop, and where it left a call to a method it had already
     * compiled on its own. On Siddhi, every capacity trial whose loop left the chain a call was slow
     * (docs/benchmarks.md, "The compiled form"); a trial's loop reports the same from its JFR.
     */
    private static boolean isLoop(RecordedEvent e) {
        RecordedMethod m = e.getValue("method");
        return m != null
                && m.getType().getName().equals(BareLoop.class.getName())
                && m.getName().equals("send")
                && e.getInt("compileLevel") == 4;
    }

    /** A JSON number with three decimals, or null for NaN (procfs unreadable). */
    private static String number(double v) {
        return Double.isNaN(v) ? "null" : String.format(Locale.ROOT, "%.3f", v);
    }

    /**
     * ns per System.nanoTime() call, back to back (the clock reads a trial's records take), as time on a CPU
     * (the thread's CPU clock around the calls): on a busy machine the wall time of the calls also counts the
     * preemptions between them (935 ns per call at load 60, against 17-25 ns on a CPU).
     */
    static double nanoTimeCost() {
        long sink = 0;
        int calls = 10_000_000;
        long t0 = Descheduling.threadCpuNs();
        for (int i = 0; i < calls; i++) sink += System.nanoTime();
        long t = Descheduling.threadCpuNs() - t0;
        if (sink == 42) System.out.print("");
        return t / (double) calls;
    }
}
