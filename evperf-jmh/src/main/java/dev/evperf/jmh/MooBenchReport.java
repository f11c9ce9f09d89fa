package dev.evperf.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.stats.Bootstrap;
import dev.evperf.analysis.stats.NumberText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The MooBench table of an {@link InstrumentedMethodBenchmark} run, from JMH's JSON result file
 * ({@code -rf json -rff FILE}): per busy-wait value and instrumentation, the mean response time
 * with its bootstrap 95 % interval and the overhead against {@code none} (difference of means,
 * bootstrap 95 % interval of the difference), as Markdown.
 *
 * <p>The sample of a configuration is {@code primaryMetric.rawData}, every measured iteration of
 * every fork pooled: with one fork the intervals hold the iteration-to-iteration noise only, not
 * what changes between JVM launches.
 *
 * <pre>java -cp "target/evperf-jmh.jar:target/lib/*" dev.evperf.jmh.MooBenchReport RESULT.json</pre>
 */
public final class MooBenchReport {
    public static final String BASELINE = "none";
    /** Table order of the instrumentations; others follow by name. */
    static final List<String> LADDER = List.of(BASELINE, "null", "identity", "buffered", "compressed");

    private MooBenchReport() {}

    /**
     * One line of the table.
     *
     * @param overhead mean − the baseline's mean, null for the baseline or when the run has none
     */
    public record Row(
            long busyWaitMicros,
            String instrumentation,
            double[] samples,
            Bootstrap.Interval mean,
            Bootstrap.Interval overhead) {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println(
                    "usage: MooBenchReport JMH_RESULT.json   (from ./bench InstrumentedMethod -rf json -rff FILE)");
            System.exit(2);
        }
        JsonNode results = new ObjectMapper().readTree(Path.of(args[0]).toFile());
        System.out.print(markdown(rows(results, Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_SEED), unit(results)));
    }

    /** The rows, busy-wait values ascending, instrumentations in ladder order. */
    public static List<Row> rows(JsonNode results, int resamples, long seed) {
        Map<Long, Map<String, double[]>> byWait = new TreeMap<>();
        for (JsonNode r : results) {
            JsonNode params = r.path("params");
            if (!params.has("busyWaitMicros") || !params.has("instrumentation")) {
                continue; // another benchmark in the same file
            }
            long wait = Long.parseLong(params.get("busyWaitMicros").asText());
            String instr = params.get("instrumentation").asText();
            List<Double> v = new ArrayList<>();
            for (JsonNode fork : r.path("primaryMetric").path("rawData")) {
                for (JsonNode iteration : fork) {
                    v.add(iteration.asDouble());
                }
            }
            if (v.isEmpty()) {
                throw new IllegalArgumentException(
                        "no rawData for busyWaitMicros=" + wait + " instrumentation=" + instr);
            }
            double[] samples = v.stream().mapToDouble(Double::doubleValue).toArray();
            if (byWait.computeIfAbsent(wait, w -> new LinkedHashMap<>()).put(instr, samples) != null) {
                throw new IllegalArgumentException("busyWaitMicros=" + wait + " instrumentation=" + instr + " twice");
            }
        }
        Comparator<String> ladder = Comparator.comparingInt(
                        (String i) -> LADDER.contains(i) ? LADDER.indexOf(i) : LADDER.size())
                .thenComparing(Comparator.naturalOrder());
        List<Row> rows = new ArrayList<>();
        byWait.forEach((wait, configs) -> {
            double[] base = configs.get(BASELINE);
            configs.keySet().stream().sorted(ladder).forEach(instr -> {
                double[] v = configs.get(instr);
                Bootstrap.Interval mean = Bootstrap.mean(v, resamples, 0.95, seed, Bootstrap.DEFAULT_MAX_DRAW);
                Bootstrap.Interval overhead = base == null || instr.equals(BASELINE)
                        ? null
                        : Bootstrap.difference(base, v, resamples, 0.95, seed, Bootstrap.DEFAULT_MAX_DRAW)
                                .mean();
                rows.add(new Row(wait, instr, v, mean, overhead));
            });
        });
        return rows;
    }

    /** The score unit of the sweep's entries (e.g. ns/op); they must agree. */
    public static String unit(JsonNode results) {
        String unit = null;
        for (JsonNode r : results) {
            if (!r.path("params").has("busyWaitMicros")) {
                continue;
            }
            String u = r.path("primaryMetric").path("scoreUnit").asText();
            if (unit != null && !unit.equals(u)) {
                throw new IllegalArgumentException("mixed score units: " + unit + " and " + u);
            }
            unit = u;
        }
        return unit == null ? "?" : unit;
    }

    public static String markdown(List<Row> rows, String unit) {
        StringBuilder sb = new StringBuilder();
        sb.append("| busy wait (µs) | instrumentation | n | response time (")
                .append(unit)
                .append(") [95 % CI] | overhead vs ")
                .append(BASELINE)
                .append(" (")
                .append(unit)
                .append(") [95 % CI] |\n");
        sb.append("|---:|---|---:|---:|---:|\n");
        for (Row r : rows) {
            Bootstrap.Interval m = r.mean();
            sb.append(String.format(
                    Locale.ROOT,
                    "| %d | %s | %d | %s [%s, %s] | %s |\n",
                    r.busyWaitMicros(),
                    r.instrumentation(),
                    r.samples().length,
                    NumberText.num(m.estimate()),
                    NumberText.num(m.lo()),
                    NumberText.num(m.hi()),
                    r.overhead() == null ? "—" : NumberText.formatInterval(r.overhead())));
        }
        return sb.toString();
    }
}
