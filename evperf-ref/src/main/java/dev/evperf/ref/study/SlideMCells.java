package dev.evperf.ref.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.InputHandle;
import dev.evperf.api.StreamSchema;
import dev.evperf.api.jvm.LiveHeap;
import dev.evperf.ref.RefEngineFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * One row of seed 001's Table 6.1 in a JVM of its own: the VWAP of each of 100 symbols over the last
 * hour, {@code SUM(price * volume) / SUM(volume) [RANGE 1 HOUR] GROUP BY symbol}, one result per tuple,
 * on ref with the window in SlideM (28-byte tuples, a pool of a few blocks).
 *
 * <p>Event time is the tuples' {@code ts}, advancing one hour per {@code window} tuples, so the window
 * holds {@code window} tuples whatever the injection rate; it is filled first at full speed, then
 * tuples are injected at {@code rate} per second (0: as fast as they go) for the measured seconds, on
 * an absolute schedule. Per tuple: the send's duration (the seed's latency: nanoTime just before and
 * after the engine call) and, when paced, the time from its intended send to the send's end. Disk
 * traffic is the kernel's count for this process ({@link ProcIo}); CPU is the process's CPU time.
 * Arguments: {@code rate window measureSeconds block poolBlocks directory directIo resultFile}.
 */
public final class SlideMCells {
    public static final StreamSchema TICKS = new StreamSchema(
            "Ticks",
            List.of(
                    new Field("ts", FieldType.LONG),
                    new Field("symbol", FieldType.STRING),
                    new Field("price", FieldType.DOUBLE),
                    new Field("volume", FieldType.LONG)));
    public static final String VWAP =
            "SELECT symbol, SUM(price * volume) / SUM(volume) AS vwap FROM Ticks [RANGE 1 HOUR ON ts]"
                    + " GROUP BY symbol INTO Vwap";
    private static final String[] SYMBOLS = new String[100];

    static {
        for (int i = 0; i < SYMBOLS.length; i++) SYMBOLS[i] = "SYM" + i;
    }

    private SlideMCells() {}

    /** Tuple {@code seq}: symbols in turn (as the seed), price and volume from a hash of seq. */
    public static Object[] tick(long seq, long window) {
        long h = seq * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        return new Object[] {
            seq * 3_600_000L / window,
            SYMBOLS[(int) (seq % SYMBOLS.length)],
            10 + (h & 0xFFFF) / 1000.0,
            100L + ((h >>> 20) & 1023)
        };
    }

    public static void main(String[] args) throws Exception {
        double rate = Double.parseDouble(args[0]);
        long window = Long.parseLong(args[1]);
        double seconds = Double.parseDouble(args[2]);
        Map<String, Object> options = Map.of(
                "store",
                "slidem",
                "block",
                Integer.parseInt(args[3]),
                "pool_blocks",
                Integer.parseInt(args[4]),
                "directory",
                args[5],
                "direct_io",
                Boolean.parseBoolean(args[6]));
        Path out = Path.of(args[7]);
        Map<String, Object> r = run(rate, window, seconds, options, Path.of(args[5]));
        Files.writeString(
                out,
                new ObjectMapper().writeValueAsString(r) + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    static Map<String, Object> run(double rate, long window, double seconds, Map<String, Object> options, Path dir)
            throws Exception {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("rate", rate);
        r.put("window_tuples", window);
        r.put("max_heap", Runtime.getRuntime().maxMemory());
        Histogram service = new Histogram(3_600_000_000_000L, 3);
        Histogram scheduled = new Histogram(3_600_000_000_000L, 3);
        long[] outputs = new long[1];
        double[] sink = new double[1];
        try (Engine engine =
                new RefEngineFactory().open(new EngineSpec(List.of(TICKS), VWAP, List.of("Vwap"), options))) {
            engine.subscribe("Vwap", row -> {
                outputs[0]++;
                sink[0] += (Double) row[1];
            });
            InputHandle in = engine.input("Ticks");
            long seq = 0;
            long fill0 = System.nanoTime();
            for (; seq < window; seq++) in.send(tick(seq, window));
            r.put("fill_s", (System.nanoTime() - fill0) / 1e9);
            r.put("window_file_bytes", windowFileBytes(dir));
            ProcIo io0 = ProcIo.now();
            long cpu0 = Heap.processCpuNanos();
            long gc0 = Heap.gcMillis();
            long start = System.nanoTime();
            long end = start + (long) (seconds * 1e9);
            double gap = rate > 0 ? 1e9 / rate : 0;
            long n = 0;
            long now = start;
            while (now < end) {
                long intended = rate > 0 ? start + (long) (n * gap) : 0;
                if (rate > 0) {
                    while ((now = System.nanoTime()) < intended) {
                        if (intended - now > 200_000) LockSupport.parkNanos(intended - now - 100_000);
                    }
                }
                Object[] t = tick(seq++, window);
                long s0 = System.nanoTime();
                in.send(t);
                now = System.nanoTime();
                service.recordValue(now - s0);
                if (rate > 0) scheduled.recordValue(Math.max(0, now - intended));
                n++;
            }
            double elapsed = (now - start) / 1e9;
            ProcIo io = ProcIo.now().minus(io0);
            r.put("measured_tuples", n);
            r.put("elapsed_s", elapsed);
            r.put("tuples_per_s", n / elapsed);
            r.put(
                    "cpu_percent",
                    Heap.processCpuNanos() < 0 ? -1 : 100.0 * (Heap.processCpuNanos() - cpu0) / (now - start));
            r.put("gc_ms", Heap.gcMillis() - gc0);
            r.put("send_ns", percentiles(service));
            if (rate > 0) r.put("scheduled_ns", percentiles(scheduled));
            r.put("disk_read_bytes", io.readBytes());
            r.put("disk_write_bytes", io.writeBytes());
            r.put("disk_read_calls", io.readCalls());
            r.put("disk_write_calls", io.writeCalls());
            r.put("window_file_bytes_end", windowFileBytes(dir));
            r.put("heap_used_after_gc", LiveHeap.usedAfterGc());
            if (outputs[0] != seq)
                throw new IllegalStateException("ref emitted " + outputs[0] + " rows for " + seq + " tuples");
        }
        if (sink[0] == 42) System.out.print("");
        return r;
    }

    static Map<String, Object> percentiles(Histogram h) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("mean", h.getMean());
        p.put("p50", h.getValueAtPercentile(50));
        p.put("p99", h.getValueAtPercentile(99));
        p.put("p999", h.getValueAtPercentile(99.9));
        p.put("max", h.getMaxValue());
        return p;
    }

    private static long windowFileBytes(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("ref-slidem-"))
                    .mapToLong(p -> p.toFile().length())
                    .sum();
        }
    }
}
