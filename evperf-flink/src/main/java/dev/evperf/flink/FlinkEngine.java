package dev.evperf.flink;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.kafka.io.KafkaFedEngine;
import dev.evperf.kafka.io.KafkaInputs;
import dev.evperf.kafka.io.KafkaSettings;
import dev.evperf.kafka.io.OutputConsumer;
import dev.evperf.kafka.io.RowCodec;
import dev.evperf.kafka.io.Topics;
import dev.evperf.kafka.io.TrialTopics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A Flink job running on a cluster between evperf's topics: its inputs are written by the
 * driver's producer, its outputs read by the sink's consumer, its end of input a watermark
 * ({@link EndOfInput}). Closing cancels the job and deletes the topics.
 */
final class FlinkEngine extends KafkaFedEngine {
    private static final Duration DEPLOY = Duration.ofSeconds(180);

    private final String rest;
    private JobClient job;

    private FlinkEngine(
            String engine,
            String rest,
            Map<String, List<String>> outputs,
            Map<String, String> outTopic,
            TrialTopics in,
            Topics topics,
            KafkaInputs inputs,
            OutputConsumer consumer) {
        super(engine, in, topics, inputs, consumer, outputs, outTopic);
        this.rest = rest;
    }

    static FlinkEngine open(FlinkSettings f, KafkaSettings s, EngineSpec spec) throws EngineException {
        f.requireCluster();
        Topics topics = Topics.connect(s.engine, s.bootstrap, Topics.REACH);
        String prefix = TrialTopics.uniquePrefix();
        KafkaInputs inputs = null;
        OutputConsumer consumer = null;
        try {
            long t0 = System.nanoTime();
            TrialTopics t = TrialTopics.of(s, spec.inputs(), topics, prefix);
            StreamExecutionEnvironment env = f.environment();
            long t1 = System.nanoTime();
            JobPlan plan = JobPlan.plan(
                    s.engine,
                    env,
                    spec,
                    s,
                    t.topicOf(),
                    stream -> s.topics.containsKey(stream),
                    t.partitions(),
                    prefix + "flink",
                    f.outOfOrderness,
                    f.job());
            Map<String, String> outTopic = new LinkedHashMap<>();
            for (String o : plan.fields().keySet()) outTopic.put(o, prefix + "out-" + o);
            topics.create(outTopic.values(), s.partitions, s.appendTime);
            plan.sinks(s, outTopic);
            inputs = new KafkaInputs(s, t.schemas(), t.topicOf());
            Map<String, RowCodec> read = new LinkedHashMap<>();
            for (String o : spec.outputs())
                read.put(outTopic.get(o), new RowCodec(plan.fields().get(o)));
            consumer = new OutputConsumer(s, read);
            Map<String, List<String>> names = new LinkedHashMap<>();
            plan.fields().forEach((o, fields) -> names.put(o, names(fields)));
            FlinkEngine engine = new FlinkEngine(s.engine, f.rest, names, outTopic, t, topics, inputs, consumer);
            long t2 = System.nanoTime();
            try {
                engine.submit(env, prefix + "job");
                // Where a trial's start-up goes (stderr of the trial): topics and environment, planning, submission
                // until running.
                System.err.printf(
                        "evperf flink: topics and environment %.0f ms, job planned %.0f ms, job graph built and submitted"
                                + " %.0f ms, every vertex running %.0f ms later%n",
                        (t1 - t0) / 1e6,
                        (t2 - t1) / 1e6,
                        engine.submitNs / 1e6,
                        (System.nanoTime() - t2 - engine.submitNs) / 1e6);
            } catch (EngineException | RuntimeException e) {
                engine.close();
                throw e;
            }
            return engine;
        } catch (EngineException | RuntimeException e) {
            if (consumer != null) consumer.close();
            if (inputs != null) inputs.close();
            topics.close();
            throw e;
        }
    }

