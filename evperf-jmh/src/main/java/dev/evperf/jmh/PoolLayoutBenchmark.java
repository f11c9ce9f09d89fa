package dev.evperf.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.SendState;
import dev.evperf.core.engine.Engines;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.run.NeutralQuery;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The driver's send loop in capacity mode into the null engine, from a pool of distinct events as a
 * trial of a neutral query has it (issue 17's P7 events, {@value #EVENTS} of them, each sent once per
 * pass): {@code built} keeps the rows where building them put them (each between its values and
 * the suites' records, a full GC sliding them together), {@code contiguous} copies them side by side
 * first ({@link EventPool#contiguous}, what a trial does). Each invocation sends the next
 * {@value HarnessShareBenchmark#BATCH} pool rows, so the pool is walked as in a run, not re-read
 * from the cache. The score is events per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public class PoolLayoutBenchmark {
    static final int EVENTS = 2_000_000;
    static final int BATCH = HarnessShareBenchmark.BATCH;

    @State(Scope.Thread)
    public static class Loop {
        @Param({"built", "contiguous"})
        public String layout;

        Object[][] pool;
        Engine engine;
        InputHandle input;
        EventSupply supply;
        EventMaker maker;
        final SendState state = new SendState();
        int next;
        /** Events in the pool ({@value #EVENTS}; fewer in BenchmarksWorkTest). */
        int events = EVENTS;

        @Setup(Level.Trial)
        public void build() throws EngineException {
            NeutralQuery q = p7();
            Input[] made = q.events(events, "null");
            pool = new Object[events][];
            for (int j = 0; j < events; j++) pool[j] = made[j].row();
            made = null;
            if (layout.equals("contiguous")) EventPool.contiguous(pool);
            System.gc(); // as a trial before its run: the records are gone, the rows slide together
            engine = Engines.get("null").open(new EngineSpec(q.inputs(), "", List.of(), Map.of()));
            input = engine.input(q.inputs().get(0).name());
        }

        /** Not timed: the next BATCH rows of the pool, in a supply of their own. */
        @Setup(Level.Invocation)
        public void ready() throws InterruptedException {
            if (supply != null) supply.close();
            if (next + BATCH > events) next = 0;
            maker = new EventMaker(Arrays.copyOfRange(pool, next, next + BATCH), 0);
            next += BATCH;
            supply = Fixtures.supply(input, maker, BATCH, HarnessShareBenchmark.SAMPLE);
        }

        @TearDown(Level.Trial)
        public void close() {
            if (supply != null) supply.close();
            engine.close();
        }
    }

    /** Issue 17's P7 query: {@code AVG(A1) [ROWS 1 000 000 SLIDE 1] GROUP BY ID}, its stream of 100 ids. */
    static NeutralQuery p7() {
        try {
            return NeutralQuery.read(
                    new ObjectMapper()
                            .readTree("{\"test\": \"count_window\", \"function\": \"avg\", \"rows\": 1000000,"
                                    + " \"stream\": {\"max_id\": 100}}"),
                    "P7");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long send(Loop s) {
        Driver.run(s.input, s.supply, 0, s.maker, 0, s.state);
        return s.state.last;
    }
}
