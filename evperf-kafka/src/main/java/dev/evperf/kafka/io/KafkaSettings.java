package dev.evperf.kafka.io;

import dev.evperf.api.EngineException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The engine options every adapter behind Kafka takes from the workload ({@code engine.options}):
 * <ul>
 * <li>{@code bootstrap_servers}: the broker evperf started, or an existing cluster's (required);</li>
 * <li>{@code partitions}: of every topic evperf creates for a trial (default 1);</li>
 * <li>{@code topics}: stream name → an existing topic to use instead (on an existing cluster);
 *     such topics must exist, and are neither created nor deleted;</li>
 * <li>{@code append_time}: topics evperf creates keep the broker's LogAppendTime (default true),
 *     so that every record carries the time the broker appended it;</li>
 * <li>{@code key}: the input field whose value is the record key (partitioning); default none;</li>
 * <li>{@code timestamp}: the input field (a long, epoch ms) whose value is each record's timestamp,
 *     so that the engine's record time is the data's event time (e.g. Nexmark's {@code dateTime});
 *     topics then keep the producer's CreateTime, and {@code append_time} defaults to false (true
 *     is an error: the broker would overwrite the time). Default none: the producer's send time;</li>
 * <li>{@code producer}, {@code consumer}: Kafka client settings, as Kafka names them
 *     ({@code linger.ms}, {@code batch.size}, {@code acks}, {@code compression.type} …).</li>
 * </ul>
 * Every message starts with the adapter's name, for one-line errors.
 */
public final class KafkaSettings {
    public static final Set<String> KEYS = Set.of(
            "bootstrap_servers", "partitions", "topics", "append_time", "key", "timestamp", "producer", "consumer");

    public final String engine;
    public final String bootstrap;
    public final int partitions;
    public final Map<String, String> topics;
    public final boolean appendTime;
    public final String key;
    /** The input field that is each record's timestamp, or null. */
    public final String timestamp;

    public final Map<String, Object> producer;
    public final Map<String, Object> consumer;
    /** All options as the workload gave them, for the adapter's own. */
    public final Map<String, Object> options;

    private KafkaSettings(String engine, Map<String, Object> o) throws EngineException {
        this.engine = engine;
        this.options = o;
        Object bs = o.get("bootstrap_servers");
        if (!(bs instanceof String s) || s.isBlank()) {
            throw new EngineException(engine + ": option bootstrap_servers is required (host:port of a broker)");
        }
        this.bootstrap = s;
        this.partitions = intOption(o, "partitions", 1);
        if (partitions < 1)
            throw new EngineException(engine + ": option partitions must be at least 1, not " + partitions);
        this.topics = strings(o, "topics");
        this.key = o.get("key") == null ? null : o.get("key").toString();
        this.timestamp = o.get("timestamp") == null ? null : o.get("timestamp").toString();
        this.appendTime = boolOption(o, "append_time", timestamp == null);
        if (appendTime && timestamp != null) {
            throw new EngineException(
                    engine + ": option timestamp needs append_time false: the broker's LogAppendTime would "
                            + "replace the time taken from field " + timestamp);
        }
        this.producer = map(o, "producer");
        this.consumer = map(o, "consumer");
    }

    /**
     * @param ownKeys the options the adapter itself takes besides these
     * @throws EngineException naming an unknown or ill-typed option
     */
    public static KafkaSettings parse(String engine, Map<String, Object> options, Set<String> ownKeys)
            throws EngineException {
        Set<String> known = new TreeSet<>(KEYS);
        known.addAll(ownKeys);
        for (String k : options.keySet()) {
            if (!known.contains(k)) {
                throw new EngineException(
                        engine + ": unknown option '" + k + "'; known options: " + String.join(", ", known));
            }
        }
        return new KafkaSettings(engine, options);
    }

    public int intOption(Map<String, Object> o, String name, int dflt) throws EngineException {
        Object v = o.get(name);
        if (v == null) return dflt;
        if (v instanceof Integer i) return i;
        try {
            return Integer.parseInt(v.toString().trim());
        } catch (NumberFormatException e) {
            throw new EngineException(engine + ": option " + name + " must be a whole number, not '" + v + "'");
        }
    }

    public boolean boolOption(Map<String, Object> o, String name, boolean dflt) throws EngineException {
        Object v = o.get(name);
        if (v == null) return dflt;
        if (v instanceof Boolean b) return b;
        if ("true".equals(v) || "false".equals(v)) return Boolean.parseBoolean((String) v);
        throw new EngineException(engine + ": option " + name + " must be true or false, not '" + v + "'");
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> map(Map<String, Object> o, String name) throws EngineException {
        Object v = o.get(name);
        if (v == null) return Map.of();
        if (!(v instanceof Map<?, ?> m)) {
            throw new EngineException(engine + ": option " + name + " must be a map of settings, not '" + v + "'");
        }
        return new LinkedHashMap<>((Map<String, Object>) m);
    }

    private Map<String, String> strings(Map<String, Object> o, String name) throws EngineException {
        Map<String, String> out = new LinkedHashMap<>();
        map(o, name).forEach((k, v) -> out.put(k, String.valueOf(v)));
        return out;
    }
}
