package dev.evperf.flink;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.StreamSchema;
import dev.evperf.kafka.io.KafkaSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.types.Row;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The job of one trial, planned in the trial's JVM: a Kafka source per input stream, registered
 * as a view of that name with two extra columns, {@code rowtime} (the record's time, the broker's
 * append time, with watermarks) and {@code proctime}; the workload's SQL statements; the user's
 * job class; and, for each output stream (a view or table the statements define, or an output the
 * class writes), the end-of-input marker and a Kafka sink.
 */
final class JobPlan {
    private final String engine;
    private final StreamExecutionEnvironment env;
    /**
     * Made at its first use (a statement, an output view, or a job class asking for it), with every input's view: a
     * job class that uses DataStream alone never loads the table planner, the slowest part of a cold trial JVM's
     * start-up (docs/systems.md).
     */
    private StreamTableEnvironment tables;

    private final Map<String, DataStream<Row>> inputs = new LinkedHashMap<>();
    private final Map<String, DataStream<Row>> outputs = new LinkedHashMap<>();
    private final Map<String, List<Field>> fields = new LinkedHashMap<>();

    private JobPlan(String engine, StreamExecutionEnvironment env) {
        this.engine = engine;
        this.env = env;
    }

    private StreamTableEnvironment tables() {
        if (tables == null) {
            tables = StreamTableEnvironment.create(env);
            inputs.forEach((name, rows) -> tables.createTemporaryView(
                    name,
                    rows,
                    Schema.newBuilder()
                            .columnByMetadata("rowtime", "TIMESTAMP_LTZ(3)")
                            .columnByExpression("proctime", "PROCTIME()")
                            .watermark("rowtime", "SOURCE_WATERMARK()")
                            .build()));
        }
        return tables;
    }

    /**
     * Plans the job up to its outputs.
     *
     * @param topicOf    input stream → its topic
     * @param existing   whether a stream's topic existed before (read from its end) or is new (from its start)
     * @param partitions input stream → its topic's partitions (the source's parallelism at most)
     * @param lag        how far the watermark stays behind the largest record time (ms)
     */
    static JobPlan plan(
            String engine,
            StreamExecutionEnvironment env,
            EngineSpec spec,
            KafkaSettings s,
            Map<String, String> topicOf,
            Function<String, Boolean> existing,
            Map<String, Integer> partitions,
            String groupId,
            long lag,
            FlinkJob job)
            throws EngineException {
        JobPlan p = new JobPlan(engine, env);
        for (StreamSchema schema : spec.inputs()) {
            RowTypeInfo type = Rows.typeOf(schema);
            KafkaSource<Row> source = KafkaSource.<Row>builder()
                    .setBootstrapServers(s.bootstrap)
                    .setTopics(topicOf.get(schema.name()))
                    .setGroupId(groupId)
                    .setStartingOffsets(
                            existing.apply(schema.name()) ? OffsetsInitializer.latest() : OffsetsInitializer.earliest())
                    .setDeserializer(new EndOfInput.Deserializer(schema.fields(), type))
                    .build();
            DataStream<Row> rows = env.fromSource(
                            source,
                            WatermarkStrategy.forGenerator(c -> new EndOfInput.Watermarks(lag)),
                            "evperf-in-" + schema.name(),
                            type)
                    .setParallelism(Math.max(1, Math.min(env.getParallelism(), partitions.get(schema.name()))))
                    .filter(r -> !EndOfInput.isEnd(r))
                    .returns(type)
                    .name("evperf-end-of-input-" + schema.name());
            p.inputs.put(schema.name(), rows);
        }
        for (SqlStatements.Statement st : SqlStatements.split(spec.queries())) {
            try {
                p.tables().executeSql(st.text());
            } catch (RuntimeException e) {
                throw new EngineException(engine + ": " + st.locate(deepest(e)), e);
            }
        }
        if (job != null) p.runJob(job);
        for (String o : spec.outputs()) {
            if (p.outputs.containsKey(o)) continue;
            Table t;
            try {
                t = p.tables().from(o);
            } catch (RuntimeException e) {
                TreeSet<String> defined = new TreeSet<>(List.of(p.tables().listViews()));
                defined.addAll(List.of(p.tables().listTables()));
                defined.removeAll(p.inputs.keySet());
                defined.addAll(p.outputs.keySet());
                throw new EngineException(engine + ": no view or table named '" + o + "' for output stream '" + o
                        + "'; the queries define " + (defined.isEmpty() ? "none" : String.join(", ", defined)));
            }
            List<Field> f = new ArrayList<>();
            for (Column c : t.getResolvedSchema().getColumns()) {
                f.add(new Field(c.getName(), Rows.fieldType(c.getDataType().getLogicalType())));
            }
            p.fields.put(o, f);
            try {
                p.outputs.put(o, p.tables().toChangelogStream(t));
            } catch (RuntimeException e) {
                throw new EngineException(
                        engine + ": output stream '" + o + "': "
                                + deepest(e).strip().split("\\R", 2)[0],
                        e);
            }
        }
        return p;
    }

    private void runJob(FlinkJob job) throws EngineException {
        try {
            job.build(new FlinkJob.Builder() {
                public StreamExecutionEnvironment env() {
                    return env;
                }

                public StreamTableEnvironment tables() {
                    return JobPlan.this.tables();
                }

                public DataStream<Row> input(String stream) {
                    DataStream<Row> in = inputs.get(stream);
                    if (in == null)
                        throw new IllegalArgumentException(
                                "no input stream '" + stream + "'; input streams: " + inputs.keySet());
                    return in;
                }

                public void output(String stream, List<Field> f, DataStream<Row> rows) {
                    if (outputs.put(stream, rows) != null)
                        throw new IllegalArgumentException("output stream '" + stream + "' is written twice");
                    fields.put(stream, List.copyOf(f));
                }
            });
        } catch (Exception e) {
            throw new EngineException(engine + ": job " + job.getClass().getName() + ": " + deepest(e), e);
        }
    }

    /** The fields of every output stream, in order. */
    Map<String, List<Field>> fields() {
        return fields;
    }

    /** Adds the end marker and a Kafka sink behind every output stream. */
    void sinks(KafkaSettings s, Map<String, String> outTopic) {
        outputs.forEach((o, rows) -> {
            String topic = outTopic.get(o);
            KafkaRecordSerializationSchema<Tuple2<Integer, byte[]>> records =
                    (e, ctx, ts) -> new ProducerRecord<>(topic, e.f0 < 0 ? null : e.f0, null, null, e.f1);
            rows.transform(
                            "evperf-end-marker-" + o,
                            Types.TUPLE(Types.INT, Types.PRIMITIVE_ARRAY(Types.BYTE)),
                            new EndOfInput.Marker(fields.get(o), s.partitions))
                    .sinkTo(KafkaSink.<Tuple2<Integer, byte[]>>builder()
                            .setBootstrapServers(s.bootstrap)
                            .setRecordSerializer(records)
                            .setDeliveryGuarantee(DeliveryGuarantee.NONE)
                            .build())
                    .name("evperf-out-" + o);
        });
    }

    /** The innermost message that says where (Flink wraps the planner's exceptions), else the outermost. */
    static String deepest(Throwable e) {
        String best = e.getMessage();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().matches("(?s).*line \\d+, column \\d+.*"))
                best = t.getMessage();
        }
        return best == null ? e.getClass().getSimpleName() : best;
    }
}
