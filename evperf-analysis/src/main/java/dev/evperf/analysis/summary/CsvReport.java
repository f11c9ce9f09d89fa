package dev.evperf.analysis.summary;

import dev.evperf.analysis.figures.Disturbance;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The across-trials table as CSV (RFC 4180 quoting), one header line, one column per matrix
 * parameter so the file plots directly, named and valued as in the text ({@link ParamNames}; the full
 * values are in run.json). Every figure has its column, so scripts see one layout; undefined figures
 * are empty cells; numbers are unrounded.
 */
public final class CsvReport {
    private CsvReport() {}

    public static String render(RunSummary run) {
        List<AcrossTrials> rows = AcrossTrials.of(run.trials());
        ParamNames names =
                ParamNames.of(run.trials().stream().map(TrialSummary::params).toList());
        Set<String> keys = new LinkedHashSet<>();
        rows.forEach(r -> keys.addAll(r.params().keySet()));

        StringBuilder sb = new StringBuilder();
        line(
                sb,
                Stream.of(
                                Stream.of("id"),
                                keys.stream().map(names::key),
                                Stream.of(
                                        "status",
                                        "errors",
                                        "disturbed",
                                        "stall_ms",
                                        "driver_switches",
                                        "steal_ms",
                                        "warnings",
                                        "mean_burst_ms",
                                        "p99_processing_us",
                                        "p99_scheduled_us",
                                        "a_over_b_n1",
                                        "achieved_rate_per_s"))
                        .flatMap(s -> s)
                        .toList());
        for (AcrossTrials r : rows) {
            Stream<String> params = keys.stream()
                    .map(k -> r.params().containsKey(k)
                            ? names.value(k, r.params().get(k))
                            : "");
            Disturbance d = r.disturbance();
            line(
                    sb,
                    Stream.of(
                                    Stream.of(r.id()),
                                    params,
                                    Stream.of(
                                            r.status(),
                                            r.errors() == null ? "" : r.errors().toString(),
                                            d == null ? "" : String.valueOf(r.disturbed()),
                                            d == null ? "" : num(d.stallMs()),
                                            d == null || d.driverSwitches() == null
                                                    ? ""
                                                    : d.driverSwitches().toString(),
                                            d == null ? "" : num(d.stealMs()),
                                            String.join(";", r.warnings()),
                                            num(r.meanBurstMs()),
                                            num(r.p99ProcessingUs()),
                                            num(r.p99ScheduledUs()),
                                            num(r.aOverBAtN1()),
                                            num(r.achievedRate())))
                            .flatMap(s -> s)
                            .toList());
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells) {
        sb.append(cells.stream().map(CsvReport::quote).collect(Collectors.joining(",")))
                .append('\n');
    }

    private static String quote(String s) {
        if (s == null) return "";
        boolean needs = s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r");
        return needs ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    private static String num(Double v) {
        return v == null || v.isNaN() || v.isInfinite()
                ? ""
                : BigDecimal.valueOf(v).toPlainString();
    }
}
