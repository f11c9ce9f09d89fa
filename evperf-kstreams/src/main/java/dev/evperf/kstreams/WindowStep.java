package dev.evperf.kstreams;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Suppressed;
import org.apache.kafka.streams.kstream.TimeWindows;

/**
 * {@code window <size> [advance <a>] (top f | most k | aggregate fn(f) as n, …)}: event-time windows
 * over all rows of the stream, tumbling, or hopping by {@code a}, aligned at multiples of the advance
 * from the epoch, on the record timestamp (the engine's option {@code timestamp} makes it a field of
 * the input). In the DSL: {@code groupBy(one key).windowedBy(TimeWindows.ofSizeWithNoGrace(size)
 * .advanceBy(a)).aggregate(…).suppress(untilWindowCloses).toStream()}: one result per window, when
 * stream time reaches its end (the first record at or after it; the end of input does not advance
 * stream time, so a query's last windows need a later record). Rows start with {@code wend}.
 *
 * <p>The aggregate's state is what the result needs, kept in Kafka Streams' window store (RocksDB)
 * and read and written whole on every record, as the DSL's {@code aggregate} does:
 * <ul>
 *   <li>{@code top f}: the window's rows at its largest {@code f} (ties: all); rows {@code (wend, row…)}.
 *   <li>{@code most k}: a count per value of {@code k}; rows {@code (wend, k, num)} for the values with
 *       the most rows (ties: all).
 *   <li>{@code aggregate}: sum, count, min and max per column; rows {@code (wend, n…)}, count a long,
 *       the others doubles (avg = sum / count).
 * </ul>
 */
