package dev.evperf.kstreams;

import dev.evperf.api.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.Joined;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * {@code join table <stream> on a = b [and c = d …]}: the DSL's stream–table inner join ({@code
 * KStream.join(KTable, …)}). The other stream's rows, re-keyed by their key fields, become a KTable
 * ({@code toTable}: the latest row per key, in a state store); each of this pipeline's rows, re-keyed
 * by its key fields, is joined with the table's row for its key as the table stands when the row is
 * processed, and dropped when there is none. The table is a static one, loaded before the stream:
 * its rows get record time 0, so that they hold from the start. Both sides go through repartition
 * topics of the application, co-partitioned, and a task takes the records of its partitions in
 * record-time order, so every table row it has fetched comes before any stream row (without time 0,
 * a table row and an event appended in the same millisecond may come in either order). A table row
 * not yet fetched while stream rows are: the engine's {@code max.task.idle.ms} makes the task wait
 * for it (a translation sets it). Rows: this pipeline's fields, then the table's fields other than
 * its key fields (equal to this side's).
 */
record TableJoinStep(String table, int[] leftKeys, int[] rightKeys, List<Field> left, List<Field> tableFields)
        implements Step {

    List<Field> outputFields() {
        List<Field> out = new ArrayList<>(left);
        for (int i = 0; i < tableFields.size(); i++) if (!isKey(i)) out.add(tableFields.get(i));
        return out;
    }

    private boolean isKey(int field) {
        for (int k : rightKeys) if (k == field) return true;
        return false;
    }

    @Override
    public KStream<String, Object[]> apply(KStream<String, Object[]> in) {
        throw new IllegalStateException("a table join needs the table's stream");
    }

    @Override
    public KStream<String, Object[]> apply(
            KStream<String, Object[]> in, Function<String, KStream<String, Object[]>> streams) {
        KTable<String, Object[]> t = streams.apply(table)
                .process(AtTimeZero::new)
                .selectKey((k, row) -> JoinStep.key(row, rightKeys))
                .toTable(Materialized.with(Serdes.String(), RowSerde.of(tableFields)));
        int width = outputFields().size();
        return in.selectKey((k, row) -> JoinStep.key(row, leftKeys))
                .join(
                        t,
                        (l, r) -> {
                            Object[] out = new Object[width];
                            System.arraycopy(l, 0, out, 0, l.length);
                            int at = l.length;
                            for (int i = 0; i < r.length; i++) if (!isKey(i)) out[at++] = r[i];
                            return out;
                        },
                        Joined.with(Serdes.String(), RowSerde.of(left), RowSerde.of(tableFields)));
    }

    /** Gives each table row record time 0: the table holds from the start of the stream. */
    private static final class AtTimeZero implements Processor<String, Object[], String, Object[]> {
        private ProcessorContext<String, Object[]> context;

        @Override
        public void init(ProcessorContext<String, Object[]> context) {
            this.context = context;
        }

        @Override
        public void process(Record<String, Object[]> row) {
            context.forward(row.withTimestamp(0));
        }
    }
}
