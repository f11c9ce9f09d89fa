package dev.evperf.analysis.trial;

/**
 * One burst: the events with seq in [from, to) that share a burst index.
 *
 * @param measured true when every event of the burst is in a measured phase
 */
public record Burst(int index, int from, int to, boolean measured) {
    public int size() {
        return to - from;
    }

    /** Burst processing time Time(S_i,*) = send_end of the last event − send_start of the first, ns. */
    public long timeNs(TrialData d) {
        return d.sendEnd(to - 1) - d.sendStart(from);
    }

    /** Event times of this burst in µs, in injection order. */
    public double[] eventTimesUs(TrialData d) {
        double[] t = new double[size()];
        for (int i = from; i < to; i++) t[i - from] = d.eventTimeNs(i) / 1_000.0; // ns to µs
        return t;
    }
}
