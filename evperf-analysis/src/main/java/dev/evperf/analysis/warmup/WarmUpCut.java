package dev.evperf.analysis.warmup;

/**
 * What a trial summary left out as warm-up: the transient MSER-5 found (see {@link WarmUp}) and,
 * when the cut was applied, the measured events and bursts that the steady-state figures no longer
 * include.
 *
 * @param applied    whether the steady-state figures leave the transient out (false: detected only,
 *                   e.g. {@code --keep-warmup})
 * @param series     what MSER-5 ran on: bursts, intervals, or none (nothing to detect on)
 * @param points     the series' length
 * @param truncation points of the series in the transient
 * @param endS       end of the transient on the trial's time axis, s (null when nothing was measured)
 * @param events     measured events in the transient; null when the trial has no per-event records
 *                   (then the HdrHistogram logs are cut by whole interval)
 * @param bursts     measured bursts in the transient (bursty trials only)
 * @param inconclusive MSER-5's minimum was at the limit of its search: no end of warm-up shown,
 *                   nothing cut (see {@link WarmUp#inconclusive})
 */
public record WarmUpCut(
        boolean applied,
        String series,
        int points,
        int truncation,
        Double endS,
        Long events,
        Integer bursts,
        boolean inconclusive) {
    public static final String METHOD = "MSER-5";

    /** Describes a detection; {@code events} counts the measured events before its first steady one. */
    public static WarmUpCut of(WarmUp w, boolean applied, Long events) {
        return new WarmUpCut(
                applied,
                w.series(),
                w.points(),
                w.truncation(),
                w.endNs() == null ? null : w.endNs() / 1e9,
                events,
                w.skipBursts(),
                w.inconclusive());
    }

    /** Whether the detection found a transient at all. */
    public boolean found() {
        return truncation > 0;
    }
}