record WindowStep(long sizeMs, long advanceMs, Kind kind, int field, List<Column> columns, List<Field> in)
        implements Step {
    enum Kind {
        TOP,
        MOST,
        AGGREGATE
    }

    /** {@code fn(field) as name}; fn is count (field -1: every row), sum, min, max or avg. */
    record Column(String fn, int field, String name) {}

    /** The rows this step emits. */
    List<Field> outputFields() {
        List<Field> out = new ArrayList<>(List.of(new Field("wend", FieldType.LONG)));
        switch (kind) {
            case TOP -> out.addAll(in);
            case MOST -> {
                out.add(in.get(field));
                out.add(new Field("num", FieldType.LONG));
            }
            case AGGREGATE -> {
                for (Column c : columns)
                    out.add(new Field(c.name(), c.fn().equals("count") ? FieldType.LONG : FieldType.DOUBLE));
            }
        }
        return out;
    }

    /** The fields of one state row: a window's kept rows (top), its (key, count) pairs (most), or 4 per column. */
    private List<Field> stateFields() {
        return switch (kind) {
            case TOP -> in;
            case MOST -> List.of(in.get(field), new Field("num", FieldType.LONG));
            case AGGREGATE -> {
                List<Field> f = new ArrayList<>();
                for (int i = 0; i < columns.size(); i++) {
                    f.add(new Field("sum" + i, FieldType.DOUBLE));
                    f.add(new Field("count" + i, FieldType.LONG));
                    f.add(new Field("min" + i, FieldType.DOUBLE));
                    f.add(new Field("max" + i, FieldType.DOUBLE));
                }
                yield f;
            }
        };
    }

    @Override
    public KStream<String, Object[]> apply(KStream<String, Object[]> rows) {
        TimeWindows windows =
                TimeWindows.ofSizeWithNoGrace(Duration.ofMillis(sizeMs)).advanceBy(Duration.ofMillis(advanceMs));
        return rows.groupBy((k, row) -> "", Grouped.with(Serdes.String(), RowSerde.of(in)))
                .windowedBy(windows)
                .aggregate(
                        () -> new Object[0][],
                        (k, row, state) -> add(state, row),
                        Materialized.with(Serdes.String(), rowsSerde(stateFields())))
                .suppress(Suppressed.untilWindowCloses(Suppressed.BufferConfig.unbounded()))
                .toStream()
                .flatMap((w, state) -> result(w.window().end(), state));
    }

    /** The state after {@code row}: a list of state rows (the aggregate's is one row). */
    private Object[][] add(Object[][] state, Object[] row) {
        switch (kind) {
            case TOP -> {
                if (state.length == 0) return new Object[][] {row};
                int c = compare(row[field], state[0][field]);
                if (c < 0) return state;
                if (c > 0) return new Object[][] {row};
                Object[][] more = Arrays.copyOf(state, state.length + 1);
                more[state.length] = row;
                return more;
            }
            case MOST -> {
                Object key = row[field];
                for (Object[] pair : state) {
                    if (Objects.equals(pair[0], key)) {
                        pair[1] = (Long) pair[1] + 1;
                        return state;
                    }
                }
                Object[][] more = Arrays.copyOf(state, state.length + 1);
                more[state.length] = new Object[] {key, 1L};
                return more;
            }
            default -> {
                Object[] s = state.length == 0 ? empty() : state[0];
                for (int i = 0; i < columns.size(); i++) {
                    Column col = columns.get(i);
                    if (col.field() >= 0 && row[col.field()] == null) continue;
                    double v = col.field() < 0 ? 0 : ((Number) row[col.field()]).doubleValue();
                    s[4 * i] = (Double) s[4 * i] + v;
                    s[4 * i + 1] = (Long) s[4 * i + 1] + 1;
                    s[4 * i + 2] = Math.min((Double) s[4 * i + 2], v);
                    s[4 * i + 3] = Math.max((Double) s[4 * i + 3], v);
                }
                return new Object[][] {s};
            }
        }
    }

    private Object[] empty() {
        Object[] s = new Object[4 * columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            s[4 * i] = 0.0;
            s[4 * i + 1] = 0L;
            s[4 * i + 2] = Double.POSITIVE_INFINITY;
            s[4 * i + 3] = Double.NEGATIVE_INFINITY;
        }
        return s;
    }

    /** A closed window's rows, each starting with its end. */
    private List<KeyValue<String, Object[]>> result(long wend, Object[][] state) {
        List<KeyValue<String, Object[]>> out = new ArrayList<>();
        switch (kind) {
            case TOP -> {
                for (Object[] row : state) out.add(KeyValue.pair(null, prepend(wend, row)));
            }
            case MOST -> {
                long most = 0;
                for (Object[] pair : state) most = Math.max(most, (Long) pair[1]);
                for (Object[] pair : state) {
                    if ((Long) pair[1] == most) out.add(KeyValue.pair(null, new Object[] {wend, pair[0], most}));
                }
            }
            case AGGREGATE -> {
                if (state.length == 0) break;
                Object[] s = state[0];
                Object[] row = new Object[1 + columns.size()];
                row[0] = wend;
                for (int i = 0; i < columns.size(); i++) {
                    long n = (Long) s[4 * i + 1];
                    row[1 + i] = switch (columns.get(i).fn()) {
                        case "count" -> n;
                        case "sum" -> s[4 * i];
                        case "min" -> n == 0 ? null : s[4 * i + 2];
                        case "max" -> n == 0 ? null : s[4 * i + 3];
                        default -> n == 0 ? null : (Double) s[4 * i] / n;
                    };
                }
                out.add(KeyValue.pair(null, row));
            }
        }
        return out;
    }

    private static Object[] prepend(long wend, Object[] row) {
        Object[] out = new Object[row.length + 1];
        out[0] = wend;
        System.arraycopy(row, 0, out, 1, row.length);
        return out;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        if (a == null || b == null) return a == null ? (b == null ? 0 : -1) : 1;
        if (a instanceof Number x && b instanceof Number y) return Double.compare(x.doubleValue(), y.doubleValue());
        return ((Comparable) a).compareTo(b);
    }

    /** A list of rows: their number, then each row's length and its {@link RowSerde} bytes. */
    private static Serde<Object[][]> rowsSerde(List<Field> fields) {
        Serde<Object[]> row = RowSerde.of(fields);
        Serializer<Object[][]> ser = (topic, rows) -> {
            if (rows == null) return null;
            List<byte[]> parts = new ArrayList<>(rows.length);
            int size = 4;
            for (Object[] r : rows) {
                byte[] b = row.serializer().serialize(topic, r);
                parts.add(b);
                size += 4 + b.length;
            }
            ByteBuffer buf = ByteBuffer.allocate(size).putInt(rows.length);
            for (byte[] b : parts) buf.putInt(b.length).put(b);
            return buf.array();
        };
        Deserializer<Object[][]> de = (topic, bytes) -> {
            if (bytes == null) return null;
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            Object[][] rows = new Object[buf.getInt()][];
            for (int i = 0; i < rows.length; i++) {
                byte[] b = new byte[buf.getInt()];
                buf.get(b);
                rows[i] = row.deserializer().deserialize(topic, b);
            }
            return rows;
        };
        return Serdes.serdeFrom(ser, de);
    }
}
