package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.engine.Engines;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * Experiment behind a proposed change to the sink, not one of the targets: the driver loop of
 * {@link DriverLoopBenchmark#driverWithRecords} (Driver.run, null engine, {@value #BATCH} events
 * per invocation, events/s) with the real {@link OutputRecords} listener or with a copy of it
 * that differs in one thing:
 * <ul>
 *   <li>{@code real}: OutputRecords itself (the control; should match driverWithRecords);</li>
 *   <li>{@code plainCounter}: the slot is claimed with a plain {@code int} increment instead of
 *   {@code AtomicInteger.getAndIncrement} (a locked instruction) — correct only when one thread
 *   delivers all outputs, as Siddhi without @Async, Esper and the null engine do;</li>
 *   <li>{@code noClock}: no {@code System.nanoTime()} in the listener (receipt time not
 *   recorded) — not a proposal, it shows what the listener's clock read costs.</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class SinkVariantsBenchmark {
    public static final int BATCH = DriverLoopBenchmark.BATCH;

    @Param({"real", "plainCounter", "noClock"})
    public String sink;

    Object[][] events;
    Engine engine;
    InputHandle input;
    long[] intended = new long[BATCH];
    long[] sendStart = new long[BATCH];
    long[] sendEnd = new long[BATCH];
    long origin;
    OutputRecords real;
    AtomicInteger realSlot;
    Copy copy;

    @Setup(Level.Trial)
    public void open() throws EngineException {
        events = new Object[BATCH][];
        Fixtures.prepare(Fixtures.pool(), events, 0);
        engine = Engines.get("null").open(Fixtures.passThrough("null"));
        input = engine.input(Fixtures.INPUT);
        origin = System.nanoTime();
        int seqIndex = engine.outputFields(Fixtures.OUTPUT).indexOf("id");
        OutputListener listener;
        switch (sink) {
            case "real" -> {
                real = new OutputRecords(BATCH, origin);
                realSlot = Fixtures.slotCounter(real);
                listener = real.listener(0, seqIndex);
            }
            case "plainCounter" -> {
                copy = new Copy(BATCH, origin);
                listener = copy.plainCounterListener(0, seqIndex);
            }
            case "noClock" -> {
                copy = new Copy(BATCH, origin);
                listener = copy.noClockListener(0, seqIndex);
            }
            default -> throw new IllegalArgumentException(sink);
        }
        engine.subscribe(Fixtures.OUTPUT, listener);
    }

    @TearDown(Level.Iteration)
    public void check() {
        if (real != null) {
            Fixtures.expect("outputs recorded", real.recorded(), BATCH);
        } else {
            Fixtures.expect("outputs recorded", Math.min(copy.plainNext + copy.atomicNext.get(), BATCH), BATCH);
            Fixtures.expect("sequence number of the last output", copy.seq[BATCH - 1], BATCH - 1);
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        engine.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long driverWithSink() {
        if (real != null) {
            realSlot.set(0);
        } else {
            copy.plainNext = 0;
            copy.atomicNext.set(0);
        }
        Driver.run(input, events, intended, origin, sendStart, sendEnd);
        return sendEnd[BATCH - 1];
    }

    /** OutputRecords' columns and listener, with one change per variant. */
    static final class Copy {
        final long[] received;
        final long[] seq;
        final short[] stream;
        final AtomicInteger atomicNext = new AtomicInteger();
        int plainNext;
        final long origin;

        Copy(int capacity, long origin) {
            this.received = new long[capacity];
            this.seq = new long[capacity];
            this.stream = new short[capacity];
            this.origin = origin;
        }

        OutputListener plainCounterListener(int streamId, int seqIndex) {
            short id = (short) streamId;
            return row -> {
                long now = System.nanoTime();
                int k = plainNext++;
                if (k < received.length) {
                    received[k] = now - origin;
                    seq[k] = seqIndex < 0 ? -1 : ((Number) row[seqIndex]).longValue();
                    stream[k] = id;
                }
            };
        }

        OutputListener noClockListener(int streamId, int seqIndex) {
            short id = (short) streamId;
            return row -> {
                int k = atomicNext.getAndIncrement();
                if (k < received.length) {
                    received[k] = -origin;
                    seq[k] = seqIndex < 0 ? -1 : ((Number) row[seqIndex]).longValue();
                    stream[k] = id;
                }
            };
        }
    }
}
