package dev.evperf.analysis.spikes;

import java.util.List;

/**
 * An event or burst above the threshold, with what overlapped it.
 *
 * @param unit     {@link #EVENT} or {@link #BURST}
 * @param seq      the event's seq, or the burst's first seq
 * @param burst    burst index, -1 for events of a profile without bursts
 * @param pos      position in the burst (0-based), -1 for a burst or without bursts
 * @param startNs  send start on the trial's axis
 * @param endNs    send end
 * @param timeMs   endNs − startNs in ms
 * @param cause    the first of {@link Cause#ORDER} among {@code causes}, or {@link Cause#UNATTRIBUTED}
 * @param causes   everything that overlapped, in {@link Cause#ORDER}
 */
public record Spike(
        String unit,
        long seq,
        int burst,
        int pos,
        boolean measured,
        long startNs,
        long endNs,
        double timeMs,
        String cause,
        List<Cause> causes) {
    public static final String EVENT = "event";
    public static final String BURST = "burst";
}
