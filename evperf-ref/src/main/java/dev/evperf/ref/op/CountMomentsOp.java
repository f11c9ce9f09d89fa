package dev.evperf.ref.op;

import dev.evperf.ref.agg.GroupIndex;
import dev.evperf.suites.spec.Aggregate;
import java.util.Arrays;

/**
 * The suites' sliding count window, {@code f(A1) [ROWS R SLIDE 1] GROUP BY ID} with f one of COUNT,
 * SUM, AVG, STDDEV, fused into one operator: the projected window (ID's group and A1, an int and a
 * double per event, in two rings) and the group's running count, sum and sum of squares in flat
 * arrays, with nothing between them. It gives the rows of {@link SlidingAggregateOp} over a
 * projected store (the same sums in the same order); it exists because the general operator's
 * indirections (stores, argument and select lists) cost about as much again per event as the work.
 */
public final class CountMomentsOp implements Operator {
    private final int seqField;
    private final int idField;
    private final int valueField;
    private final Aggregate function;
    private final GroupIndex groups = new GroupIndex(GroupIndex.Kind.INTEGRAL);
    private final int rows;
    private final int[] windowGroups;
    private final double[] windowValues;
    private int head;
    private int size;
    private long[] count = new long[128];
    private double[] sum = new double[128];
    private double[] squares = new double[128];
    private final Output out;
    private final Object[] row = new Object[3];

    public CountMomentsOp(int seqField, int idField, int valueField, Aggregate function, int rows, Output out) {
        if (function != Aggregate.COUNT
                && function != Aggregate.SUM
                && function != Aggregate.AVG
                && function != Aggregate.STDDEV) {
            throw new IllegalArgumentException(function + " is not computed from running sums");
        }
        this.seqField = seqField;
        this.idField = idField;
        this.valueField = valueField;
        this.function = function;
        this.rows = rows;
        this.windowGroups = new int[rows];
        this.windowValues = new double[rows];
        this.out = out;
    }

    @Override
    public void onEvent(Object[] e) {
        int g = groups.ofLong((Integer) e[idField]);
        double v = (Double) e[valueField];
        if (g >= count.length) grow(g);
        if (size == rows) {
            int og = windowGroups[head];
            double ov = windowValues[head];
            long n = --count[og];
            sum[og] = n == 0 ? 0 : sum[og] - ov;
            squares[og] = n == 0 ? 0 : squares[og] - ov * ov;
            head = head + 1 == rows ? 0 : head + 1;
            size--;
        }
        int tail = head + size;
        if (tail >= rows) tail -= rows;
        windowGroups[tail] = g;
        windowValues[tail] = v;
        size++;
        long n = ++count[g];
        double s = sum[g] += v;
        double q = squares[g] += v * v;
        row[0] = e[seqField];
        row[1] = e[idField];
        row[2] = switch (function) {
            case COUNT -> (Object) n;
            case SUM -> s;
            case AVG -> s / n;
            default -> n == 1 ? 0.0 : Math.sqrt(Math.max(0, (q - s * s / n) / n));
        };
        out.emit(row);
    }

    private void grow(int g) {
        int c = Math.max(g + 1, count.length * 2);
        count = Arrays.copyOf(count, c);
        sum = Arrays.copyOf(sum, c);
        squares = Arrays.copyOf(squares, c);
    }
}
