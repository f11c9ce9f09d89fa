package dev.evperf.jmh;

import dev.evperf.core.driver.Waiter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The driver's wait for a due time, with and without the stall check ({@code Waiter} records a
 * gap of more than 1 ms between two of its clock reads): the time from the call to the return,
 * for a wait of {@code waitNs} (2 µs: spin only; 150 µs: park, then spin). Equal scores mean the
 * check costs the wait nothing measurable; the wait itself is off the measured send either way.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class WaiterBenchmark {
    @Param({"2000", "150000"})
    public long waitNs;

    @Benchmark
    public long waiter() {
        return Waiter.awaitUntil(System.nanoTime() + waitNs);
    }

    /** The wait as it was before the stall check: the baseline, kept here only for this comparison. */
    @Benchmark
    public long waiterWithoutStallCheck() {
        return CpuTimeCheck.withoutStallCheck(System.nanoTime() + waitNs);
    }
}
