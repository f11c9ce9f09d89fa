package dev.evperf.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.monitor.pipeline.MonitorRecord;
import dev.evperf.monitor.pipeline.Pipeline;
import dev.evperf.monitor.pipeline.PipelineStats;
import dev.evperf.monitor.pipeline.Pipelines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The producer's cost of one monitoring record (JPMF pipelines, {@code dev.evperf.monitor.pipeline}),
 * ns per record on the producer thread: take a pooled record, fill four fields, submit it. The
 * stages run inside submit on this thread; what passes them is queued (JCTools ring of 65 536,
 * policy block) for one consumer thread with a null sink, which returns the record to the pool.
 *
 * <p>Record i has timestamp i (ns, synthetic: no clock read; {@code ClockBenchmark} prices that),
 * id i, value i mod 1024, source 0. {@code chain}:
 * <ul>
 *   <li>{@code none}: no stage, every record is queued: pool + queue round trip;</li>
 *   <li>{@code speedlimit}: speedlimit 10 ns: 1 record in 10 passes;</li>
 *   <li>{@code speedlimit_drop_all}: speedlimit 10^18 ns: only the first passes: the stage's own
 *   cost with take and recycle, no queue traffic;</li>
 *   <li>{@code initial_drop}: initial_drop 1000: all pass after the first 1000;</li>
 *   <li>{@code filter}: value &gt;= 512: half pass;</li>
 *   <li>{@code filter_drop_all}: value &lt; 0: none passes: take, stage, release, no queue;</li>
 *   <li>{@code filter_and}: value &gt;= 512 AND source == 0: half pass;</li>
 *   <li>{@code tee}: tee to a second pipeline (no stage, null sink, own consumer): every record
 *   is copied and queued twice;</li>
 *   <li>{@code full}: speedlimit 10, initial_drop 1000, value &gt;= 512, source == 0, tee: 1 in 20
 *   reaches the queues (twice).</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PipelineBenchmark {
    static final Map<String, String> CHAINS = Map.of(
            "none", "[]",
            "speedlimit", "[{\"speedlimit\": 10}]",
            "speedlimit_drop_all", "[{\"speedlimit\": 1000000000000000000}]",
            "initial_drop", "[{\"initial_drop\": 1000}]",
            "filter", "[{\"filter\": {\"field\": \"value\", \"op\": \">=\", \"than\": 512}}]",
            "filter_drop_all", "[{\"filter\": {\"field\": \"value\", \"op\": \"<\", \"than\": 0}}]",
            "filter_and",
                    "[{\"filter\": {\"field\": \"value\", \"op\": \">=\", \"than\": 512}},"
                            + " {\"filter\": {\"field\": \"source\", \"op\": \"==\", \"than\": 0}}]",
            "tee", "[{\"tee\": \"other\"}]",
            "full",
                    "[{\"speedlimit\": 10}, {\"initial_drop\": 1000},"
                            + " {\"filter\": {\"field\": \"value\", \"op\": \">=\", \"than\": 512}},"
                            + " {\"filter\": {\"field\": \"source\", \"op\": \"==\", \"than\": 0}}, {\"tee\": \"other\"}]");

    /** The workload's pipelines section for a chain. */
    static JsonNode config(String chain, int capacity) throws IOException {
        String stages = CHAINS.get(chain);
        if (stages == null) throw new IllegalArgumentException("chain " + chain + "; chains: " + CHAINS.keySet());
        return new ObjectMapper()
                .readTree("{\"main\": {\"stages\": " + stages + ", \"sink\": \"null\","
                        + " \"queue\": {\"capacity\": " + capacity + ", \"policy\": \"block\"}, \"consumers\": 1},"
                        + " \"other\": {\"sink\": \"null\", \"queue\": {\"capacity\": " + capacity
                        + ", \"policy\": \"block\"}}}");
    }

    @State(Scope.Thread)
    public static class Chain {
        @Param({
            "none",
            "speedlimit",
            "speedlimit_drop_all",
            "initial_drop",
            "filter",
            "filter_drop_all",
            "filter_and",
            "tee",
            "full"
        })
        public String chain;
        /** Both queues' capacity; each pipeline's pool holds that many records and 65 more. */
        @Param({"65536"})
        public int capacity;

        Pipelines pipelines;
        Pipeline main;
        long i;

        @Setup(Level.Trial)
        public void open() throws IOException {
            pipelines = Pipelines.open(config(chain, capacity), "PipelineBenchmark", Path.of("."));
            main = pipelines.get("main");
            i = 0;
        }

        /** Closes (draining the queues) and checks that nothing was lost or allocated. */
        @TearDown(Level.Trial)
        public void close() {
            long created = main.pool().created() + pipelines.get("other").pool().created();
            pipelines.close();
            PipelineStats m = pipelines.stats().get("main");
            PipelineStats o = pipelines.stats().get("other");
            System.out.println(
                    "\n" + chain + ": " + i + " records submitted; main processed " + m.processed() + ", dropped "
                            + m.dropped() + ", blocked " + m.blocked() + "; other processed " + o.processed()
                            + ", blocked " + o.blocked()
                            + "; pools made " + created + " records, " + available() + " back");
            Fixtures.expect("records lost by the queue", m.dropped() + o.dropped(), 0);
            Fixtures.expect("records back in the pools", available(), created);
        }

        private long available() {
            return main.pool().available() + pipelines.get("other").pool().available();
        }
    }

    @Benchmark
    public void submit(Chain s) {
        long i = s.i++;
        MonitorRecord r = s.main.take();
        r.timestamp = i;
        r.id = i;
        r.value = i & 1023;
        r.source = 0;
        s.main.submit(r);
    }
}
