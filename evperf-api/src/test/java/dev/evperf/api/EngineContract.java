package dev.evperf.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * What every engine adapter must do, as tests over the same events: an adapter's test class
 * extends this and gives the engine's queries for each case (and what the engine's own semantics
 * make of the windowed one). Engine-specific behaviour (error positions, options) stays in the
 * adapter's own tests. The error behaviour every engine shares is {@link EngineErrorContract}'s.
 *
 * <p>Streams: {@code StockStream(id long, symbol string, price float, volume long)} and
 * {@code TradeStream(id int, ok bool, amount double)}; every query writes {@code OutputStream}.
 */
public abstract class EngineContract implements EngineErrorContract {
    public static final StreamSchema STOCK = new StreamSchema("StockStream", List.of(
            new Field("id", FieldType.LONG), new Field("symbol", FieldType.STRING),
            new Field("price", FieldType.FLOAT), new Field("volume", FieldType.LONG)));
    public static final StreamSchema TRADE = new StreamSchema("TradeStream", List.of(
            new Field("id", FieldType.INT), new Field("ok", FieldType.BOOL), new Field("amount", FieldType.DOUBLE)));

    /** The factory under test. */
    @Override
    public abstract EngineFactory factory();

    /** Its {@link EngineFactory#name()} and {@link EngineFactory#version()}. */
    protected abstract String name();

    protected abstract String version();

    /** StockStream's id, symbol, price, volume into OutputStream, unchanged. */
    protected abstract String passThrough();

    /** id and price of the StockStream events with price > 500. */
    protected abstract String priceAbove500();

    /** symbol and avg(price) as avgPrice over a length window of 10 StockStream events, by symbol. */
    protected abstract String lengthWindowAverage();

    /** The (symbol, avgPrice) rows the engine emits for {@link #lengthWindowAverage} on this test's events. */
    protected abstract List<Tuple> lengthWindowRows();

    /** id and amount of the TradeStream events with ok true. */
    protected abstract String okTrades();

    /** StockStream's id into a stream named Other (not the declared OutputStream). */
    protected abstract String intoOther();

    /** A query with a syntax error. */
    protected abstract String syntaxError();

    /**
     * StockStream's id into OutputStream, and volume through evperf's two engine functions:
     * {@code volume} = the log function on channel 'volumes' with id volume, then the trace
     * function with seq volume and name 'volume' (returning it): OutputStream(id, volume).
     */
    protected abstract String evperfFunctionsOnVolume();

    /**
     * The query of {@link #failingSpec}: StockStream's id into OutputStream where price ≤ 500; an
     * exception in the query for price > 500 (e.g. a failing cast or division), which the engine catches.
     */
    protected abstract String failsAbove500();

    @Override
    public EngineSpec failingSpec() {
        return spec(failsAbove500());
    }

    public static EngineSpec spec(String queries) {
        return new EngineSpec(List.of(STOCK), queries, List.of("OutputStream"), Map.of());
    }

    public static Object[] stock(long id, String symbol, float price) {
        return new Object[] {id, symbol, price, id * 10};
    }

    /** Rows as (symbol, avgPrice), for {@link #lengthWindowRows}. */
    protected static Tuple row(String symbol, double avg) {
        return tuple(symbol, avg);
    }

    @Test
    void passThroughDeliversEveryEventInOrderInsideSend() throws Exception {
        try (Engine engine = factory().open(spec(passThrough()))) {
            assertThat(engine.outputFields("OutputStream")).containsExactly("id", "symbol", "price", "volume");
            List<Object[]> rows = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            engine.subscribe("OutputStream", row -> {
                rows.add(row.clone()); // the engine may reuse the array
                threads.add(Thread.currentThread());
            });
            InputHandle in = engine.input("StockStream");
            for (int i = 0; i < 1000; i++) {
                in.send(stock(i, "S" + (i % 7), i * 0.5f));
                // synchronous: the output of event i arrived before send returned
                assertThat(rows).hasSize(i + 1);
                assertThat(rows.get(i)[0]).isEqualTo((long) i);
            }
            for (int i = 0; i < 1000; i++) {
                assertThat(rows.get(i)).containsExactly((long) i, "S" + (i % 7), i * 0.5f, i * 10L);
            }
            assertThat(threads).containsOnly(Thread.currentThread());
        }
    }

