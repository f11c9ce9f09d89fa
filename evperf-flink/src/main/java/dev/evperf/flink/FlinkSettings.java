package dev.evperf.flink;

import dev.evperf.api.EngineException;
import dev.evperf.api.Field;
import dev.evperf.kafka.io.KafkaSettings;
import dev.evperf.kafka.io.Refused;
import dev.evperf.kafka.io.RowCodec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SourceReaderBase;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * The flink engine's own options, besides {@link KafkaSettings}: {@code rest} (the cluster's REST
 * {@code host:port}: one evperf started, or an existing one; required), {@code parallelism}
 * (default 1), {@code job} (a {@link FlinkJob} class), {@code flink} (Flink settings for the
 * job, e.g. {@code table.exec.mini-batch.enabled}) and {@code out_of_orderness_ms} (how far the
 * watermark stays behind the largest record time seen, for inputs whose event time, option
 * {@code timestamp}, comes out of order by up to that much; default 0).
 */
final class FlinkSettings {
    static final Set<String> KEYS = Set.of("rest", "parallelism", "job", "flink", "out_of_orderness_ms");

    final String engine;
    final String rest;
    final int parallelism;
    final String jobClass;
    final Map<String, Object> flink;
    final long outOfOrderness;

    FlinkSettings(KafkaSettings s) throws EngineException {
        this.engine = s.engine;
        Object r = s.options.get("rest");
        if (!(r instanceof String rs) || !rs.matches("[^:\\s]+:\\d+")) {
            throw new EngineException(engine
                    + ": option rest is required: the Flink cluster's REST address as host:port, not '" + r + "'");
        }
        this.rest = rs;
        this.parallelism = s.intOption(s.options, "parallelism", 1);
        if (parallelism < 1)
            throw new EngineException(engine + ": option parallelism must be at least 1, not " + parallelism);
        this.jobClass =
                s.options.get("job") == null ? null : s.options.get("job").toString();
        this.flink = s.map(s.options, "flink");
        this.outOfOrderness = s.intOption(s.options, "out_of_orderness_ms", 0);
        if (outOfOrderness < 0)
            throw new EngineException(
                    engine + ": option out_of_orderness_ms must be at least 0, not " + outOfOrderness);
    }

    /** @throws EngineException when the cluster's REST endpoint does not answer */
    void requireCluster() throws EngineException {
        if (FlinkRest.get(rest, "/overview") == null && Refused.everywhere(rest) != null)
            throw new EngineException(
                    engine + ": no Flink cluster listens at " + rest + " (option rest; connection refused)");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (FlinkRest.get(rest, "/overview") == null) {
            if (System.nanoTime() > deadline) {
                throw new EngineException(
                        engine + ": no Flink cluster answered at " + rest + " (option rest) within 10 s");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineException(engine + ": interrupted");
            }
        }
    }

    FlinkJob job() throws EngineException {
        if (jobClass == null) return null;
        try {
            Object o = Class.forName(jobClass).getDeclaredConstructor().newInstance();
            if (!(o instanceof FlinkJob j))
                throw new EngineException(
                        engine + ": option job: " + jobClass + " does not implement " + FlinkJob.class.getName());
            return j;
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new EngineException(engine + ": option job: cannot create " + jobClass + ": " + e, e);
        }
    }

    /** A remote environment on the cluster, with the jars the job needs and the job's settings. */
    StreamExecutionEnvironment environment() throws EngineException {
        Map<String, String> settings = new HashMap<>();
        flink.forEach((k, v) -> settings.put(k, String.valueOf(v)));
        Configuration conf = Configuration.fromMap(settings);
        List<Class<?>> ship = new ArrayList<>(List.of(
                FlinkSettings.class,
                RowCodec.class,
                Field.class,
                KafkaSource.class,
                SourceReaderBase.class,
                KafkaProducer.class));
        FlinkJob job = job();
        if (job != null) ship.add(job.getClass());
        int colon = rest.lastIndexOf(':');
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment(
                rest.substring(0, colon), Integer.parseInt(rest.substring(colon + 1)), conf, JobJars.of(ship));
        env.setParallelism(parallelism);
        return env;
    }
}
