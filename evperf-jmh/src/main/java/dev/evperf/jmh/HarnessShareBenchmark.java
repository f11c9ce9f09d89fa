package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.engine.Engines;
import java.util.concurrent.TimeUnit;
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
 * The harness's share of per-event time on a real engine: the seed-000 pass-through query
 * (StockStream(id long, symbol string, price float, volume long) → OutputStream with the same four
 * attributes) on Siddhi and on Esper, opened through their evperf adapters (ServiceLoader), on one
 * thread (both deliver outputs inside the send call).
 *
 * <p>One invocation sends a batch of {@value #BATCH} fresh events: before each invocation (not
 * timed) the batch is refilled with new arrays, clones of the 1000-event pool with a new boxed
 * sequence number each, because engines may keep references to the arrays they were sent.
 * The score is events per second (ops = events).
 *
 * <ul>
 *   <li>{@link #raw}: a plain loop calling the adapter's {@code InputHandle.send} for each
 *   event; the engine's output goes to an adapter listener that only increments a counter.
 *   This is the engine's work plus the adapter's.</li>
 *   <li>{@link #evperf}: the same events into an identically opened engine through
 *   {@code Driver.run} (intended times all 0, so it never waits), the output recorded by an
 *   {@link OutputRecords} listener: the engine's work plus the whole harness, as in a trial.</li>
 * </ul>
 * The harness's share of per-event time is (t_evperf − t_raw) / t_evperf, with t = 1 / score.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// Esper logs its runtime start and stop at INFO (slf4j-simple), which splits JMH's iteration lines.
@Fork(value = 2, jvmArgsAppend = "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn")
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class HarnessShareBenchmark {
    public static final int BATCH = 20_000;

    /** One opened engine and a batch refilled with fresh events before every invocation. */
    @State(Scope.Thread)
    public abstract static class EngineState {
        @Param({"siddhi", "esper"})
        public String engine;

        Engine opened;
        InputHandle input;
        Object[][] pool;
        final Object[][] events = new Object[BATCH][];
        long nextSeq;

        @Setup(Level.Trial)
        public void open() throws EngineException {
            pool = Fixtures.pool();
            opened = Engines.get(engine).open(Fixtures.passThrough(engine));
            input = opened.input(Fixtures.INPUT);
            subscribe(opened, opened.outputFields(Fixtures.OUTPUT).indexOf("id"));
        }

        abstract void subscribe(Engine e, int seqIndex) throws EngineException;

        /** Not timed: checks the previous invocation's outputs, then prepares fresh events. */
        @Setup(Level.Invocation)
        public void freshEvents() {
            if (nextSeq > 0) {
                checkAndReset();
            }
            Fixtures.prepare(pool, events, nextSeq);
            nextSeq += BATCH;
        }

        abstract void checkAndReset();

        @TearDown(Level.Trial)
        public void close() {
            opened.close();
        }
    }

    @State(Scope.Thread)
    public static class Raw extends EngineState {
        long count;

        @Override
        void subscribe(Engine e, int seqIndex) throws EngineException {
            e.subscribe(Fixtures.OUTPUT, row -> count++);
        }

        @Override
        void checkAndReset() {
            Fixtures.expect(engine + " outputs counted in one invocation", count, BATCH);
            count = 0;
        }
    }

    @State(Scope.Thread)
    public static class Evperf extends EngineState {
        /**
         * trial: the sink as a trial sets it up for this engine (plain counter when the engine
         * delivers on the sending thread, the listener reads the clock); send-end: the same
         * without the listener's clock read ({@code measure.receipt: send-end}).
         */
        @Param({"trial", "send-end"})
        public String receipt;
        OutputRecords records;
        final long[] intended = new long[BATCH]; // all 0: every event is due at once
        final long[] sendStart = new long[BATCH];
        final long[] sendEnd = new long[BATCH];
        long origin;

        @Override
        void subscribe(Engine e, int seqIndex) throws EngineException {
            origin = System.nanoTime();
            records = new OutputRecords(BATCH, origin);
            OutputRecords.Delivery delivery = !e.deliversOnSendingThread() ? OutputRecords.Delivery.ANY_THREAD
                    : receipt.equals("send-end") ? OutputRecords.Delivery.SENDING_THREAD_SEND_END : OutputRecords.Delivery.SENDING_THREAD;
            e.subscribe(Fixtures.OUTPUT, records.listener(0, seqIndex, delivery));
        }

        @Override
        void checkAndReset() {
            Fixtures.expect(engine + " outputs recorded in one invocation", records.recorded(), BATCH);
            Fixtures.expect(engine + " sequence number of the last output", records.seq[BATCH - 1], nextSeq - 1);
            records.reset(); // reuse the columns, as sized for one batch
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long raw(Raw s) {
        InputHandle input = s.input;
        for (Object[] e : s.events) {
            input.send(e);
        }
        return s.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int evperf(Evperf s) {
        Driver.run(s.input, s.events, s.intended, s.origin, s.sendStart, s.sendEnd);
        return s.records.count();
    }
}
