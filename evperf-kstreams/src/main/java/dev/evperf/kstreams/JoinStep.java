package dev.evperf.kstreams;

import dev.evperf.api.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.JoinWindows;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.StreamJoined;

/**
 * {@code join <stream> on a = b [and c = d …] within <duration> [grace <duration>]}: the DSL's
 * stream–stream inner join ({@code KStream.join} with {@code JoinWindows.ofTimeDifferenceAndGrace}) of this pipeline's rows
 * with another stream's (an input, or an earlier pipeline's {@code into}), on equal key fields and
 * record times at most {@code within} apart. Both sides are re-keyed by their key fields (Kafka
 * Streams repartitions them through topics of the application) and each side's rows are kept in a
 * window store for {@code within} plus the grace; a pair is emitted once, when the later of its two rows is
 * processed. The join drops a row whose time is more than {@code within} plus the grace behind the
 * largest time either side has seen: the grace (default 0) lets one side lag the other, as the two
 * repartition topics of a self-join may at start-up, without changing which pairs match. Rows: this pipeline's fields, then the other stream's (their names must differ: rename
 * with {@code select … as}).
 */
record JoinStep(
        String right,
        int[] leftKeys,
        int[] rightKeys,
        long withinMs,
        long graceMs,
        List<Field> left,
        List<Field> rightFields)
        implements Step {

    List<Field> outputFields() {
        List<Field> out = new ArrayList<>(left);
        out.addAll(rightFields);
        return out;
    }

    @Override
    public KStream<String, Object[]> apply(KStream<String, Object[]> in) {
        throw new IllegalStateException("a join needs the other stream");
    }

    @Override
    public KStream<String, Object[]> apply(
            KStream<String, Object[]> in, Function<String, KStream<String, Object[]>> streams) {
        KStream<String, Object[]> other = streams.apply(right);
        return in.selectKey((k, row) -> key(row, leftKeys))
                .join(
                        other.selectKey((k, row) -> key(row, rightKeys)),
                        (l, r) -> {
                            Object[] out = new Object[l.length + r.length];
                            System.arraycopy(l, 0, out, 0, l.length);
                            System.arraycopy(r, 0, out, l.length, r.length);
                            return out;
                        },
                        JoinWindows.ofTimeDifferenceAndGrace(Duration.ofMillis(withinMs), Duration.ofMillis(graceMs)),
                        StreamJoined.with(Serdes.String(), RowSerde.of(left), RowSerde.of(rightFields)));
    }

    /** The key fields' values; numbers by their long value, so an int key meets a long one. */
    static String key(Object[] row, int[] keys) {
        StringBuilder b = new StringBuilder();
        for (int k : keys) {
            Object v = row[k];
            b.append(v instanceof Number n && !(v instanceof Double || v instanceof Float) ? n.longValue() : v)
                    .append('\u0000');
        }
        return b.toString();
    }
}
