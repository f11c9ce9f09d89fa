package dev.evperf.flink;

import dev.evperf.api.Field;
import java.util.List;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;

/**
 * A DataStream job written in Java, named by the workload ({@code engine.options.job: <class>}),
 * for what SQL cannot say. The class needs a public no-argument constructor; it is shipped to the
 * cluster with the job, so its functions must be serializable as in any Flink job.
 */
public interface FlinkJob {

    void build(Builder b) throws Exception;

    /** The job's inputs and outputs: rows in schema order. */
    interface Builder {
        StreamExecutionEnvironment env();

        StreamTableEnvironment tables();

        /** An input stream's rows (end markers already removed; watermarks follow the broker's append time). */
        DataStream<Row> input(String stream);

        /** Writes an output stream: rows with these fields, in this order. */
        void output(String stream, List<Field> fields, DataStream<Row> rows);
    }
}
