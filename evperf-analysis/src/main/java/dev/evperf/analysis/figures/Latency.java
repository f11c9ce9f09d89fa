package dev.evperf.analysis.figures;

import dev.evperf.analysis.trial.EventTimes;
import dev.evperf.analysis.trial.TrialData;

import java.util.Arrays;

/**
 * The three latency modes, computed from the same records, over measured inputs only:
 * <ul>
 * <li>processing: send_end − send_start per measured event (synchronous engines);</li>
 * <li>end-to-end: received − send_start[seq] per output with a known seq — uncorrected, it hides
 *     the wait of events the driver sent late (coordinated omission);</li>
 * <li>scheduled: received − intended[seq] — measured from when the event should have been sent,
 *     so it keeps that wait; report it next to end-to-end, as wrk2 does.</li>
 * </ul>
 * All output streams are pooled.
 */
public record Latency(LatencyStats processing, LatencyStats endToEnd, LatencyStats scheduled) {

    public static Latency of(TrialData d) {
        return new Latency(LatencyStats.of(EventTimes.measuredNs(d)), endToEnd(d, false), endToEnd(d, true));
    }

    private static LatencyStats endToEnd(TrialData d, boolean fromIntended) {
        int m = d.outputCount();
        long[] v = new long[m];
        int k = 0;
        for (int j = 0; j < m; j++) {
            long seq = d.outputSeq(j);
            if (seq < 0 || !d.measured((int) seq)) continue;
            long from = fromIntended ? d.intended((int) seq) : d.sendStart((int) seq);
            v[k++] = d.outputReceived(j) - from;
        }
        return LatencyStats.of(Arrays.copyOf(v, k));
    }
}
