package dev.evperf.analysis.summary;

import dev.evperf.analysis.figures.Disturbance;
import dev.evperf.analysis.figures.HeadTail;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** One headline line per trial, to compare the trials of a run (text table and CSV). */
public record AcrossTrials(String id, Map<String, Object> params, String status, Long errors, boolean disturbed, Disturbance disturbance,
                    List<String> warnings, Double meanBurstMs,
                    Double p99ProcessingUs, Double p99ScheduledUs, Double aOverBAtN1, Double achievedRate) {

    public static AcrossTrials of(TrialSummary t) {
        Long errors = t.errors() == null ? null : t.errors().count();
        List<String> warnings = t.warnings() == null ? List.of() : t.warnings().stream().map(Warning::kind).distinct().toList();
        if (!t.ok()) return new AcrossTrials(t.id(), t.params(), t.statusText(), errors, t.disturbed(), t.disturbance(), warnings,
                null, null, null, null, null);
        return new AcrossTrials(t.id(), t.params(), t.statusText(), errors, t.disturbed(), t.disturbance(), warnings,
                t.burstStats() == null ? null : t.burstStats().meanMs(),
                t.latency().processing().p99Us(),
                t.latency().scheduled().p99Us(),
                t.headTail() == null ? null : t.headTail().stream()
                        .filter(r -> r.n() == 1).map(HeadTail.Row::aOverB).findFirst().orElse(null),
                t.achievedRate());
    }

    public static List<AcrossTrials> of(List<TrialSummary> trials) {
        return trials.stream().map(AcrossTrials::of).toList();
    }

    /** "key=value key=value", for headings and the text table. */
    public static String params(Map<String, Object> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
