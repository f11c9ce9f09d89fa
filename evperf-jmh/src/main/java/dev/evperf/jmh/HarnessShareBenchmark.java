package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.SendState;
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
 * <p>One invocation sends a batch of {@value #BATCH} fresh events, each made when it is sent (a
 * clone of the 1000-event pool's row with a new boxed sequence number): engines may keep
 * references to the arrays they were sent, and this is how a trial and the bare loop both make
 * them. The score is events per second (ops = events).
 *
 * <ul>
 *   <li>{@link #raw}: a plain loop making each event and calling the adapter's
 *   {@code InputHandle.send}; the engine's output goes to an adapter listener that only increments
 *   a counter. This is the engine's work plus the adapter's plus making events: the bare loop.</li>
 *   <li>{@link #evperf}: the same into an identically opened engine through {@code Driver.run}
 *   from a trial's event supply (one chunk filled before the invocation, not timed), the output
 *   recorded by an {@link OutputRecords} listener: the engine's work plus the whole harness, as in
 *   a trial.</li>
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
    public static final int BATCH = 20_480;
    /** Capacity mode's default: 1 in 64 sends timed. */
    public static final int SAMPLE = 64;

    /** One opened engine; the sequence numbers go on from one invocation to the next. */
    @State(Scope.Thread)
    public abstract static class EngineState {
        @Param({"siddhi", "esper"})
        public String engine;

        Engine opened;
        InputHandle input;
        Object[][] pool;
        long nextSeq;
        int invocations;

        @Setup(Level.Trial)
        public void open() throws EngineException {
            pool = Fixtures.pool();
            opened = Engines.get(engine).open(Fixtures.passThrough(engine));
            input = opened.input(Fixtures.INPUT);
            subscribe(opened, opened.outputFields(Fixtures.OUTPUT).indexOf("id"));
        }

        abstract void subscribe(Engine e, int seqIndex) throws EngineException;

        /** Not timed: checks the previous invocation's outputs, then gets the next one ready. */
        @Setup(Level.Invocation)
        public void next() throws InterruptedException {
            if (invocations++ > 0) checkAndReset();
            ready();
        }

        abstract void checkAndReset();

        void ready() throws InterruptedException {}

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
         * without the listener's clock read ({@code measure.receipt: send-end}); capacity: capacity
         * mode ({@code measure.timing: sampled}, 1 in {@value #SAMPLE} sends and their outputs timed).
         */
        @Param({"trial", "send-end", "capacity"})
        public String receipt;

        OutputRecords records;
        EventMaker maker;
        EventSupply supply;
        final SendState state = new SendState();
        long origin;

        @Override
        void subscribe(Engine e, int seqIndex) throws EngineException {
            origin = System.nanoTime();
            maker = new EventMaker(pool, Fixtures.SEQ_INDEX);
            records = new OutputRecords(BATCH, origin, 1 << 15, 2);
            if (receipt.equals("capacity")) records.sample(SAMPLE);
            OutputRecords.Delivery delivery = !e.deliversOnSendingThread()
                    ? OutputRecords.Delivery.ANY_THREAD
                    : receipt.equals("send-end")
                            ? OutputRecords.Delivery.SENDING_THREAD_SEND_END
                            : OutputRecords.Delivery.SENDING_THREAD;
            e.subscribe(
                    Fixtures.OUTPUT,
                    records.listener(
                            0, seqIndex, delivery, delivery == OutputRecords.Delivery.ANY_THREAD ? null : state));
        }

        @Override
        void ready() throws InterruptedException {
            if (supply != null) supply.close();
            supply = Fixtures.supply(input, maker, BATCH, receipt.equals("capacity") ? SAMPLE : 0);
        }

        @Override
        void checkAndReset() {
            Fixtures.expect(engine + " outputs seen in one invocation", records.count(), BATCH);
            long recorded = receipt.equals("capacity") ? BATCH / SAMPLE : BATCH;
            Fixtures.expect(engine + " outputs recorded in one invocation", records.recorded(), recorded);
            Fixtures.expect(
                    engine + " linked input of the last recorded output",
                    records.chunkOf(recorded - 1).seq[records.indexIn(recorded - 1)],
                    receipt.equals("capacity") ? BATCH - SAMPLE : BATCH - 1);
            records.reset(); // reuse the chunks, as sized for one batch
        }

        @Override
        public void close() {
            if (supply != null) supply.close();
            super.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long raw(Raw s) {
        s.nextSeq = Fixtures.sendFresh(s.input, s.pool, s.nextSeq, BATCH);
        return s.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long evperf(Evperf s) {
        Driver.run(s.input, s.supply, 0, s.maker, s.origin, s.state);
        return s.records.count();
    }
}
