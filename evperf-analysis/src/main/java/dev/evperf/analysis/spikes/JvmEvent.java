package dev.evperf.analysis.spikes;

import dev.evperf.results.Csv;
import dev.evperf.results.Layout;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One row of a trial's jvm-events.csv: a JFR event placed on the trial's nanoTime axis.
 *
 * @param kind   gc-pause, jit-compilation, safepoint or deoptimization
 * @param detail collector phase, compiled method and tier, deopt reason; "" when absent
 */
public record JvmEvent(String kind, long startNs, long endNs, String detail) {
    public static final String FILE = Layout.JVM_EVENTS;
    public static final String GC_PAUSE = "gc-pause";
    public static final String JIT_COMPILATION = "jit-compilation";
    public static final String SAFEPOINT = "safepoint";
    public static final String DEOPTIMIZATION = "deoptimization";

    /**
     * Reads TRIAL/jvm-events.csv by its header (kind, start_ns, end_ns required; detail optional),
     * sorted by start. Empty when the file is absent (the trial ran without JFR).
     *
     * @throws IllegalArgumentException naming the file and line for a malformed row
     */
    public static List<JvmEvent> load(Path trialDir) {
        Path file = trialDir.resolve(FILE);
        List<JvmEvent> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) return out;
        try (BufferedReader r = Files.newBufferedReader(file)) {
            String head = r.readLine();
            if (head == null) return out;
            List<String> h = Csv.split(head);
            int kind = h.indexOf("kind"),
                    start = h.indexOf("start_ns"),
                    end = h.indexOf("end_ns"),
                    detail = h.indexOf("detail");
            if (kind < 0 || start < 0 || end < 0) {
                throw new IllegalArgumentException(
                        file + ": expected columns kind, start_ns and end_ns in the header, got " + head);
            }
            String line;
            for (int no = 2; (line = r.readLine()) != null; no++) {
                if (line.isBlank()) continue;
                List<String> c = Csv.split(line);
                if (c.size() <= Math.max(kind, Math.max(start, end))) {
                    throw new IllegalArgumentException(
                            file + ":" + no + ": expected " + h.size() + " columns, got " + c.size());
                }
                try {
                    long s = Long.parseLong(c.get(start).trim()),
                            e = Long.parseLong(c.get(end).trim());
                    out.add(new JvmEvent(
                            c.get(kind).trim(),
                            s,
                            Math.max(s, e),
                            detail >= 0 && detail < c.size() ? c.get(detail) : ""));
                } catch (NumberFormatException ex) {
                    throw new IllegalArgumentException(
                            file + ":" + no + ": start_ns and end_ns must be integers (ns): " + line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        out.sort(Comparator.comparingLong(JvmEvent::startNs));
        return out;
    }
}
