package dev.evperf.kafka.io;

import dev.evperf.api.EngineException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The topics of one trial on one cluster: checks the cluster is reachable, creates the topics a
 * trial writes (with the partitions the workload asks for) and deletes them after, or checks that
 * the existing topics it was given are there.
 */
public final class Topics implements AutoCloseable {
    /** How long a cluster may take to answer an administrative request (a busy machine is slow). */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);
    /**
     * No time retention on a trial's topics: with option {@code timestamp} the records carry the
     * data's event time (Nexmark's starts at 2024-01-01), and a broker deletes every segment whose
     * newest timestamp is older than {@code retention.ms} (7 days by default), the active one
     * included, at its first retention check (30 s after start, then every 5 min). Records the
     * engine had not yet read were lost: on a busy machine the engine lags and a check in the
     * middle of a trial dropped events (missing windows in Nexmark q5 on Flink). The trial deletes
     * its topics at its end, so nothing accumulates.
     */
    static final Map<String, String> KEEP = Map.of("retention.ms", "-1");
    /**
     * How long a broker may take to answer the first request before it is reported unreachable: 30 s,
     * as a freshly started JVM's first admin request took more than 10 s on a 2-core machine at load 45
     * (the flink engine's check, right after planning its job, failed twice so with a broker that answered).
     */
    public static final Duration REACH = Duration.ofSeconds(30);

    private final String engine;
    private final String bootstrap;
    private final Admin admin;
    private final List<String> created = new ArrayList<>();

    private Topics(String engine, String bootstrap, Admin admin) {
        this.engine = engine;
        this.bootstrap = bootstrap;
        this.admin = admin;
    }

    /** @throws EngineException when no broker answers at {@code bootstrap} within {@code timeout} */
    public static Topics connect(String engine, String bootstrap, Duration timeout) throws EngineException {
        String refused = Refused.everywhere(bootstrap); // named at once, not after the wait
        if (refused != null)
            throw new EngineException(engine + ": no Kafka broker listens at " + bootstrap + " (" + refused + ")");
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(timeout.toMillis()));
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Math.min(timeout.toMillis(), 10_000)));
        Admin admin;
        try {
            admin = Admin.create(p);
        } catch (RuntimeException e) {
            throw new EngineException(engine + ": bootstrap_servers '" + bootstrap + "': " + e.getMessage(), e);
        }
        try {
            admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            admin.close(Duration.ZERO);
            throw new EngineException(
                    engine + ": no Kafka broker answered at " + bootstrap + " within " + timeout.toSeconds() + " s", e);
        }
        return new Topics(engine, bootstrap, admin);
    }

    /**
     * Creates the topics, each with {@code partitions} partitions, one replica, kept whatever their
     * records' timestamps ({@link #KEEP}); deleted by {@link #close}.
     */
    public void create(Collection<String> names, int partitions, boolean appendTime) throws EngineException {
        List<NewTopic> topics = new ArrayList<>();
        for (String name : names) {
            Map<String, String> configs = new HashMap<>(KEEP);
            if (appendTime) configs.put("message.timestamp.type", "LogAppendTime");
            topics.add(new NewTopic(name, partitions, (short) 1).configs(configs));
        }
        try {
            admin.createTopics(topics).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            created.addAll(names);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new EngineException(
                    engine + ": cannot create topics " + names + " on " + bootstrap + ": " + message(e), e);
        }
    }

    /**
     * The number of partitions of each existing topic.
     *
     * @param origin for each topic, the option that named it, for the error message
     * @throws EngineException naming the first topic that does not exist
     */
    public Map<String, Integer> describe(Map<String, String> origin) throws EngineException {
        Map<String, Integer> out = new HashMap<>();
        try {
            Map<String, TopicDescription> d = admin.describeTopics(origin.keySet())
                    .allTopicNames()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            d.forEach((name, desc) -> out.put(name, desc.partitions().size()));
            return out;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                for (var t : origin.entrySet()) {
                    if (!topicExists(t.getKey())) {
                        throw new EngineException(engine + ": topic '" + t.getKey() + "' (" + t.getValue()
                                + ") does not exist on " + bootstrap);
                    }
                }
            }
            throw new EngineException(engine + ": cannot describe topics " + origin.keySet() + ": " + message(e), e);
        } catch (InterruptedException | TimeoutException e) {
            throw new EngineException(engine + ": cannot describe topics " + origin.keySet() + ": " + message(e), e);
        }
    }

    private boolean topicExists(String name) {
        try {
            return admin.listTopics()
                    .names()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .contains(name);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            return true; // unknown: let the caller report the original error
        }
    }

    /** The end offset (the next offset to be written) of every partition of the topics. */
    public Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> partitions) throws EngineException {
        Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
        for (TopicPartition tp : partitions) ask.put(tp, OffsetSpec.latest());
        Map<TopicPartition, Long> out = new HashMap<>();
        try {
            admin.listOffsets(ask)
                    .all()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .forEach((tp, info) -> out.put(tp, info.offset()));
            return out;
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new EngineException(engine + ": cannot read end offsets: " + message(e), e);
        }
    }

    /** The offsets a consumer group has committed (absent partitions: none committed). */
    public Map<TopicPartition, Long> committed(String group) throws EngineException {
        Map<TopicPartition, Long> out = new HashMap<>();
        try {
            admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .forEach((tp, om) -> {
                        if (om != null) out.put(tp, om.offset());
                    });
            return out;
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new EngineException(engine + ": cannot read the offsets of group " + group + ": " + message(e), e);
        }
    }

    /** Every topic on the cluster whose name starts with the prefix (an application's internal topics). */
    public Set<String> named(String prefix) throws EngineException {
        try {
            Set<String> all = admin.listTopics().names().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            all.removeIf(n -> !n.startsWith(prefix));
            return all;
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new EngineException(engine + ": cannot list topics: " + message(e), e);
        }
    }

    /** Deletes topics now (e.g. an application's internal ones); failures are left to {@link #close}'s report. */
    public void delete(Collection<String> names) {
        if (names.isEmpty()) return;
        try {
            admin.deleteTopics(names).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            System.err.println(engine + ": could not delete topics " + names + " on " + bootstrap + ": " + message(e));
        }
    }

    /** Deletes the topics this trial created, then closes the client. */
    @Override
    public void close() {
        delete(created);
        created.clear();
        admin.close(TIMEOUT);
    }

    static String message(Exception e) {
        Throwable t = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
        String m = t.getMessage();
        return (m == null ? t.getClass().getSimpleName() : m).replaceAll("\\s*\\R\\s*", " ");
    }
}
