package dev.evperf.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of one {@code System.nanoTime()} on this machine (ns per call, back-to-back calls;
 * the score includes JMH's loop, well under 1 ns). The driver loop with records reads the clock
 * about twice per event: once after each send (send end = next send start) and once in the
 * output listener (receipt time).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class ClockBenchmark {
    @Benchmark
    public long nanoTime() {
        return System.nanoTime();
    }
}
