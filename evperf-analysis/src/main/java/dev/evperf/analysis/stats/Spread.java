package dev.evperf.analysis.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * How far the locations reach: spread, the pooled standard deviation of the trials' medians
 * (trial units) or of the segments' medians (block units, see {@link Units#segmentLength}).
 *
 * @param length  values per segment (0 for trial units)
 * @param count   segments or trials of the two samples together
 */
public record Spread(double value, int length, int count) {
    static Spread of(Units a, Units b) {
        if (a.kind() == Units.Kind.TRIAL)
            return new Spread(pooledSd(a.medians(), b.medians()), 0, a.count() + b.count());
        List<double[]> both = new ArrayList<>(a.series());
        both.addAll(b.series());
        int length = Units.segmentLength(both, a.length());
        double[] ma = Units.medians(a.series(), length), mb = Units.medians(b.series(), length);
        return new Spread(
                ma.length < 2 || mb.length < 2 ? Double.NaN : pooledSd(ma, mb), length, ma.length + mb.length);
    }

    /** √(((n_a − 1) s_a² + (n_b − 1) s_b²) / (n_a + n_b − 2)). */
    static double pooledSd(double[] a, double[] b) {
        double sa = Describe.std(a), sb = Describe.std(b);
        return Math.sqrt(((a.length - 1) * sa * sa + (b.length - 1) * sb * sb) / (a.length + b.length - 2));
    }
}
