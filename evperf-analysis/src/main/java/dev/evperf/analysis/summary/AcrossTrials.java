package dev.evperf.analysis.summary;

import dev.evperf.analysis.figures.Disturbance;
import dev.evperf.analysis.figures.HeadTail;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/** One headline line per trial, to compare the trials of a run (text table and CSV). */
public record AcrossTrials(
        String id,
        Map<String, Object> params,
        String status,
        Long errors,
        boolean disturbed,
        Disturbance disturbance,
        List<String> warnings,
        Double meanBurstMs,
        Double p99ProcessingUs,
        Double p99ScheduledUs,
        Double aOverBAtN1,
        Double achievedRate) {

    public static AcrossTrials of(TrialSummary t) {
        Long errors = t.errors() == null ? null : t.errors().count();
        List<String> warnings = t.warnings() == null
                ? List.of()
                : t.warnings().stream().map(Warning::kind).distinct().toList();
        if (!t.ok())
            return new AcrossTrials(
                    t.id(),
                    t.params(),
                    t.statusText(),
                    errors,
                    t.disturbed(),
                    t.disturbance(),
                    warnings,
                    null,
                    null,
                    null,
                    null,
                    null);
        return new AcrossTrials(
                t.id(),
                t.params(),
                t.statusText(),
                errors,
                t.disturbed(),
                t.disturbance(),
                warnings,
                t.burstStats() == null ? null : t.burstStats().meanMs(),
                t.latency().processing().p99Us(),
                t.latency().scheduled().p99Us(),
                t.headTail() == null
                        ? null
                        : t.headTail().stream()
                                .filter(r -> r.n() == 1)
                                .map(HeadTail.Row::aOverB)
                                .findFirst()
                                .orElse(null),
                t.achievedRate());
    }

    public static List<AcrossTrials> of(List<TrialSummary> trials) {
        return trials.stream().map(AcrossTrials::of).toList();
    }

    /**
     * The text table: the trial, one column per matrix parameter (short names and values), its
     * status, whether it was disturbed and the kinds of its warnings, and its headline figures. A
     * column no trial fills (the burst columns of a run without bursts, "disturbed" when none was) is
     * left out rather than shown empty or as n/a in every row.
     */
    static Table table(List<AcrossTrials> rows, ParamNames names) {
        List<String> keys = new ArrayList<>();
        rows.forEach(r -> r.params().keySet().forEach(k -> {
            if (!keys.contains(k)) keys.add(k);
        }));
        List<Column> labels = new ArrayList<>(List.of(
                new Column("disturbed", r -> r.disturbed() ? "yes" : "", AcrossTrials::disturbed),
                new Column("warnings", r -> String.join(" ", r.warnings()), r -> !r.warnings()
                        .isEmpty())));
        labels.removeIf(c -> rows.stream().noneMatch(c.applies));
        List<Column> columns = new ArrayList<>(List.of(
                new Column("mean burst ms", r -> Table.num(r.meanBurstMs(), 3), r -> r.meanBurstMs() != null),
                new Column(
                        "p99 processing µs", r -> Table.num(r.p99ProcessingUs(), 3), r -> r.p99ProcessingUs() != null),
                new Column("p99 scheduled µs", r -> Table.num(r.p99ScheduledUs(), 3), r -> defined(r.p99ScheduledUs())),
                new Column("A/B N=1", r -> Table.num(r.aOverBAtN1(), 2), r -> defined(r.aOverBAtN1())),
                new Column("achieved ev/s", r -> Table.num(r.achievedRate(), 1), r -> defined(r.achievedRate()))));
        columns.removeIf(c -> rows.stream().noneMatch(c.applies));
        List<String> header = new ArrayList<>(List.of("id"));
        keys.forEach(k -> header.add(names.key(k)));
        header.add("status");
        labels.forEach(c -> header.add(c.name));
        columns.forEach(c -> header.add(c.name));
        Table t = new Table(header.toArray(String[]::new)).labelColumns(keys.size() + 2 + labels.size());
        for (AcrossTrials r : rows) {
            List<Object> cells = new ArrayList<>(List.of(r.id()));
            keys.forEach(k -> cells.add(
                    r.params().containsKey(k) ? names.value(k, r.params().get(k)) : ""));
            cells.add(r.status());
            labels.forEach(c -> cells.add(c.cell.apply(r)));
            columns.forEach(c -> cells.add(c.cell.apply(r)));
            t.row(cells.toArray());
        }
        return t;
    }

    private record Column(String name, Function<AcrossTrials, String> cell, Predicate<AcrossTrials> applies) {}

    private static boolean defined(Double v) {
        return v != null && !v.isNaN();
    }
}
