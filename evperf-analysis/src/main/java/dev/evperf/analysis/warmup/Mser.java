package dev.evperf.analysis.warmup;

/**
 * MSER-5 (White 1997; Franklin and White 2008), the warm-up truncation rule of simulation output
 * analysis: average the series in batches of 5, and truncate the d batches that minimise the
 * marginal standard error of what is left,
 *
 * <pre>
 *   MSER(d) = Σ_{j=d}^{m−1} (Z_j − Z̄_d)² / (m − d)²,   d = 0 … ⌊m/2⌋,
 * </pre>
 *
 * where Z_j are the m = ⌊n/5⌋ batch means and Z̄_d the mean of Z_d … Z_{m−1}. Only the first half
 * is searched: past it, too few batches remain for the statistic to mean anything (and it would
 * reward truncating almost everything). Ties go to the smaller d. The truncation index in the
 * original series is 5·d: everything before it is the transient. A trailing partial batch is left
 * out of the statistic.
 */
public final class Mser {
    public static final int DEFAULT_BATCH = 5;

    private Mser() {}

    /** The MSER-5 truncation index into {@code series}: 0 for a series without a transient. */
    public static int truncation(double[] series) {
        return truncation(series, DEFAULT_BATCH);
    }

    /**
     * @param batch batch size (5 for MSER-5, 1 for plain MSER)
     * @return the index of the first value after the transient, a multiple of {@code batch};
     *         0 when there are fewer than two batches
     */
    public static int truncation(double[] series, int batch) {
        double[] stat = statistic(series, batch);
        int best = 0;
        for (int d = 1; d < stat.length; d++) {
            if (stat[d] < stat[best]) best = d;
        }
        return best * batch;
    }

    /**
     * Whether a truncation index for a series of that length is the last one MSER searched
     * (d = ⌊m/2⌋ batches): the statistic was still falling where the search stops, so the series
     * does not show where the transient ends.
     */
    public static boolean atSearchLimit(int truncation, int length) {
        return atSearchLimit(truncation, length, DEFAULT_BATCH);
    }

    public static boolean atSearchLimit(int truncation, int length, int batch) {
        int m = length / batch;
        return m >= 2 && truncation == (m / 2) * batch;
    }

    /**
     * MSER(d) for d = 0 … ⌊m/2⌋ (in batches); empty when there are fewer than two batches.
     *
     * @throws IllegalArgumentException for a batch size below 1 or a NaN in the series
     */
    public static double[] statistic(double[] series, int batch) {
        if (batch < 1) throw new IllegalArgumentException("batch size must be >= 1, got " + batch);
        int m = series.length / batch;
        if (m < 2) return new double[0];
        double[] z = new double[m];
        for (int j = 0; j < m; j++) {
            double s = 0;
            for (int k = 0; k < batch; k++) {
                double x = series[j * batch + k];
                if (Double.isNaN(x)) throw new IllegalArgumentException("series has NaN at index " + (j * batch + k));
                s += x;
            }
            z[j] = s / batch;
        }
        // Suffix sums make every d O(1): Σ(Z − Z̄)² = Σ Z² − (Σ Z)² / k, with values centred on the
        // overall mean first so the subtraction does not cancel away the digits.
        double centre = 0;
        for (double v : z) centre += v / m;
        double[] out = new double[m / 2 + 1];
        double sum = 0, sq = 0;
        double[] sufSum = new double[m + 1], sufSq = new double[m + 1];
        for (int j = m - 1; j >= 0; j--) {
            double v = z[j] - centre;
            sum += v;
            sq += v * v;
            sufSum[j] = sum;
            sufSq[j] = sq;
        }
        for (int d = 0; d < out.length; d++) {
            int k = m - d;
            double ss = Math.max(0, sufSq[d] - sufSum[d] * sufSum[d] / k);
            out[d] = ss / ((double) k * k);
        }
        return out;
    }
}
