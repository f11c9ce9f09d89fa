package dev.evperf.suites.reference;

import dev.evperf.suites.spec.Aggregate;
import dev.evperf.suites.spec.TimeWindow;
import java.util.ArrayDeque;

/**
 * Q3/Q4 on event time: for each window end e = k·P, f over the events with TS in [e − W, e),
 * emitted when an event with TS ≥ e arrives. Per pane it keeps count, sum, min and max; a window is
 * its W/P panes, read when it closes. The W/P windows holding the last event end after it: they are
 * open at the end of input ({@link #openAtEnd}).
 */
final class TimeWindowModel implements Model {
    private final String out;
    private final Aggregate function;
    private final long slide;
    private final int panes;
    private final int ts;
    /** The panes of the current window, oldest first; the last one is filling. */
    private final ArrayDeque<double[]> window = new ArrayDeque<>();

    private long nextEnd = Long.MIN_VALUE;

    TimeWindowModel(TimeWindow q, String out) {
        this.out = out;
        this.function = q.function();
        this.slide = q.slide().millis();
        this.panes = (int) q.panes();
        this.ts = q.data().tsIndex();
    }

    @Override
    public void onEvent(String stream, Object[] e, RowSink sink) {
        long t = (Long) e[ts];
        if (nextEnd == Long.MIN_VALUE) {
            nextEnd = Math.floorDiv(t, slide) * slide + slide;
            window.addLast(emptyPane());
        }
        while (t >= nextEnd) {
            close(sink);
        }
        double a1 = (Double) e[2];
        double[] pane = window.peekLast();
        pane[0]++;
        pane[1] += a1;
        pane[2] = Math.min(pane[2], a1);
        pane[3] = Math.max(pane[3], a1);
    }

    /** Emits the window ending at nextEnd, when it holds an event, and moves on by a pane. */
    private void close(RowSink sink) {
        Object agg = aggregate();
        if (agg != null) {
            sink.row(out, new Object[] {nextEnd, agg});
        }
        nextEnd += slide;
        window.addLast(emptyPane());
        if (window.size() > panes) {
            window.removeFirst();
        }
    }

    /** Every window holding the last pane that has events: the next W/P window ends. */
    @Override
    public void openAtEnd(RowSink sink) {
        if (nextEnd == Long.MIN_VALUE) {
            return;
        }
        for (long i = 0; i < panes; i++) {
            close(sink);
        }
    }

    private static double[] emptyPane() {
        return new double[] {0, 0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    }

    /** f over the window's panes, or null when they hold no event. */
    private Object aggregate() {
        double count = 0, sum = 0, min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (double[] p : window) {
            count += p[0];
            sum += p[1];
            min = Math.min(min, p[2]);
            max = Math.max(max, p[3]);
        }
        if (count == 0) {
            return null;
        }
        return switch (function) {
            case COUNT -> (long) count;
            case SUM -> sum;
            case AVG -> sum / count;
            case MIN -> min;
            case MAX -> max;
            default -> throw new IllegalStateException(function + " is not paneable");
        };
    }
}
