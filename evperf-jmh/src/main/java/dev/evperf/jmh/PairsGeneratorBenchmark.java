package dev.evperf.jmh;

import dev.evperf.suites.pairs.PairsScale;
import dev.evperf.suites.pairs.StockTick;
import dev.evperf.suites.pairs.TickGenerator;
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
 * setup is rare, one per 45 M ticks of a full SF-1 run).
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

    @Setup
    public void generator() {
        generator = new TickGenerator(new PairsScale(sf), 121, 1);
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
}
