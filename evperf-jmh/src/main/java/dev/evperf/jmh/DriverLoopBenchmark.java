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
 * evperf's own per-event cost: the timed send loop into the pass-through {@code null} engine
 * (found through ServiceLoader, opened with one input and one output stream), on one thread.
 *
 * <p>One invocation sends a batch of {@value #BATCH} events (pool of 1000 reused cyclically, each
 * event its own array with a boxed sequence number). The driver variants take them from a trial's
 * event supply (one chunk of the schedule, filled before the invocation) and make each event at
 * send time, as a trial does; the supply's set-up, engine opening and the reset of the sink between
 * invocations are not timed. The score is events per second (ops = events).
 *
 * <ul>
 *   <li>{@link #driverWithRecords}: {@code Driver.run} with every event due at once (maximum
 *   rate, never waits): per event, making it, one clock read, the send-start and send-end stores,
 *   the send; inside the send the null engine calls the {@link OutputRecords} listener, which reads
 *   the clock, claims a slot (see {@code delivery}) and stores receipt time, linked input, declared
 *   sequence number, link kind and stream.</li>
 *   <li>{@link #plainLoopCounting}: events made before the loop (once), a plain loop of
 *   {@code input.send(e)}; the subscribed listener only increments a counter. No clock, no
 *   records, no event making: the loop's floor.</li>
 *   <li>{@link #plainLoopSendTime}: the same loop making each event when it sends it (clone and
 *   boxed seq), as the bare loop of the harness check does: the cost of making events.</li>
 *   <li>{@link #driverCountingOnly}: {@code Driver.run} as above, but the listener only counts:
 *   splits the record cost into the driver's part (event making, one clock read, two stores per
 *   event) and the sink's part (one clock read, a slot, five stores per output).</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class DriverLoopBenchmark {
    public static final int BATCH = 100_000;

    /** Events made once, for the loop's floor: the null engine keeps no reference to them. */
    @State(Scope.Thread)
    public static class Events {
        Object[][] events;
        Object[][] pool;

        @Setup(Level.Trial)
        public void prepare() {
            pool = Fixtures.pool();
            events = new Object[BATCH][];
            Fixtures.prepare(pool, events, 0);
        }
    }

    @State(Scope.Thread)
    public static class WithRecords {
        /**
         * How the sink records: SENDING_THREAD is what a trial uses for the null engine (plain
         * slot counter, the listener reads the clock); ANY_THREAD claims slots with an atomic
         * increment (engines that deliver on their own threads); SENDING_THREAD_SEND_END reads no
         * clock in the listener (measure.receipt: send-end).
         */
        @Param({"SENDING_THREAD", "ANY_THREAD", "SENDING_THREAD_SEND_END"})
        public String delivery;

        Engine engine;
        InputHandle input;
        OutputRecords records;
        EventMaker maker;
        EventSupply supply;
        final SendState state = new SendState();
        long origin;

        @Setup(Level.Trial)
        public void open() throws EngineException {
            engine = Engines.get("null").open(Fixtures.passThrough("null"));
            input = engine.input(Fixtures.INPUT);
            origin = System.nanoTime();
            maker = new EventMaker(Fixtures.pool(), Fixtures.SEQ_INDEX);
            // Two chunks of 64 Ki slots hold a batch without a writer.
            records = new OutputRecords(BATCH, origin, 1 << 16, 2);
            int seqIndex = engine.outputFields(Fixtures.OUTPUT).indexOf("id");
            OutputRecords.Delivery d = OutputRecords.Delivery.valueOf(delivery);
            engine.subscribe(
                    Fixtures.OUTPUT,
                    records.listener(0, seqIndex, d, d == OutputRecords.Delivery.ANY_THREAD ? null : state));
        }

        /** Not timed: a fresh supply (one chunk of the schedule) and an empty sink. */
        @Setup(Level.Invocation)
        public void refill() throws InterruptedException {
            if (supply != null) supply.close();
            supply = Fixtures.supply(input, maker, BATCH);
            records.reset();
        }

        @TearDown(Level.Iteration)
        public void check() {
            Fixtures.expect("outputs recorded in the last invocation", records.recorded(), BATCH);
            Fixtures.expect(
                    "sequence number of the last output",
                    records.chunkOf(BATCH - 1).declared[records.indexIn(BATCH - 1)],
                    BATCH - 1);
        }

        @TearDown(Level.Trial)
        public void close() {
            if (supply != null) supply.close();
            engine.close();
        }
    }

    @State(Scope.Thread)
    public static class Counting {
        Engine engine;
        InputHandle input;
        long count;

        @Setup(Level.Trial)
        public void open() throws EngineException {
            engine = Engines.get("null").open(Fixtures.passThrough("null"));
            input = engine.input(Fixtures.INPUT);
            engine.subscribe(Fixtures.OUTPUT, row -> count++);
        }

        @TearDown(Level.Iteration)
        public void check() {
            Fixtures.expect("outputs counted in the last invocation", count, BATCH);
        }

        @TearDown(Level.Trial)
        public void close() {
            engine.close();
        }
    }

    /** Driver.run's own records (send start/end) without the sink: a counting listener. */
    @State(Scope.Thread)
    public static class DriverCounting {
        Engine engine;
        InputHandle input;
        long count;
        EventMaker maker;
        EventSupply supply;
        final SendState state = new SendState();
        long origin;

        @Setup(Level.Trial)
        public void open() throws EngineException {
            engine = Engines.get("null").open(Fixtures.passThrough("null"));
            input = engine.input(Fixtures.INPUT);
            origin = System.nanoTime();
            maker = new EventMaker(Fixtures.pool(), Fixtures.SEQ_INDEX);
            engine.subscribe(Fixtures.OUTPUT, row -> count++);
        }

        @Setup(Level.Invocation)
        public void refill() throws InterruptedException {
            if (supply != null) supply.close();
            supply = Fixtures.supply(input, maker, BATCH);
        }

        @TearDown(Level.Iteration)
        public void check() {
            Fixtures.expect("outputs counted in the last invocation", count, BATCH);
        }

        @TearDown(Level.Trial)
        public void close() {
            if (supply != null) supply.close();
            engine.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long driverWithRecords(WithRecords s) {
        Driver.run(s.input, s.supply, 0, s.maker, s.origin, s.state);
        return s.records.count();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long plainLoopCounting(Events ev, Counting s) {
        s.count = 0;
        InputHandle input = s.input;
        for (Object[] e : ev.events) {
            input.send(e);
        }
        return s.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long plainLoopSendTime(Events ev, Counting s) {
        s.count = 0;
        Fixtures.sendFresh(s.input, ev.pool, 0, BATCH);
        return s.count;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long driverCountingOnly(DriverCounting s) {
        s.count = 0;
        Driver.run(s.input, s.supply, 0, s.maker, s.origin, s.state);
        return s.count;
    }
}
