package dev.evperf.suites.validate;

/**
 * When two output values agree. Integers (seq, ID, counts) must be equal. Floating-point values
 * agree when {@code |a − b| ≤ absolute + relative · max(|a|, |b|)}: engines sum in their own order
 * and compute STDDEV from running sums, so the last bits differ; the absolute term covers the
 * cancellation of a variance near 0 (two close values), the relative term large sums.
 */
public record Tolerance(double absolute, double relative) {
    /** 1e-6 absolute plus 1e-9 relative: far below the data's resolution (A_i in [1, 100)), far above rounding. */
    public static final Tolerance DEFAULT = new Tolerance(1e-6, 1e-9);

    public boolean agree(Object expected, Object produced) {
        if (expected == null || produced == null) {
            return expected == produced;
        }
        if (expected instanceof Number e && produced instanceof Number p) {
            if (integral(e) && integral(p)) {
                return e.longValue() == p.longValue();
            }
            double a = e.doubleValue();
            double b = p.doubleValue();
            if (Double.isNaN(a) || Double.isNaN(b)) {
                return Double.isNaN(a) && Double.isNaN(b);
            }
            return a == b || Math.abs(a - b) <= absolute + relative * Math.max(Math.abs(a), Math.abs(b));
        }
        return expected.equals(produced);
    }

    private static boolean integral(Number n) {
        return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
    }

    @Override
    public String toString() {
        return "|a − b| ≤ " + absolute + " + " + relative + "·max(|a|, |b|)";
    }
}
