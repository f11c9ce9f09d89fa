package dev.evperf.analysis.stats;

import dev.evperf.results.Layout;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * The metric samples of a trial over agents (docs/agents.md), from its events.csv in sequence order:
 * end-to-end latency (the driver agent's send start to the sink agent's receipt, both on the
 * controller's clock; each within its {@code clock_bound_ns}, which compare's figures do not widen)
 * and generator lag (send start − intended time). No warm-up is cut: an agent trial has no interval
 * series to detect one in.
 */
final class AgentTrialSamples {
    private static final String HEADER = "seq,intended_ns,send_ns,receipt_ns,latency_ns,clock_bound_ns";

    private AgentTrialSamples() {}

    /** @throws IllegalArgumentException one line naming the file and line that is not an agent trial's row */
    static Map<Metric, double[]> load(Path trialDir) {
        Path file = trialDir.resolve(Layout.AGENT_EVENTS);
        double[] latency = new double[1024], lag = new double[1024];
        int nl = 0, ng = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (!HEADER.equals(header)) throw new IllegalArgumentException(file + ":1: expected the header " + HEADER);
            String line;
            for (int n = 2; (line = in.readLine()) != null; n++) {
                String[] c = line.split(",", -1);
                if (c.length != 6) throw new IllegalArgumentException(file + ":" + n + ": expected 6 cells");
                try {
                    long intended = Long.parseLong(c[1]), send = Long.parseLong(c[2]);
                    if (send != 0) {
                        if (ng == lag.length) lag = Arrays.copyOf(lag, 2 * ng);
                        lag[ng++] = (send - intended) / 1e3;
                    }
                    if (!c[4].isEmpty()) {
                        if (nl == latency.length) latency = Arrays.copyOf(latency, 2 * nl);
                        latency[nl++] = Long.parseLong(c[4]) / 1e3;
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + n + ": not a number: " + e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        Map<Metric, double[]> out = new EnumMap<>(Metric.class);
        out.put(Metric.END_TO_END_LATENCY, Arrays.copyOf(latency, nl));
        out.put(Metric.GENERATOR_LAG, Arrays.copyOf(lag, ng));
        return out;
    }
}
