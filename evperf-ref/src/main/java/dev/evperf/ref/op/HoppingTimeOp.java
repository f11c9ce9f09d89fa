package dev.evperf.ref.op;

import dev.evperf.ref.agg.MonoDeque;
import dev.evperf.suites.spec.Aggregate;
import java.util.Arrays;

/**
 * The time-window aggregate on event time, {@code f(A1) [RANGE W SLIDE P]} (seed 001, Q3 and Q4): for
 * every window end e = k·P, one row {@code (wend = e, f over the events with TS in [e − W, e))},
 * emitted when the first event with TS ≥ e arrives, if the window holds an event.
 *
 * <p>Direct (Q3): the window keeps every event (TS and A1 in two primitive arrays) and its running
 * count and sum; events older than e − W are subtracted when e closes; MAX/MIN by a monotonic deque.
 * Paned (Q4): only one partial aggregate per P-long pane is kept (count, sum, min, max), W/P of them;
 * count and sum are running totals over the panes, MAX/MIN a scan of the W/P panes per window.
 */
public final class HoppingTimeOp implements Operator {
    private final int tsField;
    private final int valueField;
    private final Aggregate function;
    private final long range;
    private final long slide;
    private final boolean paned;
    private final Output out;
    private final Object[] row = new Object[2];
    private long nextEnd = Long.MIN_VALUE;
    private long count;
    private double sum;
    // direct: the events, oldest first
    private long[] times = new long[1024];
    private double[] values = new double[1024];
    private int head;
    private int size;
    private long inserted;
    private final MonoDeque extreme;
    // paned: a ring of W/P panes; pane `current` is filling
    private final long[] paneCount;
    private final double[] paneSum;
    private final double[] paneMin;
    private final double[] paneMax;
    private int current;

    public HoppingTimeOp(
            int tsField, int valueField, Aggregate function, long rangeMs, long slideMs, boolean paned, Output out) {
        this.tsField = tsField;
        this.valueField = valueField;
        this.function = function;
        this.range = rangeMs;
        this.slide = slideMs;
        this.paned = paned;
        this.out = out;
        boolean extremes = function == Aggregate.MAX || function == Aggregate.MIN;
        this.extreme = !paned && extremes ? new MonoDeque(function == Aggregate.MAX) : null;
        int panes = paned ? (int) (rangeMs / slideMs) : 0;
        paneCount = new long[panes];
        paneSum = new double[panes];
        paneMin = new double[panes];
        paneMax = new double[panes];
        Arrays.fill(paneMin, Double.POSITIVE_INFINITY);
        Arrays.fill(paneMax, Double.NEGATIVE_INFINITY);
    }

    @Override
    public void onEvent(Object[] event) {
        long t = (Long) event[tsField];
        double v = (Double) event[valueField];
        if (nextEnd == Long.MIN_VALUE) nextEnd = Math.floorDiv(t, slide) * slide + slide;
        while (t >= nextEnd) {
            if (paned) closePane();
            else closeDirect();
            nextEnd += slide;
        }
        count++;
        sum += v;
        if (paned) {
            paneCount[current]++;
            paneSum[current] += v;
            paneMin[current] = Math.min(paneMin[current], v);
            paneMax[current] = Math.max(paneMax[current], v);
        } else {
            if (size == times.length) grow();
            int s = (head + size) % times.length;
            times[s] = t;
            values[s] = v;
            size++;
            if (extreme != null) extreme.add(v, inserted);
            inserted++;
        }
    }

    private void closeDirect() {
        long from = nextEnd - range;
        while (size > 0 && times[head] < from) {
            count--;
            sum = count == 0 ? 0 : sum - values[head];
            if (extreme != null) extreme.expire(inserted - size);
            head = (head + 1) % times.length;
            size--;
        }
        if (count > 0) emit(extreme == null ? 0 : extreme.extreme());
    }

    private void closePane() {
        if (count > 0) {
            double m = 0;
            if (function == Aggregate.MAX || function == Aggregate.MIN) {
                m = function == Aggregate.MAX ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
                for (int p = 0; p < paneCount.length; p++) {
                    m = function == Aggregate.MAX ? Math.max(m, paneMax[p]) : Math.min(m, paneMin[p]);
                }
            }
            emit(m);
        }
        // the oldest pane leaves the next window; it becomes the new filling pane
        current = (current + 1) % paneCount.length;
        count -= paneCount[current];
        sum = count == 0 ? 0 : sum - paneSum[current];
        paneCount[current] = 0;
        paneSum[current] = 0;
        paneMin[current] = Double.POSITIVE_INFINITY;
        paneMax[current] = Double.NEGATIVE_INFINITY;
    }

    private void emit(double extremeValue) {
        row[0] = nextEnd;
        row[1] = switch (function) {
            case COUNT -> (Object) count;
            case SUM -> sum;
            case AVG -> sum / count;
            default -> extremeValue;
        };
        out.emit(row);
    }

    private void grow() {
        long[] t = new long[times.length * 2];
        double[] v = new double[t.length];
        for (int i = 0; i < size; i++) {
            t[i] = times[(head + i) % times.length];
            v[i] = values[(head + i) % times.length];
        }
        times = t;
        values = v;
        head = 0;
    }
}
