package dev.evperf.suites.spec;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;

/**
 * Q2, the count-window aggregate: {@code SELECT ID, f(A1) FROM stream1 [ROWS R SLIDE S] GROUP BY ID}.
 * The window holds the last R events of the whole stream; f is computed per ID over the window's
 * events of that ID.
 *
 * <p>Sliding (S = 1): after each input, one row for the input's ID: {@code (seq, ID, agg)}, seq being
 * the input's. Tumbling (S = R): when the R-th event of a window arrives, one row per ID present in
 * the window: {@code (seq, ID, agg)}, seq being the last of that ID's events in the window.
 *
 * @param rows  R (500…500 K in the thesis)
 * @param slide S: 1 (sliding) or R (tumbling)
 */
public record CountWindow(Stream1 stream, Aggregate function, Integer rows, Integer slide) implements QuerySpec {
    public CountWindow {
        stream = stream == null ? Stream1.DEFAULT : stream;
        Specs.check(function != null, "function", "is required: max, min, sum, count, avg, stddev or median");
        Specs.check(rows != null && rows >= 1, "rows", "is required, at least 1");
        slide = slide == null ? 1 : slide;
        Specs.check(slide == 1 || slide.equals(rows), "slide", "must be 1 (sliding) or rows (tumbling), not " + slide);
    }

    public boolean tumbling() {
        return slide > 1;
    }

    /** The window's R events of the whole stream. */
    @Override
    public long reach() {
        return rows;
    }

    @Override
    public Stream1 data() {
        return stream;
    }

    @Override
    public List<OutputSchema> outputs() {
        List<Field> fields = List.of(
                new Field("seq", FieldType.LONG),
                new Field("ID", FieldType.INT),
                new Field("agg", function == Aggregate.COUNT ? FieldType.LONG : FieldType.DOUBLE));
        return List.of(
                tumbling()
                        ? new OutputSchema("Out", fields, List.of("seq"), rows, List.of("ID"), false)
                        : new OutputSchema("Out", fields, "seq", List.of("ID")));
    }

    @Override
    public String label() {
        return "count_window " + function.yamlName() + " rows=" + rows + (tumbling() ? " tumbling" : " sliding");
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.countWindow(this);
    }
}
