package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.core.engine.Engines;
import java.util.concurrent.TimeUnit;
import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Two ways to supply a trial's events without holding them all, measured on the sending thread
 * with no records (a counting listener), on the null engine and Siddhi's pass-through query:
 *
 * <ul>
 *   <li>{@link #sendTime}: the sending loop makes each event when it sends it (a clone of the
 *   pool's row and a boxed sequence number): what the driver does.</li>
 *   <li>{@link #ring}: a thread of its own makes the events ahead into a bounded single-producer
 *   single-consumer ring (JCTools' SpscArrayQueue, 64 Ki events), and the loop takes them from
 *   it; the ring is refilled while the loop runs, off the sending thread.</li>
 * </ul>
 * Score: events per second (ops = events); {@value #BATCH} events per invocation.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 2, jvmArgsAppend = "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn")
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class SupplyBenchmark {
    public static final int BATCH = 100_000;

    @State(Scope.Thread)
    public static class Sending {
        @Param({"null", "siddhi"})
        public String engine;

        Engine opened;
        InputHandle input;
        Object[][] pool;
        long count, nextSeq;
        SpscArrayQueue<Object[]> queue;
        Thread producer;
        volatile boolean running;

        @Setup(Level.Trial)
        public void open() throws EngineException {
            pool = Fixtures.pool();
            opened = Engines.get(engine).open(Fixtures.passThrough(engine));
            input = opened.input(Fixtures.INPUT);
            opened.subscribe(Fixtures.OUTPUT, row -> count++);
            queue = new SpscArrayQueue<>(1 << 16);
            running = true;
            producer = new Thread(
                    () -> {
                        long seq = 0;
                        while (running) {
                            Object[] e = pool[(int) (seq % pool.length)].clone();
                            e[Fixtures.SEQ_INDEX] = seq;
                            while (!queue.offer(e)) {
                                if (!running) return;
                                Thread.onSpinWait();
                            }
                            seq++;
                        }
                    },
                    "ring-producer");
            producer.setDaemon(true);
            producer.start();
        }

        @TearDown(Level.Iteration)
        public void check() {
            Fixtures.expect(engine + " outputs counted", count % BATCH, 0);
        }

        @TearDown(Level.Trial)
        public void close() throws InterruptedException {
            running = false;
            producer.join(1000);
            opened.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long sendTime(Sending s) {
        s.nextSeq = Fixtures.sendFresh(s.input, s.pool, s.nextSeq, BATCH);
        return s.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long ring(Sending s) {
        InputHandle input = s.input;
        SpscArrayQueue<Object[]> queue = s.queue;
        for (int k = 0; k < BATCH; k++) {
            Object[] e;
            while ((e = queue.relaxedPoll()) == null) Thread.onSpinWait();
            input.send(e);
        }
        return s.count;
    }
}
