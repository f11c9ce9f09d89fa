package dev.evperf.core.records;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What capacity mode (measure.timing: sampled) timed, and the error that puts on each figure, for
 * result.json. Counts and each phase's achieved rate stay exact (every send is counted, and every
 * phase's first and last send is timed); latency figures are those of the timed sample; the
 * generator lag and the per-interval rates are estimated between samples. Each phase's timed sends are set
 * against its time per event on a CPU ({@link HarnessShare}).
 */
final class SampledTiming {
    private SampledTiming() {}

    static Map<String, Object> describe(
            int every, long events, RecordSpill spill, long outputsReceived, List<Map<String, Object>> harness) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", "sampled");
        m.put("every", every);
        m.put("events", events);
        m.put("timed_events", spill.timedEvents());
        m.put("outputs", outputsReceived);
        m.put("timed_outputs", spill.outputsWritten());
        m.put("exact", "events_sent, outputs_received, each phase's achieved_rate (its first and last send are timed)");
        m.put(
                "sampled",
                "latency histograms (processing, end-to-end, scheduled) hold the timed events and their outputs only: a"
                        + " systematic 1-in-" + every
                        + " sample; a percentile's 95 % interval is the values at ranks n·p ± 1.96·√(n·p·(1−p))"
                        + " of the n timed values, a mean's ± 1.96·s/√n (both assume independent samples)");
        m.put(
                "estimated",
                "max_lag_ms and last_lag_ms are read at timed sends only: while behind schedule the lag grows between"
                        + " two samples by at most " + every
                        + " sends' time; intervals.csv input_rate counts each timed send with the untimed"
                        + " ones sent since the previous one (at most " + every
                        + " sends placed in the wrong interval at each boundary) and"
                        + " output_rate scales timed outputs by outputs / timed_outputs");
        m.put("timed_sends", harness);
        return m;
    }
}
