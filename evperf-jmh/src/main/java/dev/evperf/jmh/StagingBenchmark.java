package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.ref.RefEngineFactory;
import dev.evperf.suites.data.Stream1Generator;
import dev.evperf.suites.spec.Stream1;
import java.util.List;
import java.util.Map;
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
 * Cache-aware sliding aggregation (seed 001, Table 5.3): {@code SELECT AVG(A1) FROM stream1 [ROWS N]}
 * on ref with the column store (one primitive array per attribute: seq, ID, A1..A5, TS) or the
 * projected one (A1 only), events staged K at a time in small arrays and copied into the window in
 * bulk. K = 1 is the plain column store. Events are stream1's (new arrays and boxes, made before the
 * invocation that sends them); the window is full before measuring. Score: events per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class StagingBenchmark {
    public static final int BATCH = 100_000;

    @Param({"columns", "projected"})
    public String layout;

    @Param({"1", "100", "1000"})
    public int staging;

    @Param({"1000000", "10000000"})
    public int rows;

    Engine engine;
    InputHandle input;
    Stream1Generator generator;
    final Object[][] batch = new Object[BATCH][];
    long seq;
    long outputs;
    long expected;

    @Setup(Level.Trial)
    public void open() throws EngineException {
        Stream1 data = new Stream1(5, 100, 1000.0, 1L);
        generator = new Stream1Generator(data, data.periodFor(rows)); // the period of a window of rows events
        engine = new RefEngineFactory()
                .open(new EngineSpec(
                        List.of(data.schema(Stream1.STREAM1)),
                        "SELECT AVG(A1) AS avg FROM stream1 [ROWS " + rows + "] INTO Out",
                        List.of("Out"),
                        Map.of("layout", layout, "staging", staging)));
        engine.subscribe("Out", row -> outputs++);
        input = engine.input(Stream1.STREAM1);
        for (; seq < rows; seq++) input.send(generator.event(seq));
        expected = seq;
    }

    @Setup(Level.Invocation)
    public void freshEvents() {
        if (outputs != expected) throw new IllegalStateException("ref emitted " + outputs + ", expected " + expected);
        for (int i = 0; i < BATCH; i++) batch[i] = generator.event(seq++);
        expected += BATCH;
    }

    @TearDown(Level.Trial)
    public void close() {
        engine.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void send() {
        InputHandle in = input;
        for (Object[] e : batch) in.send(e);
    }
}
