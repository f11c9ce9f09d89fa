package dev.evperf.jmh;

import dev.evperf.api.EngineException;
import dev.evperf.api.jvm.LiveHeap;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.validate.Verdict;
import java.util.Locale;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * P7 (issue 17): {@code AVG(A1) [ROWS R SLIDE 1] GROUP BY ID} (the suites' count_window spec, MAX_ID
 * 100, stream1 with 5 attributes) on ref, Esper and Siddhi, each opened through its translation and
 * the engine SPI and fed the same events (the spec's generator, seq by seq: a new Object[] with new
 * boxes each, made before the invocation that sends it).
 *
 * <p>Before measuring, in the fork: heap used after full GCs is read, events 0 .. R + 100 000 are sent
 * with every output kept and validated against the reference model (the benchmark throws unless all
 * are correct), the kept rows are dropped, and heap used after full GCs is read again: the
 * difference is the engine's window memory, printed as a {@code P7} line. Then each invocation sends
 * {@value #BATCH} further events; the score is events per second.
 *
 * <p>{@link #eventsOnly} reads each event's ID and A1 the way an engine unboxes them, with no engine:
 * the share of the per-event time that is the events themselves.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class SlidingAvgBenchmark {
    public static final int BATCH = 50_000;
    static final long VALIDATED_AFTER_FULL = 100_000;

    @State(Scope.Thread)
    public static class Run extends SpecEngines.Batches {
        @Param({"ref", "esper", "siddhi"})
        public String engine;

        @Param("1000000")
        public int rows;

        @Override
        int size() {
            return BATCH;
        }

        @Setup(Level.Trial)
        public void open() throws EngineException {
            QuerySpec spec =
                    Specs.read("{test: count_window, function: avg, rows: " + rows + ", stream: {max_id: 100}}", "P7");
            long before = LiveHeap.usedAfterGc();
            opened = new SpecEngines.Opened(engine, spec);
            input = opened.engine.input("stream1");
            seq = rows + VALIDATED_AFTER_FULL;
            Verdict v = opened.validate(spec, seq);
            if (!v.valid() || v.correct() != seq)
                throw new IllegalStateException(engine + ": " + v.summary() + " " + v.examples());
            long full = LiveHeap.usedAfterGc();
            System.out.printf(
                    Locale.ROOT,
                    "%nP7 %s rows=%d: %s; window memory %.1f MB (heap after full GC %d B, before opening %d B)%n",
                    engine,
                    rows,
                    v.summary(),
                    (full - before) / 1e6,
                    full,
                    before);
            expected = opened.outputs;
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void send(Run r) {
        r.send();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public double eventsOnly(Run r) {
        double sum = 0;
        for (Object[] e : r.batch) sum += (Integer) e[1] + (Double) e[2];
        r.expected -= BATCH; // no engine: no outputs
        return sum;
    }
}
