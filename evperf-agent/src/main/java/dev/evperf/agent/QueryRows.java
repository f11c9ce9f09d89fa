package dev.evperf.agent;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import dev.evperf.kafka.io.RowCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The rows a driver agent writes for a query between the agents, and how a sink agent learns which
 * input caused an output. A row is in evperf's record format ({@link RowCodec}); its values come from
 * the event's global sequence number g (the agent has no data generator): a long or int field named
 * as the stream's sequence gets g, other numbers g mod 1000 (floating point: (g mod 1000) / 1000, so
 * {@code where v < 0.5} keeps half), strings {@code k<g mod 100>}, booleans g even. The sequence number
 * and the driver's send stamp travel as record headers, which Kafka Streams hands from an input to
 * every output it causes (its record context), through filters, projections, repartition topics and
 * aggregates alike, so each output's latency runs from its input's send start.
 */
final class QueryRows {
    static final String SEQ = "evperf-seq";
    static final String SENT = "evperf-sent";

    private final FieldType[] types;
    private final boolean[] isSeq;
    private final RowCodec codec;

    QueryRows(PartPlan.Query q) {
        List<Field> fields = schema(q).fields();
        types = fields.stream().map(Field::type).toArray(FieldType[]::new);
        isSeq = new boolean[types.length];
        for (int i = 0; i < types.length; i++) isSeq[i] = fields.get(i).name().equals(q.sequence());
        codec = new RowCodec(fields);
    }

    /** The query's input stream as the engine reads it. */
    static StreamSchema schema(PartPlan.Query q) {
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<String, String> f : q.fields().entrySet())
            fields.add(new Field(f.getKey(), FieldType.fromYamlName(f.getValue())));
        return new StreamSchema(q.stream(), fields);
    }

    /** Event g's row, encoded. */
    byte[] row(long g, long sent) {
        Object[] row = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            long m = g % 1000;
            row[i] = switch (types[i]) {
                case LONG -> isSeq[i] ? g : m;
                case INT -> isSeq[i] ? (int) g : (int) m;
                case DOUBLE -> m / 1000.0;
                case FLOAT -> m / 1000f;
                case STRING -> "k" + g % 100;
                case BOOL -> g % 2 == 0;
            };
        }
        return codec.encode(row, g, sent);
    }

    static void stamp(Headers h, long g, long sent) {
        h.add(SEQ, ByteBuffer.allocate(8).putLong(g).array());
        h.add(SENT, ByteBuffer.allocate(8).putLong(sent).array());
    }

    static long seq(Headers h) {
        return read(h, SEQ);
    }

    static long sent(Headers h) {
        return read(h, SENT);
    }

    private static long read(Headers h, String name) {
        Header v = h.lastHeader(name);
        if (v == null || v.value().length != 8)
            throw new IllegalStateException("an output without header " + name + " (its input is unknown)");
        return ByteBuffer.wrap(v.value()).getLong();
    }
}
