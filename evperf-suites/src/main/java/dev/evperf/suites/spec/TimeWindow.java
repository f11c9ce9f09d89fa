package dev.evperf.suites.spec;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;

/**
 * Q3 and Q4, the time-window aggregate {@code SELECT f(A1) FROM stream1 [RANGE W SLIDE P]} on
 * event time (TS), direct (Q3) or paned (Q4: f over P-long pane aggregates, {@code SUM(s)/SUM(c)}
 * for AVG). The question the test asks is whether an engine panes by itself.
 *
 * <p>The rows, in either form: for every window end e = k·P (k ≥ 1) holding at least one event,
 * {@code (wend = e, agg = f over the events with TS in [e − W, e))}, emitted once event time
 * reaches e (the first event with TS ≥ e). Every pane holds an event (event_rate · P ≥ 1 s), so
 * engines that close panes on events emit every window.
 *
 * <p>Engines without an event-time hopping window (Siddhi, Esper) write the direct form as a
 * sliding window with output every P of their own clock; their rows are {@code (seq, agg)}, f over
 * the events with TS in (TS_seq − W, TS_seq] up to input seq, and only some inputs have one:
 * {@link #sampledOutput()}.
 *
 * @param range W (10 min … 12 h in the thesis), a multiple of {@code slide}
 * @param slide P (1 s in the thesis)
 * @param paned Q4 instead of Q3
 */
public record TimeWindow(Stream1 stream, Aggregate function, Span range, Span slide, Boolean paned)
        implements QuerySpec {
    public TimeWindow {
        stream = stream == null ? Stream1.DEFAULT : stream;
        function = function == null ? Aggregate.AVG : function;
        Specs.check(range != null, "range", "is required, e.g. 10m");
        slide = slide == null ? new Span(1000) : slide;
        paned = paned != null && paned;
        Specs.check(range.millis() % slide.millis() == 0, "range", range + " is not a multiple of slide " + slide);
        Specs.check(
                function.paneable(),
                "function",
                function.yamlName()
                        + " cannot be computed from pane aggregates; the time-window test takes max, min, sum, count or avg");
        Specs.check(
                1000.0 / stream.eventRate() <= slide.millis(),
                "slide",
                "every pane of " + slide + " must hold an event: event_rate must be at least one per slide");
    }

    /** The panes a window spans. */
    public long panes() {
        return range.millis() / slide.millis();
    }

    /** The events of event time one window's range holds. */
    @Override
    public long reach() {
        return stream.eventsIn(range);
    }

    @Override
    public Stream1 data() {
        return stream;
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(
                new OutputSchema("Out", List.of(new Field("wend", FieldType.LONG), aggField()), "wend", List.of()));
    }

    /** The rows of the sliding form with output rate limiting, see the class comment. */
    public OutputSchema sampledOutput() {
        return new OutputSchema("Out", List.of(new Field("seq", FieldType.LONG), aggField()), "seq", List.of())
                .asSampled();
    }

    private Field aggField() {
        return new Field("agg", function == Aggregate.COUNT ? FieldType.LONG : FieldType.DOUBLE);
    }

    @Override
    public String label() {
        return "time_window " + function.yamlName() + " range=" + range + " slide=" + slide
                + (paned ? " paned" : " direct");
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.timeWindow(this);
    }
}
