package dev.evperf.suites.reference;

import dev.evperf.suites.spec.Aggregate;
import dev.evperf.suites.spec.TimeWindow;
import java.util.ArrayDeque;

/**
 * Q3 as engines without event-time hopping windows write it (a sliding TS window with output
 * every P of their own clock): after every input seq, f over the events up to seq with TS in
 * (TS_seq − W, TS_seq]. The engine emits some of these rows; each is checked against its input's.
 */
final class SlidingTimeModel implements Model {
    private final String out;
    private final Aggregate function;
    private final long range;
    private final int ts;
    private final ArrayDeque<double[]> events = new ArrayDeque<>(); // {TS, A1}
    private final WindowAggregates values;

    SlidingTimeModel(TimeWindow q, String out) {
        this.out = out;
        this.function = q.function();
        this.range = q.range().millis();
        this.ts = q.data().tsIndex();
        this.values = new WindowAggregates(function);
    }

    @Override
    public void onEvent(String stream, Object[] e, RowSink sink) {
        long t = (Long) e[ts];
        double a1 = (Double) e[2];
        events.addLast(new double[] {t, a1});
        values.add(a1);
        while (events.peekFirst()[0] <= t - range) {
            values.remove(events.removeFirst()[1]);
        }
        sink.row(out, new Object[] {e[0], values.value(function)});
    }
}
