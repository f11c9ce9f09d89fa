package dev.evperf.analysis.figures;

/**
 * The three latency modes, computed from the same records, over measured inputs only:
 * <ul>
 * <li>processing: send_end − send_start per measured event (synchronous engines);</li>
 * <li>end-to-end: received − send_start[seq] per output with a known seq — uncorrected, it hides
 *     the wait of events the driver sent late (coordinated omission);</li>
 * <li>scheduled: received − intended[seq] — measured from when the event should have been sent,
 *     so it keeps that wait; report it next to end-to-end, as wrk2 does.</li>
 * </ul>
 * All output streams are pooled. Computed by the SQL aggregation (SqlSummary over TrialQueries).
 */
public record Latency(LatencyStats processing, LatencyStats endToEnd, LatencyStats scheduled) {}
