package dev.evperf.analysis.summary;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.analysis.figures.Adaptivity;
import dev.evperf.analysis.figures.BurstStats;
import dev.evperf.analysis.figures.Cumulative;
import dev.evperf.analysis.figures.Disturbance;
import dev.evperf.analysis.figures.HeadTail;
import dev.evperf.analysis.figures.Latency;
import dev.evperf.analysis.figures.LatencyTrend;
import dev.evperf.analysis.figures.OutputLinks;
import dev.evperf.analysis.figures.PhaseRate;
import dev.evperf.analysis.figures.RateShape;
import dev.evperf.analysis.figures.SamplingError;
import dev.evperf.analysis.figures.TopBursts;
import dev.evperf.analysis.warmup.WarmUpCut;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Every figure of one trial, as plain data for JSON. The burst tables (burstStats, headTail,
 * topBursts) are null for a workload without bursts; all figures are null for a failed trial.
 *
 * @param params      the trial's matrix parameters from run.json (path → value), in order
 * @param achievedRate events/s over all measured events, from the first measured send start to the last measured send end ({@link PhaseRate#rate})
 * @param links       how the recorded outputs were linked to the inputs their latency is measured from
 * @param sampling    capacity mode (1 in k sends timed): the 95 % intervals of the sampled latency figures; null otherwise
 * @param warmUp      the warm-up transient detected, and whether the steady-state figures leave it
 *                    out (by default they do; rates and adaptivity use every measured event)
 * @param errors      the errors the engine raised while processing events (a trial with some, up to
 *                    trial.max_errors, is "ok with errors")
 * @param disturbance whether and how much the machine took the core away from the driver
 * @param warnings    every caution about these figures in one list ({@link Warnings}): errors,
 *                    disturbance, phases that were no steady state, warm-up, dominated means
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrialSummary(
        String id,
        Map<String, Object> params,
        Integer repetition,
        String status,
        String reason,
        Long events,
        Long measuredEvents,
        Long outputs,
        BurstStats burstStats,
        List<HeadTail.Row> headTail,
        Cumulative cumulative,
        List<TopBursts.Entry> topBursts,
        Latency latency,
        List<PhaseRate> rates,
        Double achievedRate,
        RateShape rateShape,
        LatencyTrend scheduledTrend,
        Adaptivity adaptivity,
        WarmUpCut warmUp,
        TrialErrors errors,
        Disturbance disturbance,
        List<Warning> warnings,
        OutputLinks links,
        SamplingError sampling) {

    public static final String OK = "ok";

    public TrialSummary {
        params = params == null ? Map.of() : params;
    }

    /**
     * Analyses a trial directory: from its per-event records when it has them, aggregated by DuckDB
     * over its Parquet files ({@link SqlSummary}, the one implementation of the summary's figures at
     * every size), else (records off) only the latency figures, from its HdrHistogram logs
     * ({@link HistogramSummary}).
     */
    public static TrialSummary load(
            String id, Map<String, Object> params, Integer repetition, Path dir, AnalysisOptions options) {
        TrialResult result = TrialResult.load(dir);
        RateShape shape = RateShape.load(dir, result);
        if (result == null || !result.recordsOff() || Files.exists(dir.resolve(Layout.EVENTS))) {
            return SqlSummary.of(id, params, repetition, dir, result, options)
                    .withIntervals(shape, LatencyTrend.scheduled(dir, result))
                    .withChecks(dir, result);
        }
        return HistogramSummary.of(id, params, repetition, dir, result, shape, options)
                .withChecks(dir, result);
    }

    /** The same summary under the identity run.json gives the trial (its matrix parameters and repetition). */
    public TrialSummary withRun(String id, Map<String, Object> params, Integer repetition) {
        return copy(id, params, repetition, rateShape, scheduledTrend, errors, disturbance, warnings);
    }

    /** The same summary with the figures read from the trial's intervals.csv. */
    public TrialSummary withIntervals(RateShape shape, LatencyTrend trend) {
        return copy(id, params, repetition, shape, trend, errors, disturbance, warnings);
    }

    /** The same summary with the trial's errors, its disturbance and the warnings on all its figures. */
    public TrialSummary withChecks(Path dir, TrialResult result) {
        TrialSummary s = copy(
                id,
                params,
                repetition,
                rateShape,
                scheduledTrend,
                TrialErrors.load(dir, result),
                Disturbance.load(dir, result),
                null);
        // The warnings read the errors and the disturbance, so they come from the summary that has them.
        return s.copy(
                id,
                params,
                repetition,
                rateShape,
                scheduledTrend,
                s.errors,
                s.disturbance,
                Warnings.of(s, result, dir));
    }

    /** This summary's figures with the parts that are added after the aggregation replaced. */
    private TrialSummary copy(
            String id,
            Map<String, Object> params,
            Integer repetition,
            RateShape shape,
            LatencyTrend trend,
            TrialErrors errors,
            Disturbance disturbance,
            List<Warning> warnings) {
        return new TrialSummary(
                id,
                params,
                repetition,
                status,
                reason,
                events,
                measuredEvents,
                outputs,
                burstStats,
                headTail,
                cumulative,
                topBursts,
                latency,
                rates,
                achievedRate,
                shape,
                trend,
                adaptivity,
                warmUp,
                errors,
                disturbance,
                warnings,
                links,
                sampling);
    }

    public static TrialSummary failed(
            String id, Map<String, Object> params, Integer repetition, String status, String reason) {
        return new TrialSummary(
                id,
                params,
                repetition,
                status,
                reason,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** "ok", "ok with 3 errors", or the status of a trial that failed. */
    @JsonProperty("status_text")
    public String statusText() {
        if (ok() && warnings != null && warnings.stream().anyMatch(w -> Warning.INVALID.equals(w.kind())))
            return "INVALID";
        return ok() && errors != null && errors.count() > 0
                ? "ok with " + errors.count() + (errors.count() == 1 ? " error" : " errors")
                : status;
    }

    /** Whether the machine disturbed the driver during the timed loop. */
    @JsonIgnore
    public boolean disturbed() {
        return disturbance != null && disturbance.disturbed();
    }

    @JsonIgnore
    public boolean ok() {
        return OK.equals(status);
    }

    /**
     * This summary as a JSON tree, written as {@link RunSummary} writes it (snake_case names,
     * undefined figures as null), for callers that embed it in their own JSON (e.g. run.json).
     */
    public JsonNode toJsonTree() {
        return Json.writer().valueToTree(this);
    }
}
