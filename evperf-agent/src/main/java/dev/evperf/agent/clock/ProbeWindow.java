package dev.evperf.agent.clock;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The probes of one window (before the trial, one period during it, or after it) and the one
 * kept: the probe with the smallest network RTT, whose anchor has the tightest bound (seed 004's
 * MinRTT; the paper takes 100 round trips per anchor). Queueing only ever adds delay, so the fastest
 * round trip is the one least disturbed by it.
 */
public final class ProbeWindow {
    private final String label;
    private final List<Probe> probes = new ArrayList<>();
    private long wallNs;
    private long cpuNs;

    public ProbeWindow(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public void add(Probe p) {
        probes.add(p);
    }

    /** What taking the window cost the controller: its wall time and its thread's CPU time (ns). */
    public void spent(long wallNs, long cpuNs) {
        this.wallNs += wallNs;
        this.cpuNs += cpuNs;
    }

    public long wallNs() {
        return wallNs;
    }

    public long cpuNs() {
        return cpuNs;
    }

    public int size() {
        return probes.size();
    }

    /** @return the minimum-RTT probe */
    public Probe best() {
        return probes.stream()
                .min(Comparator.comparingLong(Probe::rtt))
                .orElseThrow(() -> new IllegalStateException("probe window '" + label + "' has no probe"));
    }

    /** The RTTs of every probe, in the order taken (ns): for the RTT distribution in the results. */
    public long[] rtts() {
        return probes.stream().mapToLong(Probe::rtt).toArray();
    }
}