    /** Submits the job and waits until every vertex runs, so that the first events do not wait for deployment. */
    private void submit(StreamExecutionEnvironment env, String name) throws EngineException {
        long t0 = System.nanoTime();
        // Set by the job's settings (execution.checkpointing.interval) or by a job class while it was planned.
        checkpointing = env.getCheckpointConfig().isCheckpointingEnabled();
        try {
            job = env.executeAsync(name);
            submitNs = System.nanoTime() - t0;
        } catch (Exception e) {
            throw new EngineException(
                    engine + ": the job failed at submission: "
                            + JobPlan.deepest(e).strip().split("\\R", 2)[0],
                    e);
        }
        long deadline = System.nanoTime() + DEPLOY.toNanos();
        String id = job.getJobID().toHexString();
        while (true) {
            List<String> states = FlinkRest.states(rest, id);
            if (states != null) {
                if (List.of("FAILED", "FAILING", "CANCELED").contains(states.get(0))) {
                    throw new EngineException(
                            engine + ": the job failed at submission: " + FlinkRest.rootCause(rest, id));
                }
                if (states.size() > 1 && states.stream().allMatch("RUNNING"::equals)) return;
            }
            if (System.nanoTime() > deadline) {
                throw new EngineException(engine + ": the job was not running after " + DEPLOY.toSeconds()
                        + " s (states " + states + ")");
            }
            sleep(50);
        }
    }

    private FlinkMetrics metrics;
    /** How long {@code executeAsync} took: the job graph built, the jars uploaded, the job accepted. */
    private long submitNs;

    /** Whether the job checkpoints: its checkpoint statistics are then in the series and in result.json. */
    private boolean checkpointing;

    private FlinkCheckpoints checkpoints;

    /**
     * Flink's per-vertex REST metrics ({@link FlinkMetrics}) beside the consumer lag, and its checkpoint
     * statistics when the job checkpoints.
     */
    @Override
    protected Map<String, DoubleSupplier> engineGauges() {
        Map<String, DoubleSupplier> g = new LinkedHashMap<>(metrics().gauges());
        if (checkpointing) g.putAll(checkpoints().gauges());
        return g;
    }

    /** result.json's {@code engine_figures}: {@code flink_checkpoints} when the job checkpoints. */
    @Override
    public Map<String, Object> figures() {
        Map<String, Object> summary = checkpointing ? checkpoints().summary() : null;
        return summary == null ? Map.of() : Map.of("flink_checkpoints", summary);
    }

    private synchronized FlinkCheckpoints checkpoints() {
        if (checkpoints == null)
            checkpoints = new FlinkCheckpoints(rest, job.getJobID().toHexString());
        return checkpoints;
    }

    /**
     * The consumer lag from the Kafka sources' own {@code pendingRecords}: the job's consumer group
     * commits offsets only on checkpoints, so the broker cannot tell how far the job read.
     */
    @Override
    protected double consumerLag() {
        FlinkMetrics m = metrics();
        return m.knowsLag() ? m.lag() : Double.NaN;
    }

    private long metricsAsked;

    private synchronized FlinkMetrics metrics() {
        // The sources register pendingRecords with their first fetch: ask again, once a second, until they have.
        long now = System.nanoTime();
        if (metrics == null || !metrics.knowsLag() && now - metricsAsked > 1_000_000_000L) {
            metrics = new FlinkMetrics(rest, job.getJobID().toHexString());
            metricsAsked = now;
        }
        return metrics;
    }

    /** Writes an end marker to every input partition and waits for the job's markers on every output partition, watching the job. */
    @Override
    public void drain(Duration timeout) throws EngineException {
        long deadline = System.nanoTime() + timeout.toNanos();
        inputs.flush();
        inputs.sendEnds(inputPartitions());
        String id = job.getJobID().toHexString();
        while (!consumer.ended(Duration.ofSeconds(1))) {
            List<String> states = FlinkRest.states(rest, id);
            if (states != null
                    && List.of("FAILED", "FAILING", "CANCELED", "CANCELLING").contains(states.get(0))) {
                throw new EngineException(engine + ": the job failed: " + FlinkRest.rootCause(rest, id));
            }
            if (System.nanoTime() > deadline) {
                throw new EngineException(engine + ": the end of input reached " + consumer.finishedPartitions()
                        + " of " + consumer.partitions().size() + " output partitions within " + timeout.toSeconds()
                        + " s; later outputs may be missing");
            }
        }
    }

    @Override
    public void close() {
        if (job != null) {
            try {
                job.cancel().get(30, TimeUnit.SECONDS);
                // The request returns once cancelling started; the job's slots are free only when it is CANCELED.
                // The next trial's job (or the engine check's next) on a cluster of few slots waits for them
                // otherwise: on a standalone cluster at load 30, the check of the micro suite's 15th query
                // failed "could not acquire the minimum required resources".
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!job.getJobStatus().get(30, TimeUnit.SECONDS).isGloballyTerminalState()
                        && System.nanoTime() < deadline) Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                // already finished or failed: nothing left to cancel
            }
            job = null;
        }
        closeTopics();
    }

    private static void sleep(long ms) throws EngineException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("flink: interrupted");
        }
    }
}
