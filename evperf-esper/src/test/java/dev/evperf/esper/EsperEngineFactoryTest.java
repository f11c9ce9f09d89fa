package dev.evperf.esper;

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

class EsperEngineFactoryTest {

    static final StreamSchema STOCK = new StreamSchema("StockStream", List.of(
            new Field("id", FieldType.LONG), new Field("symbol", FieldType.STRING),
            new Field("price", FieldType.FLOAT), new Field("volume", FieldType.LONG)));
    static final StreamSchema TRADE = new StreamSchema("TradeStream", List.of(
            new Field("id", FieldType.INT), new Field("ok", FieldType.BOOL), new Field("amount", FieldType.DOUBLE)));
    static final String TIMER_THREAD_PREFIX = "com.espertech.esper.Timer-evperf-";

    final EsperEngineFactory factory = new EsperEngineFactory();

    static EngineSpec spec(String queries) {
        return new EngineSpec(List.of(STOCK), queries, List.of("OutputStream"), Map.of());
    }

    static Object[] stock(long id, String symbol, float price) {
        return new Object[] {id, symbol, price, id * 10};
    }

    @Test
    void passThroughDeliversEveryEventInOrderInsideSend() throws Exception {
        try (Engine engine = factory.open(spec(
                "insert into OutputStream select id, symbol, price, volume from StockStream"))) {
            assertThat(engine.outputFields("OutputStream")).containsExactly("id", "symbol", "price", "volume");
            List<Object[]> rows = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            engine.subscribe("OutputStream", row -> {
                rows.add(row.clone());
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
                "insert into OutputStream select id, price from StockStream(price > 500)"))) {
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
        try (Engine engine = factory.open(spec("insert into OutputStream\n"
                + "select symbol, avg(price) as avgPrice from StockStream#length(10) group by symbol"))) {
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
            // Unlike Siddhi, Esper also emits a row for the group whose event left the window.
            assertThat(rows).extracting(r -> r[0], r -> r[1]).containsExactly(
                    tuple("A", 10.0), tuple("B", 100.0), tuple("A", 15.0), tuple("A", 20.0), tuple("B", 150.0),
                    tuple("C", 0.0), tuple("C", 0.0), tuple("C", 0.0), tuple("C", 0.0), tuple("C", 0.0),
                    tuple("C", 0.0), tuple("A", 25.0),
                    tuple("A", 30.0), tuple("B", 200.0));
        }
    }

    @Test
    void syntaxErrorReportsTheLineOfTheUsersText() {
        assertThatThrownBy(() -> factory.open(spec("insert into OutputStream\nselect id, from StockStream")))
                .isInstanceOf(EngineException.class)
                .message()
                .startsWith("esper: Incorrect syntax near 'from'")
                .contains("at line 2 column 11")
                .doesNotContain("\n", "\r");
        // Esper counts lines from the start of the failing statement; we count from the user's text.
        assertThatThrownBy(() -> factory.open(spec(
                "insert into A select * from StockStream;\ninsert into OutputStream select id, from StockStream")))
                .isInstanceOf(EngineException.class)
                .message()
                .startsWith("esper: ")
                .contains("at line 2 column 36")
                .doesNotContain("\n", "\r");
    }

    @Test
    void errorsWithoutAPositionNameTheStatementsLine() {
        // Esper gives no position for a token at column 0, nor for semantic errors.
        assertThatThrownBy(() -> factory.open(spec(
                "insert into A select * from StockStream;\n\ninsert into OutputStream\nselec id from StockStream")))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("esper: Incorrect syntax near 'selec' (statement starting at line 3)");
        assertThatThrownBy(() -> factory.open(spec("insert into OutputStream\nselect idx from StockStream")))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("esper: Failed to validate select-clause expression 'idx'")
                .hasMessageContaining("(statement starting at line 1)")
                .message().doesNotContain("\n", "\r");
    }

    @Test
    void unknownStreamsNameTheStreamsThatExist() throws Exception {
        try (Engine engine = factory.open(spec("insert into OutputStream select id from StockStream"))) {
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
    void internalTimerOptionControlsEspersTimerThread() throws Exception {
        awaitNoTimerThread(); // engines of other tests are closed, their timers may take a moment
        try (Engine engine = factory.open(new EngineSpec(List.of(STOCK), "", List.of(),
                Map.of(EsperEngineFactory.OPTION_INTERNAL_TIMER, false)))) {
            assertThat(timerThreads()).isZero();
        }
        try (Engine engine = factory.open(spec("insert into OutputStream select id from StockStream"))) {
            assertThat(timerThreads()).isEqualTo(1); // on by default
        }
        awaitNoTimerThread();
        assertThat(timerThreads()).as("timer thread stops on close").isZero();

        assertThatThrownBy(() -> factory.open(new EngineSpec(List.of(STOCK), "", List.of(),
                Map.of(EsperEngineFactory.OPTION_INTERNAL_TIMER, "sometimes"))))
                .isInstanceOf(EngineException.class).hasMessageContaining("must be true or false");
        assertThatThrownBy(() -> factory.open(new EngineSpec(List.of(STOCK), "", List.of(),
                Map.of("internal-timer", false))))
                .isInstanceOf(EngineException.class).hasMessageContaining("internal_timer");
    }

    static void awaitNoTimerThread() throws InterruptedException {
        for (int i = 0; i < 100 && timerThreads() > 0; i++) {
            Thread.sleep(20);
        }
    }

    static long timerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(TIMER_THREAD_PREFIX)).count();
    }

    @Test
    void serviceLoaderFindsTheFactoryByName() {
        EngineFactory found = ServiceLoader.load(EngineFactory.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(f -> f.name().equals("esper"))
                .findFirst().orElseThrow();
        assertThat(found).isInstanceOf(EsperEngineFactory.class);
        assertThat(found.version()).isEqualTo("Esper 8.9.0");
    }

    @Test
    void validateAcceptsAGoodSpecAndRejectsBadOnes() throws Exception {
        factory.validate(spec("insert into OutputStream select id from StockStream"));
        assertThatThrownBy(() -> factory.validate(spec("insert into OutputStream select id, from StockStream")))
                .isInstanceOf(EngineException.class).hasMessageStartingWith("esper: ");
        // compiles, but the declared output stream does not exist
        assertThatThrownBy(() -> factory.validate(spec("insert into Other select id from StockStream")))
                .isInstanceOf(EngineException.class).hasMessageContainingAll("'OutputStream'", "Other");
    }

    @Test
    void allFieldTypesAndSeveralInputs() throws Exception {
        EngineSpec spec = new EngineSpec(List.of(STOCK, TRADE),
                "insert into OutputStream select id, amount from TradeStream(ok)", List.of("OutputStream"), Map.of());
        try (Engine engine = factory.open(spec)) {
            List<Object[]> rows = new ArrayList<>();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("TradeStream");
            in.send(new Object[] {1, true, 2.5});
            in.send(new Object[] {2, false, 3.5});
            engine.input("StockStream").send(stock(3, "A", 1)); // another input, no output
            assertThat(rows).containsExactly(new Object[] {1, 2.5});
        }
    }
}