    @Test
    void filterPassesExactlyTheMatchingEvents() throws Exception {
        try (Engine engine = factory().open(spec(priceAbove500()))) {
            List<Long> ids = new ArrayList<>();
            engine.subscribe("OutputStream", row -> ids.add((Long) row[0]));
            InputHandle in = engine.input("StockStream");
            List<Long> expected = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                float price = (i * 37) % 1000; // prices in scrambled order, including exactly 500
                in.send(stock(i, "X", price));
                if (price > 500) expected.add((long) i);
            }
            assertThat(expected).hasSize(499);
            assertThat(ids).isEqualTo(expected);
        }
    }

    @Test
    void lengthWindowAverageGroupedBySymbol() throws Exception {
        try (Engine engine = factory().open(spec(lengthWindowAverage()))) {
            assertThat(engine.outputFields("OutputStream")).containsExactly("symbol", "avgPrice");
            List<Object[]> rows = new ArrayList<>();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("StockStream");
            in.send(stock(1, "A", 10));
            in.send(stock(2, "B", 100));
            in.send(stock(3, "A", 20));
            in.send(stock(4, "A", 30));
            in.send(stock(5, "B", 200));
            for (int i = 6; i <= 11; i++) {
                in.send(stock(i, "C", 0)); // the 11th event pushes event 1 (A 10) out of the window
            }
            in.send(stock(12, "A", 40)); // pushes event 2 (B 100) out; A's window is 20, 30, 40
            assertThat(rows).extracting(r -> r[0], r -> r[1]).containsExactlyElementsOf(lengthWindowRows());
        }
    }

    @Test
    void severalInputsAndEveryFieldType() throws Exception {
        EngineSpec spec = new EngineSpec(List.of(STOCK, TRADE), okTrades(), List.of("OutputStream"), Map.of());
        try (Engine engine = factory().open(spec)) {
            List<Object[]> rows = new ArrayList<>();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("TradeStream");
            in.send(new Object[] {1, true, 2.5});
            in.send(new Object[] {2, false, 3.5});
            engine.input("StockStream").send(stock(3, "A", 1)); // another input, no output
            assertThat(rows).containsExactly(new Object[] {1, 2.5});
        }
    }

    @Test
    void unknownStreamsNameTheStreamsThatExist() throws Exception {
        try (Engine engine = factory().open(spec(priceAbove500()))) {
            assertThatThrownBy(() -> engine.subscribe("Nope", row -> { }))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContainingAll("'Nope'", "OutputStream", "StockStream");
            assertThatThrownBy(() -> engine.outputFields("Nope"))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContainingAll("'Nope'", "OutputStream", "StockStream");
            assertThatThrownBy(() -> engine.input("Nope"))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContainingAll("'Nope'", "StockStream");
        }
    }

    @Test
    void evperfsEngineFunctionsPassANullArgumentThrough() throws Exception {
        try (Engine engine = factory().open(spec(evperfFunctionsOnVolume()))) {
            List<Throwable> errors = new ArrayList<>();
            engine.onError((where, e) -> errors.add(e));
            List<Object[]> rows = new ArrayList<>();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("StockStream");
            in.send(stock(1, "A", 1));
            in.send(new Object[] {2L, "B", 2f, null}); // a missing volume: no error, the event goes on
            in.send(stock(3, "C", 3));
            assertThat(errors).isEmpty();
            assertThat(rows).extracting(r -> ((Number) r[0]).longValue(), r -> r[1] == null ? null : ((Number) r[1]).longValue())
                    .containsExactly(tuple(1L, 10L), tuple(2L, null), tuple(3L, 30L));
        }
    }

    @Test
    void serviceLoaderFindsTheFactoryByName() {
        EngineFactory found = ServiceLoader.load(EngineFactory.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(f -> f.name().equals(name()))
                .findFirst().orElseThrow();
        assertThat(found).isInstanceOf(factory().getClass());
        assertThat(found.version()).isEqualTo(version());
    }

    @Test
    void validateAcceptsAGoodSpecAndRejectsBadOnes() throws Exception {
        factory().validate(spec(priceAbove500()));
        assertThatThrownBy(() -> factory().validate(spec(syntaxError())))
                .isInstanceOf(EngineException.class).hasMessageStartingWith(name() + ": ")
                .message().doesNotContain("\n", "\r");
        // compiles, but the declared output stream does not exist
        assertThatThrownBy(() -> factory().validate(spec(intoOther())))
                .isInstanceOf(EngineException.class).hasMessageContainingAll("'OutputStream'", "Other");
    }
}
