package dev.evperf.kstreams;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Suppressed;
import org.apache.kafka.streams.kstream.TimeWindows;

/** One step of a pipeline ({@link PipelineLanguage}), as Kafka Streams DSL calls on a stream of rows. */
sealed interface Step
        permits Step.Where, Step.Select, Step.Avg, Step.Count, Step.Distinct, WindowStep, JoinStep, TableJoinStep {

    KStream<String, Object[]> apply(KStream<String, Object[]> in);

    /** The step applied where other streams may be read: {@code streams} gives an input or an earlier pipeline's rows. */
    default KStream<String, Object[]> apply(
            KStream<String, Object[]> in, Function<String, KStream<String, Object[]>> streams) {
        return apply(in);
    }

    /**
     * Keeps the rows whose field (its remainder by {@code modulus} when that is above 0, as SQL's MOD)
     * compares true with the literal (numbers as doubles), or with another field of the row ({@link
     * Other}); op {@code in}: equals one of a list of literals.
     */
    record Where(int field, long modulus, String op, Object literal) implements Step {
        /** The right-hand side is this field of the same row. */
        record Other(int field) {}

        public KStream<String, Object[]> apply(KStream<String, Object[]> in) {
            return in.filter((k, row) -> test(row[field], literal instanceof Other o ? row[o.field()] : literal));
        }

        boolean test(Object v, Object literal) {
            if (literal == null) return false;
            if (v == null) return false;
            if (modulus > 0) {
                if (!(v instanceof Number n)) return false;
                v = n.longValue() % modulus;
            }
            if (op.equals("in")) {
                for (Object one : (List<?>) literal) {
                    if (compare(v, one) == 0) return true;
                }
                return false;
            }
            int c = compare(v, literal);
            return switch (op) {
                case "=" -> c == 0;
                case "!=" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                default -> c >= 0;
            };
        }

        private static int compare(Object v, Object literal) {
            if ((v instanceof Long || v instanceof Integer) && (literal instanceof Long || literal instanceof Integer))
                return Long.compare(((Number) v).longValue(), ((Number) literal).longValue());
            if (literal instanceof Number d && v instanceof Number n)
                return Double.compare(n.doubleValue(), d.doubleValue());
            if (literal instanceof Boolean b && v instanceof Boolean x) return Boolean.compare(x, b);
            return v.toString().compareTo(literal.toString());
        }
    }

    /** Keeps these fields, in this order; a field with a scale (not NaN) becomes its product with it, a double. */
    record Select(int[] fields, double[] scales) implements Step {
        public KStream<String, Object[]> apply(KStream<String, Object[]> in) {
            return in.mapValues(row -> {
                Object[] out = new Object[fields.length];
                for (int i = 0; i < fields.length; i++) {
                    Object v = row[fields[i]];
                    out[i] = Double.isNaN(scales[i]) || v == null ? v : scales[i] * ((Number) v).doubleValue();
                }
                return out;
            });
        }
    }

    /** A running average of a field per key: (key, average), one row per input row. */
    record Avg(int field, int key, List<Field> in) implements Step {
        public KStream<String, Object[]> apply(KStream<String, Object[]> rows) {
            List<Field> state = List.of(new Field("sum", FieldType.DOUBLE), new Field("count", FieldType.LONG));
            FieldType keyType = in.get(key).type();
            return rows.groupBy((k, row) -> String.valueOf(row[key]), Grouped.with(Serdes.String(), RowSerde.of(in)))
                    .aggregate(
                            () -> new Object[] {0.0, 0L},
                            (k, row, agg) -> new Object[] {
                                (Double) agg[0] + ((Number) row[field]).doubleValue(), (Long) agg[1] + 1
                            },
                            Materialized.with(Serdes.String(), RowSerde.of(state)))
                    .toStream()
                    .map((k, agg) ->
                            KeyValue.pair(k, new Object[] {keyType.parse(k), (Double) agg[0] / (Long) agg[1]}));
        }
    }

    /** Counts per key in tumbling windows of the record time: (key, window_start, window_end, count) per update. */
    record Count(int key, Duration every, List<Field> in) implements Step {
        public KStream<String, Object[]> apply(KStream<String, Object[]> rows) {
            FieldType keyType = in.get(key).type();
            return rows.groupBy((k, row) -> String.valueOf(row[key]), Grouped.with(Serdes.String(), RowSerde.of(in)))
                    .windowedBy(TimeWindows.ofSizeWithNoGrace(every))
                    .count(Materialized.with(Serdes.String(), Serdes.Long()))
                    .toStream()
                    .map((wk, c) -> KeyValue.pair(wk.key(), new Object[] {
                        keyType.parse(wk.key()),
                        wk.window().start(),
                        wk.window().end(),
                        c
                    }));
        }
    }

    /**
     * {@code window <size> [advance <a>] distinct f, …}: each distinct value of the fields in each
     * event-time window, once, when the window closes (rows {@code (wend, f, …)}). In the DSL: {@code
     * groupBy(the fields).windowedBy(TimeWindows, no grace).reduce(the first row)
     * .suppress(untilWindowCloses)}, as SQL's {@code GROUP BY f, …, window}. Windows close when the
     * stream time of the partition holding the group passes their end: with several partitions, the
     * last windows of a partition that no later record reaches stay open.
     */
    record Distinct(long sizeMs, long advanceMs, int[] fields, List<Field> in) implements Step {
        List<Field> outputFields() {
            List<Field> out = new ArrayList<>(List.of(new Field("wend", FieldType.LONG)));
            for (int f : fields) out.add(in.get(f));
            return out;
        }

        public KStream<String, Object[]> apply(KStream<String, Object[]> rows) {
            return rows.groupBy((k, row) -> key(row), Grouped.with(Serdes.String(), RowSerde.of(in)))
                    .windowedBy(TimeWindows.ofSizeWithNoGrace(Duration.ofMillis(sizeMs))
                            .advanceBy(Duration.ofMillis(advanceMs)))
                    .reduce((first, later) -> first, Materialized.with(Serdes.String(), RowSerde.of(in)))
                    .suppress(Suppressed.untilWindowCloses(Suppressed.BufferConfig.unbounded()))
                    .toStream()
                    .map((w, row) -> {
                        Object[] out = new Object[1 + fields.length];
                        out[0] = w.window().end();
                        for (int i = 0; i < fields.length; i++) out[1 + i] = row[fields[i]];
                        return KeyValue.pair(w.key(), out);
                    });
        }

        private String key(Object[] row) {
            StringBuilder b = new StringBuilder();
            for (int f : fields) b.append(row[f]).append('\u0000');
            return b.toString();
        }
    }
}
