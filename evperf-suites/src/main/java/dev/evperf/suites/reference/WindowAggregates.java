package dev.evperf.suites.reference;

import dev.evperf.suites.spec.Aggregate;
import java.util.Arrays;

/**
 * The values of one group in a window, kept so every function can be read after any add or
 * remove: running count, sum and sum of squares (AVG, SUM, STDDEV), and, when the function needs
 * order (MAX, MIN, MEDIAN), the values in a sorted array (binary search, one array move per update).
 */
final class WindowAggregates {
    private final boolean sorted;
    private long count;
    private double sum;
    private double sumSquares;
    private double[] values = new double[0];

    WindowAggregates(Aggregate function) {
        this.sorted = function == Aggregate.MAX || function == Aggregate.MIN || function == Aggregate.MEDIAN;
    }

    void add(double v) {
        count++;
        sum += v;
        sumSquares += v * v;
        if (sorted) {
            if (count > values.length) {
                values = Arrays.copyOf(values, Math.max(8, values.length * 2));
            }
            int at = position(v, (int) count - 1);
            System.arraycopy(values, at, values, at + 1, (int) count - 1 - at);
            values[at] = v;
        }
    }

    void remove(double v) {
        if (sorted) {
            int n = (int) count;
            int at = Arrays.binarySearch(values, 0, n, v);
            if (at < 0) {
                throw new IllegalStateException("removing " + v + ", which is not in the window");
            }
            System.arraycopy(values, at + 1, values, at, n - 1 - at);
        }
        count--;
        sum -= v;
        sumSquares -= v * v;
        if (count == 0) {
            sum = 0; // no drift carried into the group's next life
            sumSquares = 0;
        }
    }

    private int position(double v, int n) {
        int at = Arrays.binarySearch(values, 0, n, v);
        return at < 0 ? -at - 1 : at;
    }

    long count() {
        return count;
    }

    /** The function's value; COUNT is a Long, every other a Double. */
    Object value(Aggregate function) {
        int n = (int) count;
        return switch (function) {
            case COUNT -> count;
            case SUM -> sum;
            case AVG -> sum / count;
            case MAX -> values[n - 1];
            case MIN -> values[0];
            case MEDIAN -> n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
            case STDDEV -> count == 1 ? 0.0 : Math.sqrt(Math.max(0, (sumSquares - sum * sum / count) / count));
        };
    }
}
