package dev.evperf.jmh;

import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.InputHandle;
import dev.evperf.api.StreamSchema;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.Workload.PhaseDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the benchmarks share: the seed-000 stock schema, the pool of 1000 events built by the real
 * {@link EventPool} (default generators, seed 1), events made as a trial's driver makes them (a
 * clone of pool[k mod 1000] with its boxed sequence number k in the sequence slot), a trial's
 * event supply over a run of events, and the engine specs of the pass-through query on each engine.
 */
final class Fixtures {
    static final String INPUT = "StockStream";
    static final String OUTPUT = "OutputStream";
    /** StockStream(id long, symbol string, price float, volume long); id carries the sequence number. */
    static final StreamSchema SCHEMA = new StreamSchema(
            INPUT,
            List.of(
                    new Field("id", FieldType.LONG), new Field("symbol", FieldType.STRING),
                    new Field("price", FieldType.FLOAT), new Field("volume", FieldType.LONG)));

    static final int SEQ_INDEX = 0;
    static final int POOL = 1000;

    private Fixtures() {}

    static Object[][] pool() {
        Workload.DataDef def = new Workload.DataDef();
        def.pool = POOL;
        return EventPool.build(SCHEMA, SEQ_INDEX, def, null, INPUT);
    }

    /** Fills {@code events} with fresh arrays, numbering from {@code firstSeq} (events made before a loop: a lower bound). */
    static void prepare(Object[][] pool, Object[][] events, long firstSeq) {
        for (int k = 0; k < events.length; k++) {
            long seq = firstSeq + k;
            Object[] e = pool[(int) (seq % pool.length)].clone();
            e[SEQ_INDEX] = seq; // boxed here, before the timed loop
            events[k] = e;
        }
    }

    /**
     * The bare loop: sends {@code n} events numbered from {@code firstSeq}, each made when it is sent
     * (a clone of its pool row with its boxed sequence number). @return the next sequence number
     */
    static long sendFresh(InputHandle input, Object[][] pool, long firstSeq, int n) {
        long seq = firstSeq;
        for (int k = 0; k < n; k++, seq++) {
            Object[] e = pool[(int) (seq % pool.length)].clone();
            e[SEQ_INDEX] = seq;
            input.send(e);
        }
        return seq;
    }

    /** A trial's supply of {@code n} events due at once (a {@code max} phase), in one chunk, ready for a Driver. */
    static EventSupply supply(InputHandle input, EventMaker maker, int n) throws InterruptedException {
        return supply(input, maker, n, 0);
    }

    /** The same in capacity mode when {@code sampleEvery} > 0: 1 in that many sends timed. */
    static EventSupply supply(InputHandle input, EventMaker maker, int n, int sampleEvery) throws InterruptedException {
        PhaseDef p = new PhaseDef();
        p.max = new Workload.MaxDef();
        p.max.count = n;
        EventSupply s = new EventSupply(Schedule.of(List.of(p)).cursor(0), false, 1, 1, maker, input, c -> {}, n, 2);
        if (sampleEvery > 0) s.sample(sampleEvery);
        s.prefill();
        return s;
    }

    /** The pass-through query of the seed-000 workloads on the named engine. */
    static EngineSpec passThrough(String engine) {
        String query =
                switch (engine) {
                    case "null" -> "";
                    case "siddhi" -> "from StockStream select id, symbol, price, volume insert into OutputStream;";
                    case "esper" -> "insert into OutputStream select id, symbol, price, volume from StockStream";
                    default -> throw new IllegalArgumentException("no pass-through query for engine " + engine);
                };
        return new EngineSpec(List.of(SCHEMA), query, List.of(OUTPUT), Map.of());
    }

    static void expect(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException(what + ": expected " + expected + ", got " + actual);
        }
    }

    /** Deletes a channel benchmark's temporary directory and the files its channels left in it. */
    static void deleteDir(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.delete(f);
            }
        }
        Files.delete(dir);
    }
}
