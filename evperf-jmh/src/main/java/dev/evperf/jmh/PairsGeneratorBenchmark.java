package dev.evperf.jmh;

import dev.evperf.suites.data.EventSource;
import dev.evperf.suites.pairs.PairsOutputs;
import dev.evperf.suites.pairs.PairsScale;
import dev.evperf.suites.pairs.StockTick;
import dev.evperf.suites.pairs.TickGenerator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 16's target: the Pairs data generator makes ≥ 1 M ticks/s. One operation is the next tick
 * (arrival by thinning, the symbol's GBM step, size), as {@code evperf pairs generate} and a live
 * source call it; a generator that reaches the end of its run is replaced (outside no timing: the
 * setup is rare, one per 45 M ticks of a full SF-1 run). {@link #liveRow} is the same tick as the
 * live source makes it for the driver's feed thread (a new row, its fields boxed).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class PairsGeneratorBenchmark {

    @Param({"1", "11"})
    public int sf;

    TickGenerator generator;
    EventSource live;

    @Setup
    public void generator() {
        generator = new TickGenerator(new PairsScale(sf), 121, 1);
        live = EventSource.open(
                "pairs", PairsOutputs.TICK_SCHEMA, 4, Map.of("sf", Integer.toString(sf), "minutes", "121"));
    }

    @Benchmark
    public StockTick tick() {
        StockTick t = generator.next();
        if (t == null) {
            generator();
            t = generator.next();
        }
        return t;
    }

    @Benchmark
    public Object[] liveRow() {
        Object[] row = live.next();
        if (row == null) {
            generator();
            row = live.next();
        }
        return row;
    }
}
