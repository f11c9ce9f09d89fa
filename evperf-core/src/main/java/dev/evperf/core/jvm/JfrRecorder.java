package dev.evperf.core.jvm;

import dev.evperf.results.Layout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * JFR in every trial: GC pauses, JIT compilations, safepoints and deoptimizations, recorded by the
 * JVM itself and placed afterwards on the trial's nanoTime axis, so that a slow event or burst can
 * be laid next to what the JVM did at that moment (seed 000 did this by hand from -Xlog:gc).
 *
 * <p>Clock alignment: JFR stamps events with wall-clock Instants. The trial reads a (nanoTime,
 * wall clock) pair at its origin and at its end; an event at wall time w is put at
 * origin_nanotime + (w − origin_wall). The error of that mapping is the drift between the two
 * clocks over the trial (|(end_wall − origin_wall) − (end_nanotime − origin_nanotime)|, recorded
 * in result.json) plus the pairing uncertainty (half the time between the two reads of a pair,
 * well under a µs) plus the wall clock's resolution (1 µs for Instant on Linux).
 */
public final class JfrRecorder implements AutoCloseable {
    public static final String FILE = Layout.JFR;
    public static final String EVENTS = Layout.JVM_EVENTS;
    private final Recording recording;
    private final Path file;

    public JfrRecorder(Path trialDir) {
        this.file = trialDir.resolve(FILE);
        recording = new Recording();
        recording.setName("evperf-trial");
        // Every pause and compilation, whatever its length: spikes of a few µs matter here.
        recording.enable("jdk.GarbageCollection").withoutThreshold();
        recording.enable("jdk.GCPhasePause").withoutThreshold();
        recording.enable("jdk.Compilation").withoutThreshold();
        recording.enable("jdk.SafepointBegin").withoutThreshold();
        recording.enable("jdk.Deoptimization").withoutThreshold();
        recording.setToDisk(true);
        recording.start();
    }

    /** Stops the recording and writes it (trial.jfr). */
    @Override
    public void close() throws IOException {
        recording.stop();
        recording.dump(file);
        recording.close();
    }

    /**
     * Writes jvm-events.csv (kind, start_ns and end_ns on the trial's axis, duration_ns, detail)
     * and returns counts and totals per kind for result.json.
     */
    public Map<String, Object> place(Path trialDir, long originNanoTime, long originEpochNs) throws IOException {
        Map<String, long[]> totals = new LinkedHashMap<>(); // kind → {count, total ns, max ns}
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(trialDir.resolve(EVENTS)));
                RecordingFile in = new RecordingFile(file)) {
            w.println("kind,start_ns,end_ns,duration_ns,detail");
            while (in.hasMoreEvents()) {
                RecordedEvent e = in.readEvent();
                String kind = kind(e);
                if (kind == null) continue;
                long start = epochNs(e.getStartTime()) - originEpochNs;
                long duration = e.getDuration().toNanos();
                w.printf(
                        Locale.ROOT, "%s,%d,%d,%d,%s%n", kind, start, start + duration, duration, csv(detail(kind, e)));
                long[] t = totals.computeIfAbsent(kind, k -> new long[3]);
                t[0]++;
                t[1] += duration;
                t[2] = Math.max(t[2], duration);
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        totals.forEach((kind, t) -> out.put(kind, Map.of("count", t[0], "total_ms", t[1] / 1e6, "max_ms", t[2] / 1e6)));
        return out;
    }

    private static String kind(RecordedEvent e) {
        return switch (e.getEventType().getName()) {
            case "jdk.GCPhasePause" -> "gc-pause";
            case "jdk.Compilation" -> "jit-compilation";
            case "jdk.SafepointBegin" -> "safepoint";
            case "jdk.Deoptimization" -> "deoptimization";
            default -> null;
        };
    }

    private static String detail(String kind, RecordedEvent e) {
        try {
            return switch (kind) {
                case "gc-pause" -> e.getString("name");
                case "jit-compilation" -> {
                    RecordedMethod m = e.getValue("method");
                    yield (m == null ? "?" : m.getType().getName() + "." + m.getName()) + " tier "
                            + e.getValue("compileLevel");
                }
                case "deoptimization" -> {
                    RecordedMethod m = e.getValue("method");
                    yield (m == null ? "?" : m.getType().getName() + "." + m.getName()) + " " + e.getValue("reason");
                }
                default -> "";
            };
        } catch (RuntimeException ex) {
            return "";
        }
    }

    private static String csv(String s) {
        return s == null ? "" : '"' + s.replace("\"", "\"\"") + '"';
    }

    static long epochNs(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    /** For the alignment error: how far the two clocks moved apart over the trial. */
    public static long driftNs(long originNanoTime, long originEpochNs, long endNanoTime, long endEpochNs) {
        return (endEpochNs - originEpochNs) - (endNanoTime - originNanoTime);
    }
}
