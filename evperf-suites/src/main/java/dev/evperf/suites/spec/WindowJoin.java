package dev.evperf.suites.spec;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import java.util.List;

/**
 * Q5, the window-to-window join: {@code SELECT * FROM stream1 [ROWS S] AS S1, stream2 [ROWS S] AS
 * S2 WHERE S1.ID = S2.ID}. Inputs alternate: even seq go to stream1, odd seq to stream2. Each
 * arriving event joins the other stream's window as it is (the event is in its own window, the
 * oldest pushed out); every match is one row {@code (s1seq, s2seq, ID)}.
 *
 * <p>MAX_ID is S / matches, so that an event finds {@code matches} events on average in the other
 * window (thesis J1-2: S = 50 K, 0.01…10 matches per event; J1-1: S = MAX_ID).
 *
 * @param rows    S, each window's size
 * @param matches matches per event
 */
public record WindowJoin(Stream1 stream, Integer rows, Double matches) implements QuerySpec {
    public WindowJoin {
        stream = stream == null ? Stream1.DEFAULT : stream;
        Specs.check(rows != null && rows >= 1, "rows", "is required, at least 1");
        matches = matches == null ? 1.0 : matches;
        double maxId = rows / matches;
        Specs.check(
                matches > 0 && maxId == Math.rint(maxId) && maxId >= 1,
                "matches",
                "rows / matches must be a whole MAX_ID, not " + rows + " / " + matches);
    }

    /** Each stream's window of S rows, the streams taking turns: 2 S events of the input. */
    @Override
    public long reach() {
        return 2L * rows;
    }

    @Override
    public Stream1 data() {
        return stream.withMaxId((int) Math.round(rows / matches));
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(data().schema(Stream1.STREAM1), data().schema(Stream1.STREAM2));
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(output("Out"));
    }

    static OutputSchema output(String name) {
        return new OutputSchema(
                name,
                List.of(
                        new Field("s1seq", FieldType.LONG),
                        new Field("s2seq", FieldType.LONG),
                        new Field("ID", FieldType.INT)),
                List.of("s1seq", "s2seq"),
                1,
                List.of("s1seq", "s2seq"),
                false);
    }

    @Override
    public String label() {
        return "window_join rows=" + rows + " matches=" + Specs.number(matches);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.windowJoin(this);
    }
}
