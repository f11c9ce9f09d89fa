package dev.evperf.analysis.stats;

import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * The Wilcoxon rank-sum test (Mann–Whitney U) of seed 003's evaluation method, from Apache
 * Commons Statistics with its defaults (two-sided): U of sample a = the number of pairs
 * (a_i, b_j) with a_i &gt; b_j, ties counting ½; exact p-value when both samples have under 50
 * values and no ties, else the normal approximation with tie and continuity corrections (as R's
 * {@code wilcox.test(exact = FALSE, correct = TRUE)}).
 *
 * <p>Like every rank test it assumes independent values: {@code compare} runs it over
 * {@link Units}, never over per-event values. Seed 003's Kolmogorov–Smirnov test is left out: over
 * units it asks only the location question the interval already answers, and over per-event
 * values (where its question, whether the shapes differ, would be new) its p-value is not valid.
 */
public final class TwoSampleTests {
    private TwoSampleTests() {}

    /**
     * @param u            U of sample a (pairs with a &gt; b, ties ½)
     * @param p            two-sided p-value
     * @param probALess    the common-language effect size P(a &lt; b) + ½ P(a = b) = 1 − U / (n_a n_b):
     *                     above ½ when a tends to be smaller
     */
    public record RankSum(double u, double p, double probALess) {}

    public static RankSum mannWhitney(double[] a, double[] b) {
        requireSamples(a, b);
        MannWhitneyUTest.Result r = MannWhitneyUTest.withDefaults().test(a, b);
        double u = r.getStatistic();
        return new RankSum(u, r.getPValue(), 1 - u / ((double) a.length * b.length));
    }

    private static void requireSamples(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) {
            throw new IllegalArgumentException(
                    "two-sample tests need at least 2 values per sample, got " + a.length + " and " + b.length);
        }
    }
}
