package dev.evperf.siddhi;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.InputHandle;
import dev.evperf.api.StreamSchema;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class SiddhiEngineFactoryTest {

    static final StreamSchema STOCK = new StreamSchema("StockStream", List.of(
            new Field("id", FieldType.LONG), new Field("symbol", FieldType.STRING),
            new Field("price", FieldType.FLOAT), new Field("volume", FieldType.LONG)));
    static final StreamSchema TRADE = new StreamSchema("TradeStream", List.of(
            new Field("id", FieldType.INT), new Field("ok", FieldType.BOOL), new Field("amount", FieldType.DOUBLE)));

    final SiddhiEngineFactory factory = new SiddhiEngineFactory();

    static EngineSpec spec(String queries) {
        return new EngineSpec(List.of(STOCK), queries, List.of("OutputStream"), Map.of());
    }

    static Object[] stock(long id, String symbol, float price) {
        return new Object[] {id, symbol, price, id * 10};
    }

    @Test
    void passThroughDeliversEveryEventInOrderInsideSend() throws Exception {
        try (Engine engine = factory.open(spec(
                "from StockStream select id, symbol, price, volume insert into OutputStream;"))) {
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
            assertThat(rows).hasSize(1000);
            for (int i = 0; i < 1000; i++) {
                assertThat(rows.get(i)).containsExactly((long) i, "S" + (i % 7), i * 0.5f, i * 10L);
            }
            assertThat(threads).containsOnly(Thread.currentThread());
        }
    }

    @Test
    void filterPassesExactlyTheMatchingEvents() throws Exception {
        try (Engine engine = factory.open(spec(
                "from StockStream[price > 500] select id, price insert into OutputStream;"))) {
            List<Long> ids = new ArrayList<>();
            engine.subscribe("OutputStream", row -> ids.add((Long) row[0]));
            InputHandle in = engine.input("StockStream");
            List<Long> expected = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                float price = (i * 37) % 1000; // prices in scrambled order, including exactly 500
                in.send(stock(i, "X", price));
                if (price > 500) {
                    expected.add((long) i);
                }
            }
            assertThat(expected).hasSize(499);
            assertThat(ids).isEqualTo(expected);
        }
    }

    @Test
    void lengthWindowAverageGroupedBySymbol() throws Exception {
        try (Engine engine = factory.open(spec("from StockStream#window.length(10)\n"
                + "select symbol, avg(price) as avgPrice group by symbol insert into OutputStream;"))) {
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
            assertThat(rows).extracting(r -> r[0], r -> r[1]).containsExactly(
                    tuple("A", 10.0), tuple("B", 100.0), tuple("A", 15.0), tuple("A", 20.0), tuple("B", 150.0),
                    tuple("C", 0.0), tuple("C", 0.0), tuple("C", 0.0), tuple("C", 0.0), tuple("C", 0.0),
                    tuple("C", 0.0), tuple("A", 30.0));
        }
    }

    @Test
    void syntaxErrorReportsTheLineOfTheUsersText() {
        // Two input streams: evperf prepends two define lines, the error is on the user's line 2.
        EngineSpec spec = new EngineSpec(List.of(STOCK, TRADE),
                "from StockStream\nselec id, symbol insert into OutputStream;", List.of("OutputStream"), Map.of());
        assertThatThrownBy(() -> factory.open(spec))
                .isInstanceOf(EngineException.class)
                .message()
                .startsWith("siddhi: query line 2, column 0: ")
                .contains("selec")
                .doesNotContain("\n", "\r");
    }

    @Test
    void semanticErrorReportsLineAndColumnOfTheUsersText() {
        assertThatThrownBy(() -> factory.open(spec("from StockStream\nselect idx insert into OutputStream;")))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("siddhi: query line 2, column 7: ")
                .hasMessageContaining("'idx'")
                .message().doesNotContain("\n", "\r");
    }

    @Test
    void unknownStreamsNameTheStreamsThatExist() throws Exception {
        try (Engine engine = factory.open(spec("from StockStream select id insert into OutputStream;"))) {
            assertThatThrownBy(() -> engine.subscribe("Nope", row -> { }))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContainingAll("'Nope'", "OutputStream", "StockStream");
            assertThatThrownBy(() -> engine.outputFields("Nope"))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContainingAll("'Nope'", "OutputStream", "StockStream");
            assertThatThrownBy(() -> engine.input("Nope"))
                    .isInstanceOf(EngineException.class)
                    .hasMessageContainingAll("'Nope'", "OutputStream", "StockStream");
        }
    }

    @Test
    void optionsAreRejected() {
        EngineSpec spec = new EngineSpec(List.of(STOCK), "", List.of(), Map.of("internal_timer", false));
        assertThatThrownBy(() -> factory.open(spec)).isInstanceOf(EngineException.class)
                .hasMessageContaining("internal_timer");
    }

    @Test
    void serviceLoaderFindsTheFactoryByName() {
        EngineFactory found = ServiceLoader.load(EngineFactory.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(f -> f.name().equals("siddhi"))
                .findFirst().orElseThrow();
        assertThat(found).isInstanceOf(SiddhiEngineFactory.class);
        assertThat(found.version()).isEqualTo("Siddhi 5.1.21");
    }

    @Test
    void validateAcceptsAGoodSpecAndRejectsBadOnes() throws Exception {
        factory.validate(spec("from StockStream select id insert into OutputStream;"));
        assertThatThrownBy(() -> factory.validate(spec("from StockStream selec id insert into OutputStream;")))
                .isInstanceOf(EngineException.class).hasMessageStartingWith("siddhi: query line 1");
        // compiles, but the declared output stream does not exist
        assertThatThrownBy(() -> factory.validate(spec("from StockStream select id insert into Other;")))
                .isInstanceOf(EngineException.class).hasMessageContainingAll("'OutputStream'", "Other");
    }

    @Test
    void generatedDefinitionsCoverAllFieldTypes() throws Exception {
        assertThat(SiddhiEngineFactory.defineStream(TRADE))
                .isEqualTo("define stream TradeStream (id int, ok bool, amount double);");
        EngineSpec spec = new EngineSpec(List.of(STOCK, TRADE),
                "from TradeStream[ok] select id, amount insert into OutputStream;", List.of("OutputStream"), Map.of());
        try (Engine engine = factory.open(spec)) {
            List<Object[]> rows = new ArrayList<>();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("TradeStream");
            in.send(new Object[] {1, true, 2.5});
            in.send(new Object[] {2, false, 3.5});
            assertThat(rows).containsExactly(new Object[] {1, 2.5});
        }
    }
}
