package dev.evperf.jmh;

import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.api.jvm.LiveHeap;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.spec.TableJoin;
import java.util.Locale;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Batch grace hash join (seed 001, section 5.5.2) against the plain hash join: the suites'
 * table_join spec (stream1 ⋈ table1 ON ID, every event matching one row of F1..F9) on ref, the table
 * of {@code rows} rows loaded through the engine SPI before measuring (and its heap after full GCs
 * printed as a {@code JOIN} line). Grace: 1000 partitions, batches of {@value #BATCH} events (one
 * invocation is one batch, flushed inside its last send). Score: events joined per second.
 * The 80 M-row table needs about 9 GB of heap: run the larger sizes with {@code -jvmArgsAppend -Xmx12g}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx6g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class GraceJoinBenchmark extends SpecEngines.Batches {
    public static final int BATCH = 100_000;

    @Param({"1000000", "10000000"})
    public int rows;

    @Param({"hash", "grace"})
    public String join;

    @Override
    int size() {
        return BATCH;
    }

    @Setup(Level.Trial)
    public void open() throws EngineException {
        QuerySpec spec = Specs.read("{test: table_join, rows: " + rows + "}", "join");
        long before = LiveHeap.usedAfterGc();
        opened = new SpecEngines.Opened(
                "ref", spec, Map.of("join", join, "grace_partitions", 1000, "grace_batch", BATCH));
        InputHandle table = opened.engine.input(TableJoin.ROWS);
        for (int id = 1; id <= rows; id++)
            table.send(Inputs.tableRow(spec.data().seed(), id));
        System.out.printf(
                Locale.ROOT,
                "%nJOIN %s rows=%d: table in the heap %.1f MB%n",
                join,
                rows,
                (LiveHeap.usedAfterGc() - before) / 1e6);
        input = opened.engine.input("stream1");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void join() {
        send();
    }
}
