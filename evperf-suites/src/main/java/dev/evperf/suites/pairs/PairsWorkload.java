package dev.evperf.suites.pairs;

import dev.evperf.suites.translate.Translation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A Pairs run as an evperf workload: the StockTick stream read from the generated file, sent on the
 * simulated clock compressed to the run's wall minutes ({@code replay} of tickTS at speed
 * 1/compression), the translation as the engine's queries, its outputs (both, or Flink's Indicator alone) recorded
 * with their values; Flink's workload starts a broker and a MiniCluster for the trial.
 *
 * <p>The thesis's TS (the wall time stamped at send, §7.3.2) is evperf's sequence field here: the
 * harness stamps each tick with its seq and records its send time itself, and the outputs' inputTS
 * names the tick that caused them; latency is then receipt − that tick's send start, on the harness's
 * clock (docs/pairs.md).
 */
public final class PairsWorkload {
    private PairsWorkload() {}

    /** The ticks read from the generated file into a pool before the run, sent from it. */
    public static String yaml(Translation.Queries q, Path ticksFile, long ticks, double minutes) {
        return yaml(
                q,
                ticks,
                minutes,
                "    pool: " + ticks + "\n    file: {path: "
                        + quote(ticksFile.toAbsolutePath().toString())
                        + ", delimiter: \",\", header: true, columns: {symbol: 0, price: 1, size: 2, tickTS: 3}}\n");
    }

    /**
     * The same ticks fed live ({@link PairsLiveTicks}): the generator makes each tick while the run
     * goes, a bounded ring ahead of the sender, instead of the file being read into a pool.
     */
    public static String yamlLive(Translation.Queries q, PairsScale scale, double minutes, long seed, long ticks) {
        return yaml(
                q,
                ticks,
                minutes,
                String.format(
                        Locale.ROOT,
                        "    live: {source: pairs, args: {sf: %d, minutes: %s, seed: %d}}%n",
                        scale.sf(),
                        minutes,
                        seed));
    }

    private static String yaml(Translation.Queries q, long ticks, double minutes, String data) {
        double speed = 1 / RunProfile.of(new PairsScale(1), minutes).compression();
        StringBuilder b = new StringBuilder();
        b.append("name: pairs-").append(q.engine()).append('\n');
        b.append(
                "streams:\n  StockTick:\n    fields: {symbol: string, price: int, size: int, tickTS: long, TS: long}\n");
        b.append("    sequence: TS\n");
        b.append("data:\n  StockTick:\n").append(data);
        b.append("engine:\n  name: ").append(q.engine()).append('\n');
        b.append("  queries: |\n");
        for (String line : q.text().split("\n")) {
            b.append("    ").append(line).append('\n');
        }
        b.append("  outputs:\n");
        for (String o : q.outputNames()) {
            b.append("    ").append(o).append(": {sequence: inputTS, values: true}\n");
        }
        if (!q.options().isEmpty()) {
            b.append("  options: ").append(flow(q.options())).append('\n');
        }
        if (q.engine().equals("flink")) {
            // Flink runs behind Kafka (a broker and a MiniCluster started for the trial); a job may be minutes
            // behind its input on a loaded machine, so the drain gets most of the trial's time (as the suites')
            b.append("components:\n  broker: {start: true}\n  flink: {mode: minicluster}\n");
        }
        // The trial's time limit covers opening the engine too: Flink planned SF 1's job in 3.3 min and
        // Esper compiled SF 40's statements in 7 min on the loaded machine (docs/pairs.md), so the
        // default 10 minutes killed a 6-minute Flink run; the run's own minutes plus 20 leave room.
        b.append(String.format(Locale.ROOT, "trial:%n  timeout: %dm%n", (long) Math.ceil(minutes) + 20));
        if (q.engine().equals("flink")) b.append("  drain_timeout: 5m\n");
        b.append("load:\n  stream: StockTick\n  phases:\n");
        b.append(String.format(
                Locale.ROOT,
                "    - {name: run, replay: {column: tickTS, unit: ms, speed: %s, count: %d}}%n",
                speed,
                ticks));
        b.append("measure:\n  latency: [end-to-end]\n");
        return b.toString();
    }

    /** Options as a YAML flow mapping, nested maps included. */
    private static String flow(Map<?, ?> m) {
        return "{"
                + String.join(
                        ", ",
                        m.entrySet().stream()
                                .map(e -> e.getKey() + ": "
                                        + (e.getValue() instanceof Map<?, ?> v ? flow(v) : e.getValue()))
                                .toList())
                + "}";
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /**
     * Reads an engine's {@code values-<stream>.csv} into rows in the neutral field order: strings
     * unquoted, the four Indicator bands as doubles, other numbers as longs.
     */
    public static List<Object[]> readValues(Path file, List<String> neutral) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String[] header = lines.get(0).split(",");
        Map<String, Integer> column = new HashMap<>();
        for (int i = 0; i < header.length; i++) {
            column.put(header[i], i);
        }
        List<Object[]> rows = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            String[] cells = lines.get(n).split(",", -1);
            Object[] row = new Object[neutral.size()];
            for (int i = 0; i < row.length; i++) {
                Integer c = column.get(neutral.get(i));
                if (c == null) {
                    throw new IllegalArgumentException(file + ": no column " + neutral.get(i));
                }
                String v = cells[c];
                try {
                    row[i] = v.startsWith("\"")
                            ? v.substring(1, v.length() - 1).replace("\"\"", "\"")
                            : v.contains(".") || v.contains("E") || v.contains("N")
                                    ? (Object) Double.parseDouble(v)
                                    : (Object) Long.parseLong(v);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + (n + 1) + ": field " + neutral.get(i) + ": " + v);
                }
            }
            rows.add(row);
        }
        return rows;
    }
}
