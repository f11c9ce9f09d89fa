package dev.evperf.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * What every engine adapter must do, as tests over the same events: an adapter's test class
 * extends this (or {@link QueryEngineContract}, for engines with a query language) and gives the
 * engine's queries for each case. Engine-specific behaviour (error positions, options) stays in
 * the adapter's own tests. Engines that run queries in the trial JVM also implement
 * {@link EngineErrorContract} and {@link EvperfFunctionsContract}.
 *
 * <p>Engines that deliver outputs on their own threads (through a broker, a cluster) are tested
 * the same way: every case ends the input with {@link Engine#drain} and then checks what
 * arrived, which for engines that deliver inside send changes nothing. An engine that says it
 * delivers on the sending thread is held to it.
 *
 * <p>Streams: {@code StockStream(id long, symbol string, price float, volume long)} and
 * {@code TradeStream(id int, ok bool, amount double)}; every query writes {@code OutputStream}.
 */
public abstract class EngineContract {
    public static final StreamSchema STOCK = new StreamSchema(
            "StockStream",
            List.of(
                    new Field("id", FieldType.LONG), new Field("symbol", FieldType.STRING),
                    new Field("price", FieldType.FLOAT), new Field("volume", FieldType.LONG)));
    public static final StreamSchema TRADE = new StreamSchema(
            "TradeStream",
            List.of(
                    new Field("id", FieldType.INT),
                    new Field("ok", FieldType.BOOL),
                    new Field("amount", FieldType.DOUBLE)));

    /** The factory under test. */
    public abstract EngineFactory factory();

    /** Its {@link EngineFactory#name()} and {@link EngineFactory#version()}. */
    protected abstract String name();

    protected abstract String version();

    /** StockStream's id, symbol, price, volume into OutputStream, unchanged. */
    protected abstract String passThrough();

    /** TradeStream's id, ok and amount into OutputStream, unchanged. */
    protected abstract String tradesPassThrough();

    /**
     * StockStream's id into a stream named Other (not the declared OutputStream). Used by the default
     * {@link #rejectedSpecs()}; an engine without a query language overrides that instead.
     */
    protected String intoOther() {
        throw new UnsupportedOperationException(name() + " has no query language: override rejectedSpecs()");
    }

    /** A query with a syntax error; see {@link #intoOther()}. */
    protected String syntaxError() {
        throw new UnsupportedOperationException(name() + " has no query language: override rejectedSpecs()");
    }

    /**
     * A spec {@link EngineFactory#validate} must reject with one line that starts with {@code startsWith}
     * and contains each of {@code contains}.
     */
    public record Rejected(String what, EngineSpec spec, String startsWith, List<String> contains) {}

    /**
     * The specs validation must reject: by default a query with a syntax error, and a query that
     * compiles but does not write the declared output stream. The null engine, which has no query
     * language (every output stream receives every input event), gives bad options instead.
     */
    protected List<Rejected> rejectedSpecs() {
        return List.of(
                new Rejected("a syntax error", specOf(syntaxError()), name() + ": ", List.of()),
                new Rejected(
                        "the declared output stream not written",
                        specOf(intoOther()),
                        "",
                        List.of("'OutputStream'", "Other")));
    }

    /** Options every spec of this test gets (a broker's address, a cluster's); none by default. */
    protected Map<String, Object> options() {
        return Map.of();
    }

    /** How long {@link Engine#drain} may take on a busy machine. */
    public static final Duration DRAIN = Duration.ofSeconds(120);

    public static EngineSpec spec(String queries) {
        return new EngineSpec(List.of(STOCK), queries, List.of("OutputStream"), Map.of());
    }

    /** A spec over StockStream with {@link #options()}. */
    protected EngineSpec specOf(String queries) {
        return specOf(List.of(STOCK), queries);
    }

    protected EngineSpec specOf(List<StreamSchema> inputs, String queries) {
        return new EngineSpec(inputs, queries, List.of("OutputStream"), options());
    }

    /** A spec over StockStream with {@link #options()} and more, for an adapter's own option tests. */
    protected EngineSpec specOf(String queries, Map<String, Object> more) {
        Map<String, Object> o = new java.util.HashMap<>(options());
        o.putAll(more);
        return new EngineSpec(List.of(STOCK), queries, List.of("OutputStream"), o);
    }

    /** A list listeners on any thread may add to. */
    public static <T> List<T> rows() {
        return Collections.synchronizedList(new ArrayList<>());
    }

    public static Object[] stock(long id, String symbol, float price) {
        return new Object[] {id, symbol, price, id * 10};
    }

    @Test
    void passThroughDeliversEveryEventInOrder() throws Exception {
        try (Engine engine = factory().open(specOf(passThrough()))) {
            assertThat(engine.outputFields("OutputStream")).containsExactly("id", "symbol", "price", "volume");
            List<Object[]> rows = rows();
            List<Thread> threads = rows();
            engine.subscribe("OutputStream", row -> {
                rows.add(row.clone()); // the engine may reuse the array
                threads.add(Thread.currentThread());
            });
            InputHandle in = engine.input("StockStream");
            boolean insideSend = engine.deliversOnSendingThread();
            for (int i = 0; i < 1000; i++) {
                in.send(stock(i, "S" + (i % 7), i * 0.5f), i, System.nanoTime());
                if (insideSend) {
                    // synchronous: the output of event i arrived before send returned
                    assertThat(rows).hasSize(i + 1);
                    assertThat(rows.get(i)[0]).isEqualTo((long) i);
                }
            }
            engine.drain(DRAIN);
            assertThat(rows).hasSize(1000);
            for (int i = 0; i < 1000; i++) {
                assertThat(rows.get(i)).containsExactly((long) i, "S" + (i % 7), i * 0.5f, i * 10L);
            }
            if (insideSend) assertThat(threads).containsOnly(Thread.currentThread());
        }
    }

    @Test
    void everyFieldTypeArrivesAsSent() throws Exception {
        try (Engine engine = factory().open(specOf(List.of(TRADE), tradesPassThrough()))) {
            assertThat(engine.outputFields("OutputStream")).containsExactly("id", "ok", "amount");
            List<Object[]> rows = rows();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("TradeStream");
            in.send(new Object[] {1, true, 2.5});
            in.send(new Object[] {-2, false, -1e300});
            in.send(new Object[] {Integer.MAX_VALUE, true, Double.MIN_VALUE});
            engine.drain(DRAIN);
            assertThat(rows)
                    .containsExactly(new Object[] {1, true, 2.5}, new Object[] {-2, false, -1e300}, new Object[] {
                        Integer.MAX_VALUE, true, Double.MIN_VALUE
                    });
        }
    }

    @Test
    void unknownStreamsNameTheStreamsThatExist() throws Exception {
        try (Engine engine = factory().open(specOf(passThrough()))) {
            assertThatThrownBy(() -> engine.subscribe("Nope", row -> {}))
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
    void serviceLoaderFindsTheFactoryByName() {
        EngineFactory found = ServiceLoader.load(EngineFactory.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(f -> f.name().equals(name()))
                .findFirst()
                .orElseThrow();
        assertThat(found).isInstanceOf(factory().getClass());
        assertThat(found.version()).isEqualTo(version());
    }

    @Test
    void validateAcceptsAGoodSpecAndRejectsBadOnes() throws Exception {
        factory().validate(specOf(passThrough()));
        List<Rejected> rejected = rejectedSpecs();
        assertThat(rejected).isNotEmpty();
        for (Rejected r : rejected) {
            var thrown = assertThatThrownBy(() -> factory().validate(r.spec()))
                    .as(r.what())
                    .isInstanceOf(EngineException.class)
                    .hasMessageStartingWith(r.startsWith());
            for (String part : r.contains()) thrown.hasMessageContaining(part);
            thrown.message().doesNotContain("\n", "\r");
        }
    }
}
