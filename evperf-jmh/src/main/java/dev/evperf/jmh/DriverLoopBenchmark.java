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
 * evperf's own per-event cost: the timed send loop into the pass-through {@code null} engine
 * (found through ServiceLoader, opened with one input and one output stream), on one thread.
 *
 * <p>One invocation sends a batch of {@value #BATCH} prepared events (pool of 1000 reused
 * cyclically, each event its own array with a boxed sequence number, as a trial prepares them);
 * preparation, engine opening and the reset of the sink between invocations are not timed. The
 * score is events per second (ops = events).
 *
 * <ul>
 *   <li>{@link #driverWithRecords}: {@code Driver.run} with every intended time 0 (maximum rate,
 *   never waits): per event one clock read, the send-start and send-end stores, the send; inside
 *   the send the null engine calls the {@link OutputRecords} listener, which reads the clock,
 *   claims a slot (see {@code delivery}) and stores receipt time, sequence number and stream.</li>
 *   <li>{@link #plainLoopCounting}: the same events and engine, a plain loop of
 *   {@code input.send(e)}; the subscribed listener only increments a counter. No clock, no
 *   records: the difference to the above is the record cost per event.</li>
 *   <li>{@link #driverCountingOnly}: {@code Driver.run} as above, but the listener only counts:
 *   splits the record cost into the driver's part (one clock read, two stores per event) and the
 *   sink's part (one clock read, an atomic increment, three stores per output).</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class DriverLoopBenchmark {
    public static final int BATCH = 100_000;

    /** Events prepared once: the null engine keeps no reference to them. */
    @State(Scope.Thread)
    public static class Events {
        Object[][] events;

        @Setup(Level.Trial)
        public void prepare() {
            events = new Object[BATCH][];
            Fixtures.prepare(Fixtures.pool(), events, 0);
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
        long[] intended = new long[BATCH]; // all 0: every event is due at once
        long[] sendStart = new long[BATCH];
        long[] sendEnd = new long[BATCH];
        long origin;

        @Setup(Level.Trial)
        public void open() throws EngineException {
            engine = Engines.get("null").open(Fixtures.passThrough("null"));
            input = engine.input(Fixtures.INPUT);
            origin = System.nanoTime();
            records = new OutputRecords(BATCH, origin);
            int seqIndex = engine.outputFields(Fixtures.OUTPUT).indexOf("id");
            engine.subscribe(Fixtures.OUTPUT, records.listener(0, seqIndex, OutputRecords.Delivery.valueOf(delivery)));
        }

        @TearDown(Level.Iteration)
        public void check() {
            Fixtures.expect("outputs recorded in the last invocation", records.recorded(), BATCH);
            Fixtures.expect("sequence number of the last output", records.seq[BATCH - 1], BATCH - 1);
        }

        @TearDown(Level.Trial)
        public void close() {
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
        long[] intended = new long[BATCH];
        long[] sendStart = new long[BATCH];
        long[] sendEnd = new long[BATCH];
        long origin;

        @Setup(Level.Trial)
        public void open() throws EngineException {
            engine = Engines.get("null").open(Fixtures.passThrough("null"));
            input = engine.input(Fixtures.INPUT);
            origin = System.nanoTime();
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

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int driverWithRecords(Events ev, WithRecords s) {
        s.records.reset(); // reuse the columns; two stores per 100k events
        Driver.run(s.input, ev.events, s.intended, s.origin, s.sendStart, s.sendEnd);
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
    public long driverCountingOnly(Events ev, DriverCounting s) {
        s.count = 0;
        Driver.run(s.input, ev.events, s.intended, s.origin, s.sendStart, s.sendEnd);
        return s.count;
    }
}
