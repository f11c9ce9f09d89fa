package dev.evperf.jmh;

import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.spec.Specs;
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
 * Issue 15's target: the Nexmark generator makes ≥ 10 M events/s on one thread. One operation is
 * what the driver does per event at send time: event k's stream and its row (a new Object[] with
 * boxed numbers, as Siddhi and Esper take it), k = 0, 1, 2, … in sequence, so the mix is the data's
 * (1 person : 3 auctions : 46 bids). {@code kind} alone is the floor: the cycle position.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 2,
        jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class NexmarkGeneratorBenchmark {

    /** In order, and with 10 % of events late by up to 4 s (Nexmark's watermark delay). */
    @Param({"{}", "{lateness: 4s, late_fraction: 0.1}"})
    public String data;

    NexmarkGenerator generator;
    long k;

    @Setup
    public void generator() {
        generator = new NexmarkGenerator(Specs.read(data, NexmarkConfig.class, "benchmark"));
    }

    @Benchmark
    public Object[] event() {
        long seq = k++;
        generator.kind(seq);
        return generator.event(seq);
    }

    @Benchmark
    public int kind() {
        return generator.kind(k++);
    }
}
