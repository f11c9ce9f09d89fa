package dev.evperf.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;

/**
 * SPBench's parameterisation from a pre-run (§ 4): a pattern with {@code auto: true} gets
 * min = 10 % T, max = 110 % T and period = E/3 (wave, binary, spike) or E (increasing,
 * decreasing), and a duration of E when none is given, from the pre-run's throughput T and
 * execution time E. Done on the workload tree, so the trial runs (and records) plain numbers.
 */
public final class AutoPatterns {
    static final List<String> PATTERNS = List.of("wave", "binary", "increasing", "decreasing", "spike");

    private AutoPatterns() {}

    /** True when any phase of the tree asks for auto parameters. */
    public static boolean needed(JsonNode tree) {
        for (JsonNode phase : tree.path("load").path("phases")) {
            for (String p : PATTERNS) {
                if (phase.path(p).path("auto").asBoolean(false)) return true;
            }
        }
        return false;
    }

    /**
     * The tree of the pre-run: the same streams, data, engine and queries, one phase of
     * {@code count} events at maximum rate, no per-event records.
     */
    public static ObjectNode preRun(JsonNode tree, long count) {
        ObjectNode pre = tree.deepCopy();
        pre.remove("matrix");
        ObjectNode load = pre.withObject("/load");
        load.remove("batch");
        load.putArray("phases")
                .addObject()
                .put("name", "pre-run")
                .putObject("max")
                .put("count", count);
        pre.withObject("/measure").put("records", false);
        return pre;
    }

    /** Fills in the auto parameters. @return a description of what was set, for the log */
    public static String apply(ObjectNode tree, double throughput, double executionSeconds) {
        StringBuilder said = new StringBuilder();
        for (JsonNode phase : tree.path("load").path("phases")) {
            for (String p : PATTERNS) {
                JsonNode d = phase.path(p);
                if (!d.path("auto").asBoolean(false)) continue;
                ObjectNode o = (ObjectNode) d;
                double period =
                        p.equals("increasing") || p.equals("decreasing") ? executionSeconds : executionSeconds / 3;
                o.remove("auto");
                o.put("min", 0.1 * throughput);
                o.put("max", 1.1 * throughput);
                o.put("period", String.format(Locale.ROOT, "%.6fs", period));
                if (!o.has("duration")) o.put("duration", String.format(Locale.ROOT, "%.6fs", executionSeconds));
                said.append(String.format(
                        Locale.ROOT,
                        "%s%s: min %.1f, max %.1f ev/s, period %.3f s, duration %s",
                        said.length() > 0 ? "; " : "",
                        p,
                        0.1 * throughput,
                        1.1 * throughput,
                        period,
                        o.get("duration").asText()));
            }
        }
        return said.toString();
    }
}
