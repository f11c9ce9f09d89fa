package dev.evperf.kstreams;

import dev.evperf.api.Field;
import java.util.List;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;

/**
 * A topology written in Java, named by the workload ({@code engine.options.topology: <class>}),
 * for what the pipeline language cannot say. The class needs a public no-argument constructor.
 */
public interface KafkaStreamsTopology {

    /** Adds the processing to {@code b.streams()}, reading inputs and writing outputs through {@code b}. */
    void build(Builder b) throws Exception;

    /** What a topology reads and writes: rows ({@code Object[]} in schema order) keyed by a string or null. */
    interface Builder {
        StreamsBuilder streams();

        /** The records of an input stream, as rows in the stream schema's order. */
        KStream<String, Object[]> input(String stream);

        /** Writes an output stream: rows with these fields, in this order. */
        void output(String stream, List<Field> fields, KStream<String, Object[]> rows);
    }
}
