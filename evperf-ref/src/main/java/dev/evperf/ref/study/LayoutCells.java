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
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One layout's row of seed 001's Table 5.1, in a JVM of its own: {@code SELECT AVG(A1) FROM S [ROWS N]}
 * on ref with that layout, for each window size N in turn. Per size it measures
 * <ul>
 * <li>the window's memory: heap used after full collections with the window full, minus the same
 *     before the engine opened (everything else the JVM holds is in both readings);</li>
 * <li>throughput: events sent through the engine SPI per second of wall clock, after a warm-up, each
 *     event a new Object[] with new boxed values as a source would make it (the same loop for every
 *     layout; its own cost is measured too, as the bare loop with no engine).</li>
 * </ul>
 * Stream S is the seed's {@code (ID int, A1 double, A2 double, TS long)} with evperf's {@code seq long}
 * in front. A size that does not fit the heap is recorded as {@code oom}, and larger ones are skipped.
 * Arguments: {@code layout sizes(comma-separated) warmupSeconds measureSeconds staging resultFile}.
 */
public final class LayoutCells {
    static final StreamSchema S = new StreamSchema(
            "S",
            List.of(
                    new Field("seq", FieldType.LONG),
                    new Field("ID", FieldType.INT),
                    new Field("A1", FieldType.DOUBLE),
                    new Field("A2", FieldType.DOUBLE),
                    new Field("TS", FieldType.LONG)));
    private static final ObjectMapper JSON = new ObjectMapper();

    private LayoutCells() {}

    public static void main(String[] args) throws Exception {
        String layout = args[0];
        long[] sizes =
                Arrays.stream(args[1].split(",")).mapToLong(Long::parseLong).toArray();
        double warmup = Double.parseDouble(args[2]);
        double measure = Double.parseDouble(args[3]);
        int staging = Integer.parseInt(args[4]);
        Path out = Path.of(args[5]);
        try (Writer w = Files.newBufferedWriter(
                out, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            Map<String, Object> bare = new LinkedHashMap<>();
            bare.put("layout", "bare-loop");
            bare.put("events_per_s", bareLoop(warmup, measure));
            line(w, bare);
            boolean oom = false;
            for (long n : sizes) {
                Map<String, Object> cell = new LinkedHashMap<>();
                cell.put("layout", layout);
                cell.put("staging", staging);
                cell.put("window", n);
                if (oom) {
                    cell.put("result", "skipped");
                } else {
                    try {
                        cell.putAll(cell(layout, staging, n, warmup, measure));
                        cell.put("result", "ok");
                    } catch (OutOfMemoryError e) {
                        oom = true;
                        cell.put("result", "oom");
                    }
                }
                line(w, cell);
            }
        }
    }

    private static void line(Writer w, Map<String, Object> cell) throws IOException {
        w.write(JSON.writeValueAsString(cell));
        w.write('\n');
        w.flush();
    }

    /** Event {@code seq} of S, new, with new boxes (ID 1..1000, so few come from Integer's cache). */
    static Object[] event(long seq) {
        return new Object[] {seq, (int) (1 + seq % 1000), 1 + (double) (seq % 99), 2.5, seq};
    }

    private static double bareLoop(double warmup, double measure) {
        double[] sink = new double[1];
        InputHandle consumer = e -> sink[0] += (Double) e[2];
        timed(consumer, 0, warmup);
        double rate = timed(consumer, 0, measure)[0];
        if (sink[0] == 42) System.out.print(""); // keeps the sum alive
        return rate;
    }

    /** Sends events from {@code seq} for {@code seconds}; returns {events/s, events sent}. */
    static double[] timed(InputHandle in, long seq, double seconds) {
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long n = 0;
        long now;
        do {
            for (int i = 0; i < 4096; i++) in.send(event(seq++));
            n += 4096;
            now = System.nanoTime();
        } while (now < end);
        return new double[] {n / ((now - start) / 1e9), n};
    }

    static Map<String, Object> cell(String layout, int staging, long n, double warmup, double measure)
            throws Exception {
        long before = LiveHeap.usedAfterGc();
        Map<String, Object> options = Map.of("layout", layout, "staging", staging);
        String query = "SELECT AVG(A1) AS avg FROM S [ROWS " + n + "] INTO Out";
        Map<String, Object> cell = new LinkedHashMap<>();
        try (Engine engine = new RefEngineFactory().open(new EngineSpec(List.of(S), query, List.of("Out"), options))) {
            double[] sink = new double[1];
            long[] outputs = new long[1];
            engine.subscribe("Out", row -> {
                sink[0] += (Double) row[0];
                outputs[0]++;
            });
            InputHandle in = engine.input("S");
            long seq = 0;
            for (; seq < n; seq++) in.send(event(seq));
            long full = LiveHeap.usedAfterGc();
            cell.put("window_bytes", full - before);
            cell.put("heap_before", before);
            cell.put("heap_full", full);
            seq += (long) timed(in, seq, warmup)[1];
            long gcs = Heap.gcCount();
            long gcMs = Heap.gcMillis();
            double[] r = timed(in, seq, measure);
            cell.put("events_per_s", r[0]);
            cell.put("measured_events", (long) r[1]);
            cell.put("gc_count", Heap.gcCount() - gcs);
            cell.put("gc_ms", Heap.gcMillis() - gcMs);
            cell.put("measure_s", r[1] / r[0]);
            if (outputs[0] != seq + (long) r[1]) {
                throw new IllegalStateException(
                        "ref emitted " + outputs[0] + " rows for " + (seq + (long) r[1]) + " events");
            }
            if (sink[0] == 42) System.out.print("");
        }
        return cell;
    }
}
