package dev.evperf.analysis.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * How compare writes its numbers, in the verdict's reason and in the tables alike: significant
 * digits rather than fixed decimals, because one comparison holds nanoseconds and events per second.
 */
public final class NumberText {
    private NumberText() {}

    /** e.g. "99 %" for 0.99. */
    public static String percent(double level) {
        return plain(level * 100) + " %";
    }

    /** Six significant digits at most, no trailing zeros, no exponent: "1", "0.5", "99.9". */
    public static String plain(double v) {
        return BigDecimal.valueOf(v)
                .round(new MathContext(6))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** e.g. "+98.7 µs [97.1, 100.2]". */
    public static String formatInterval(Bootstrap.Interval i) {
        if (i == null) return "";
        return String.format(Locale.ROOT, "%s [%s, %s]", signed(i.estimate()), num(i.lo()), num(i.hi()));
    }

    public static String signed(double v) {
        return (v > 0 ? "+" : "") + num(v);
    }

    /** Four significant digits, no exponent for everyday magnitudes. */
    public static String num(double v) {
        if (Double.isNaN(v)) return "-";
        if (Double.isInfinite(v)) return v > 0 ? "∞" : "-∞";
        double a = Math.abs(v);
        if (a == 0) return "0";
        if (a >= 1e7 || a < 1e-3) return String.format(Locale.ROOT, "%.3e", v);
        int digits = Math.max(0, 3 - (int) Math.floor(Math.log10(a)));
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    /** p-values: "<1e-300" at the floor of double, else 3 significant digits. */
    public static String p(Double p) {
        if (p == null || Double.isNaN(p)) return "-";
        if (p == 0) return "<1e-300";
        if (p < 1e-3) return String.format(Locale.ROOT, "%.2e", p);
        return String.format(Locale.ROOT, "%.4f", p);
    }
}
