package dev.evperf.jmh;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.ReferenceModel;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 14's target: the reference model checks 10 M outputs in ≤ 30 s. One invocation is the
 * whole check of an engine's run: regenerate the 10 M input events from the spec's seed, run the
 * reference model over them, and compare its rows with the engine's 10 M rows slot by slot
 * ({@link Validation#check}). The engine's rows are made in the setup (the reference's own rows,
 * so every one is correct and each is compared in full). Single shot: seconds per check.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgs = {"-Xms6g", "-Xmx6g"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@State(Scope.Benchmark)
public class ValidationBenchmark {

    /** One output per input: a projection (every event passes) and a sliding AVG window by ID. */
    @Param({"{test: filter, projected: 1}", "{test: count_window, function: avg, rows: 1000, stream: {max_id: 100}}"})
    public String spec;

    @Param("10000000")
    public int events;

    QuerySpec query;
    Map<String, List<Object[]>> produced;

    @Setup(Level.Trial)
    public void engineRows() {
        query = Specs.read(spec, "benchmark");
        List<Object[]> rows = new ArrayList<>(events);
        Model model = ReferenceModel.of(query);
        Inputs inputs = new Inputs(query);
        for (long seq = 0; seq < events; seq++) {
            Input in = inputs.event(seq);
            model.onEvent(in.stream(), in.row(), (stream, row) -> rows.add(row));
        }
        produced = Map.of("Out", rows);
    }

    @Benchmark
    public Verdict check() {
        Verdict v = Validation.check(query, query.outputs(), events, produced, Tolerance.DEFAULT)
                .get(0);
        if (v.correct() != events) {
            throw new IllegalStateException(v.summary());
        }
        return v;
    }
}
