package dev.evperf.core.trial;

import java.util.ArrayList;
import java.util.List;

/**
 * The search for the highest constant rate an engine sustains, one probe (a fresh trial) at a
 * time. Upward: each passing probe multiplies the rate by {@code factor}. Once a probe fails, the
 * highest pass and lowest failure bracket the capacity. A failed probe's achieved input rate is
 * itself an estimate of the capacity (a saturated synchronous engine accepts events exactly as
 * fast as it can process them), so the next probes go just above and just below it, which closes
 * the bracket to the precision in two probes when the estimate is good; otherwise the bracket is
 * bisected. Where Cloudprofiler's linear search took 1 kT/s steps, this needs ~log_factor(C/start)
 * + 2 probes.
 */
public final class SustainSearch {
    /** One probe: its target rate, whether it was sustained, and the input rate it achieved. */
    public record Probe(double rate, boolean sustained, double achieved, String reason) {}

    private final double start;
    private final double factor;
    private final double precision;
    private final int maxProbes;
    private final List<Probe> probes = new ArrayList<>();
    private double low = Double.NaN;
    private double high = Double.NaN;
    private double estimate = Double.NaN;

    /** @param precision relative width of the final bracket, e.g. 0.02 */
    public SustainSearch(double start, double factor, double precision, int maxProbes) {
        if (!(start > 0)) throw new IllegalArgumentException("the start rate must be above 0 events/s");
        if (!(factor > 1)) throw new IllegalArgumentException("the growth factor must be above 1");
        if (!(precision > 0 && precision < 1)) throw new IllegalArgumentException("the precision must be in (0, 1)");
        if (maxProbes < 1) throw new IllegalArgumentException("at least one probe is needed");
        this.start = start;
        this.factor = factor;
        this.precision = precision;
        this.maxProbes = maxProbes;
    }

    /** The next rate to probe, or null when the bracket is narrow enough or the probes are used up. */
    public Double next() {
        Double r = candidate();
        // Rates to 0.1 ev/s: readable labels, and a rate is never probed twice by a rounding difference.
        return r == null ? null : Math.max(0.1, Math.round(r * 10) / 10.0);
    }

    private Double candidate() {
        if (probes.size() >= maxProbes || done()) return null;
        if (probes.isEmpty()) return start;
        if (Double.isNaN(high)) return low * factor;
        if (Double.isNaN(low)) return high / factor;
        if (!Double.isNaN(estimate)) {
            double above = estimate * (1 + precision / 2);
            double below = estimate * (1 - precision / 2);
            if (inside(above) && !tried(above)) return above;
            if (inside(below) && !tried(below)) return below;
        }
        return (low + high) / 2;
    }

    /** Records a probe's outcome. */
    public void record(Probe p) {
        probes.add(p);
        if (p.sustained()) {
            low = Double.isNaN(low) ? p.rate() : Math.max(low, p.rate());
        } else {
            high = Double.isNaN(high) ? p.rate() : Math.min(high, p.rate());
            // Below the target: the engine set the pace, so the achieved rate estimates its capacity.
            if (p.achieved() > 0 && p.achieved() < p.rate()) estimate = p.achieved();
        }
    }

    public boolean done() {
        return !Double.isNaN(low) && !Double.isNaN(high) && (high - low) / high <= precision;
    }

    /** The highest sustained rate so far (NaN when none). */
    public double sustainable() {
        return low;
    }

    /** The lowest rate that was not sustained (NaN when none). */
    public double lowestFailure() {
        return high;
    }

    public List<Probe> probes() {
        return List.copyOf(probes);
    }

    private boolean inside(double r) {
        return r > low && r < high;
    }

    private boolean tried(double r) {
        return probes.stream().anyMatch(p -> Math.abs(p.rate() - r) < 0.1);
    }
}
