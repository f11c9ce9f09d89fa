package dev.evperf.kstreams;

import dev.evperf.api.Field;
import dev.evperf.kafka.io.RowCodec;
import java.util.List;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/** Rows in evperf's record format ({@link RowCodec}) for Kafka Streams; end markers read as null. */
final class RowSerde {
    private RowSerde() {}

    static Serde<Object[]> of(List<Field> fields) {
        RowCodec codec = new RowCodec(fields);
        Serializer<Object[]> ser =
                (topic, row) -> row == null ? null : codec.encode(row, RowCodec.NO_SEQ, RowCodec.NO_TIME);
        Deserializer<Object[]> de =
                (topic, bytes) -> bytes == null || RowCodec.isEnd(bytes) ? null : codec.decode(bytes);
        return Serdes.serdeFrom(ser, de);
    }
}
