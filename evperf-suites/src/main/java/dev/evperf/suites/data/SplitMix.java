package dev.evperf.suites.data;

/**
 * Random values as pure functions of (seed, seq, field): SplitMix64's finalizer (whose outputs pass
 * BigCrush) over a linear mix of the three. Any value can be made again, alone, in any order, on
 * any machine: the generators keep no random state.
 */
public final class SplitMix {
    private SplitMix() {}

    /** 64 well-mixed bits for (seed, seq, field). */
    public static long bits(long seed, long seq, int field) {
        long z = seed * 0x9E3779B97F4A7C15L + seq * 0xBF58476D1CE4E5B9L + field * 0x94D049BB133111EBL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A uniform double in [0, 1) for (seed, seq, field). */
    public static double unit(long seed, long seq, int field) {
        return (bits(seed, seq, field) >>> 11) * 0x1.0p-53;
    }

    /** A uniform int in [0, n) from 64 mixed bits (n &lt; 2^31; the top 31 bits scaled, no division). */
    public static int below(long bits, int n) {
        return (int) (((bits >>> 33) * n) >>> 31);
    }
}
