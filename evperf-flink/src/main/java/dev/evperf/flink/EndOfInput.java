package dev.evperf.flink;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.kafka.io.RowCodec;
import java.io.IOException;
import java.util.List;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * How the end of input travels through a Flink job that no query can stop: as a watermark. An
 * end marker read from an input partition becomes a watermark at the end of time for that
 * partition's split; Flink lets a watermark pass an operator only after everything before it, and
 * forwards the smallest over all inputs, so when the end-of-time watermark reaches the job's last
 * operator, every input partition has ended and every output those inputs cause has been
 * emitted (event-time windows fire on the way). There {@link Marker} writes an end marker behind
 * the last output of each output partition, for the sink. Between markers the watermark follows
 * the record time (the broker's append time, or the data's event time with option {@code timestamp}),
 * so event-time queries work on it.
 *
 * <p>Some operators hold watermarks back by a fixed delay: an interval join (the micro suite's
 * pattern) forwards each watermark its interval earlier, so the end of time reaches the marker as
 * {@code Long.MAX_VALUE − w}. Any watermark at or past {@link #END} is therefore the end of input
 * (the operator has seen the end of time: everything before it is out), and the watermarks that
 * follow records are kept below {@code END}.
 */
final class EndOfInput {
    private EndOfInput() {}

    /**
     * Watermarks from here on can only come from the end-of-time watermark, held back by operators
     * by less than half of time; record times never come near it (292 million years in ms).
     */
    static final long END = Long.MAX_VALUE / 2;

    /** Whether a watermark reaching an operator means every input has ended. */
    static boolean isEndOfTime(long watermark) {
        return watermark >= END;
    }

    /** Input records as rows; an end marker becomes a row of kind UPDATE_BEFORE, which no input has. */
    static final class Deserializer implements KafkaRecordDeserializationSchema<Row> {
        private final FieldType[] types;
        private final RowTypeInfo type;
        private transient RowCodec codec;

        Deserializer(List<Field> fields, RowTypeInfo type) {
            this.types = fields.stream().map(Field::type).toArray(FieldType[]::new);
            this.type = type;
        }

        @Override
        public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Row> out) throws IOException {
            byte[] v = record.value();
            if (RowCodec.isEnd(v)) {
                out.collect(Row.withPositions(
                        RowKind.UPDATE_BEFORE, types.length)); // full arity: the row serializer copies it
                return;
            }
            if (codec == null) codec = new RowCodec(Rows.fields(List.of(type.getFieldNames()), types));
            out.collect(Row.of(codec.decode(v)));
        }

        @Override
        public TypeInformation<Row> getProducedType() {
            return type;
        }
    }

    static boolean isEnd(Row r) {
        return r.getKind() == RowKind.UPDATE_BEFORE;
    }

    /**
     * Watermarks that follow the record time, {@code lag} ms behind the largest seen (bounded
     * out-of-orderness), and jump to the end of time at an end marker.
     */
    static final class Watermarks implements WatermarkGenerator<Row> {
        private final long lag;
        private long max = Long.MIN_VALUE;
        private boolean ended;

        Watermarks(long lag) {
            this.lag = lag;
        }

        @Override
        public void onEvent(Row row, long timestamp, WatermarkOutput output) {
            if (isEnd(row)) {
                ended = true;
                output.emitWatermark(new Watermark(Long.MAX_VALUE));
            } else {
                max = Math.max(max, timestamp);
            }
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {
            if (!ended && max != Long.MIN_VALUE) output.emitWatermark(new Watermark(Math.min(max - lag - 1, END - 1)));
        }
    }

    /**
     * The job's last operator: encodes each output row (insertions and the new side of updates)
     * as a record value, and at the end-of-time watermark (or one held back from it) emits an end marker for every partition
     * of the output topic. Elements are (partition or -1, record value).
     */
    static final class Marker extends AbstractStreamOperator<Tuple2<Integer, byte[]>>
            implements OneInputStreamOperator<Row, Tuple2<Integer, byte[]>> {
        private final String[] names;
        private final FieldType[] types;
        private final int partitions;
        private transient RowCodec codec;
        private transient boolean ended;

        Marker(List<Field> fields, int partitions) {
            this.names = fields.stream().map(Field::name).toArray(String[]::new);
            this.types = fields.stream().map(Field::type).toArray(FieldType[]::new);
            this.partitions = partitions;
        }

        @Override
        public void open() throws Exception {
            super.open();
            codec = new RowCodec(Rows.fields(List.of(names), types));
        }

        @Override
        public void processElement(StreamRecord<Row> element) {
            Row r = element.getValue();
            if (r.getKind() != RowKind.INSERT && r.getKind() != RowKind.UPDATE_AFTER) return;
            Object[] row = new Object[types.length];
            for (int i = 0; i < row.length; i++) row[i] = Rows.value(r.getField(i), types[i]);
            output.collect(new StreamRecord<>(Tuple2.of(-1, codec.encode(row, RowCodec.NO_SEQ, RowCodec.NO_TIME))));
        }

        // the operator API's Watermark, named in full: the imported one is the event-time API's
        @Override
        public void processWatermark(org.apache.flink.streaming.api.watermark.Watermark mark) throws Exception {
            super.processWatermark(mark);
            if (isEndOfTime(mark.getTimestamp()) && !ended) {
                ended = true;
                int me = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
                int all = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
                for (int p = 0; p < partitions; p++)
                    output.collect(new StreamRecord<>(Tuple2.of(p, RowCodec.end(me, all))));
            }
        }
    }
}
