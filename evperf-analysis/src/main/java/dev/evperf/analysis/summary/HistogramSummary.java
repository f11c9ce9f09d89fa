package dev.evperf.analysis.summary;

import dev.evperf.analysis.figures.HistogramLatency;
import dev.evperf.analysis.figures.LatencyTrend;
import dev.evperf.analysis.figures.OutputLinks;
import dev.evperf.analysis.figures.PhaseRate;
import dev.evperf.analysis.figures.RateShape;
import dev.evperf.analysis.figures.SamplingError;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.analysis.warmup.WarmUpCut;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The {@link TrialSummary} of a trial that ran with per-event records off: its latency figures from
 * the HdrHistogram logs (in capacity mode those of the sampled sends, with their intervals), its
 * counts and rates from result.json; the warm-up from the intervals' medians, cut by whole interval,
 * since the logs cannot be cut finer. The burst tables and adaptivity need the records and are absent.
 */
final class HistogramSummary {
    private HistogramSummary() {}

    /** Without its checks (errors, disturbance, warnings): the caller adds them, as for {@link SqlSummary}. */
    static TrialSummary of(
            String id,
            Map<String, Object> params,
            Integer repetition,
            Path dir,
            TrialResult result,
            RateShape shape,
            AnalysisOptions options) {
        // Records off: the warm-up from the intervals' medians, cut from the HdrHistogram logs by whole interval.
        WarmUp w = Files.isRegularFile(dir.resolve(Layout.INTERVALS))
                ? WarmUp.ofIntervals(WarmUp.readIntervals(dir, result))
                : null;
        boolean cut = options.cutWarmUp() && w != null && w.truncation() > 0 && w.endNs() != null;
        int every = result == null ? 0 : result.sampleEvery();
        return new TrialSummary(
                id,
                params,
                repetition,
                TrialSummary.OK,
                "per-event records off: latency from HdrHistogram logs only"
                        + (cut ? ", the warm-up cut to the logs' intervals" : "")
                        + (every > 0
                                ? "; capacity mode: 1 in " + every
                                        + " sends timed, latency figures are of that sample (intervals above)"
                                : ""),
                result == null ? null : result.eventsSent(),
                null,
                result == null ? null : result.outputsReceived(),
                null,
                null,
                null,
                null,
                HistogramLatency.load(dir, cut ? w.endNs() : null),
                result == null ? null : PhaseRate.fromResult(result),
                null,
                shape,
                LatencyTrend.scheduled(dir, result),
                null,
                w == null ? null : WarmUpCut.of(w, cut, null),
                null,
                null,
                null,
                OutputLinks.of(result),
                every > 0 ? SamplingError.of(dir, cut ? w.endNs() : null, every, result.timing()) : null);
    }
}
