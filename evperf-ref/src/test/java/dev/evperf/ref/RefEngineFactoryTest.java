package dev.evperf.ref;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineErrorContract;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.EvperfFunctionsContract;
import dev.evperf.api.InputHandle;
import dev.evperf.api.QueryEngineContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** The engine contract on ref's query language, and ref's own messages and options. */
class RefEngineFactoryTest extends QueryEngineContract implements EngineErrorContract, EvperfFunctionsContract {
    final RefEngineFactory factory = new RefEngineFactory();

    @Override
    public EngineFactory factory() {
        return factory;
    }

    @Override
    protected String name() {
        return "ref";
    }

    @Override
    protected String version() {
        return "evperf-ref 0.1.0-SNAPSHOT";
    }

    @Override
    protected String passThrough() {
        return "SELECT id, symbol, price, volume FROM StockStream INTO OutputStream";
    }

    @Override
    protected String priceAbove500() {
        return "SELECT id, price FROM StockStream WHERE price > 500 INTO OutputStream";
    }

    @Override
    protected String lengthWindowAverage() {
        return "SELECT symbol, AVG(price) AS avgPrice\nFROM StockStream [ROWS 10]\nGROUP BY symbol\nINTO OutputStream";
    }

    @Override
    protected List<Tuple> lengthWindowRows() {
        // one row per event, for the event's group (as Siddhi; Esper also emits for the group an event left)
        return List.of(
                row("A", 10),
                row("B", 100),
                row("A", 15),
                row("A", 20),
                row("B", 150),
                row("C", 0),
                row("C", 0),
                row("C", 0),
                row("C", 0),
                row("C", 0),
                row("C", 0),
                row("A", 30));
    }

    @Override
    protected String tradesPassThrough() {
        return "SELECT id, ok, amount FROM TradeStream INTO OutputStream";
    }

    @Override
    protected String okTrades() {
        return "SELECT id, amount FROM TradeStream WHERE ok INTO OutputStream";
    }

    @Override
    protected String intoOther() {
        return "SELECT id FROM StockStream INTO Other";
    }

    @Override
    protected String syntaxError() {
        return "SELECT id, FROM StockStream INTO OutputStream";
    }

    @Override
    public String evperfFunctionsOnVolume() {
        return "SELECT id, evperf_trace(evperf_log('volumes', volume), 'volume') AS volume FROM StockStream INTO OutputStream";
    }

    /** Integer division by zero for volume < 500 (volume = 10·id): ids 0..49 fail. */
    @Override
    public EngineSpec failingSpec() {
        return spec("SELECT id, id / (volume / 500) AS x FROM StockStream INTO OutputStream");
    }

    @Override
    public boolean fails(long id, float price) {
        return id < 50;
    }

    @Test
    void errorsNameTheQueryAndItsLine() throws Exception {
        try (Engine engine = factory.open(spec("SELECT id, id AS x FROM StockStream INTO OutputStream;\n"
                + "SELECT id, 1 / (volume - volume) AS x FROM StockStream INTO OutputStream"))) {
            List<String> errors = new ArrayList<>();
            engine.onError((where, e) -> errors.add(where + ": " + e));
            List<Object> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add(row[0]));
            engine.input("StockStream").send(stock(1, "A", 1));
            assertThat(out).containsExactly(1L); // the first query's row; the second failed
            assertThat(errors)
                    .singleElement()
                    .asString()
                    .startsWith("query 2 (line 2 column 1): ")
                    .contains("ArithmeticException");
        }
    }

    @Test
    void badQueriesSayWhereInOneLine() {
        assertThatThrownBy(() -> factory.open(spec("SELECT id, nope FROM StockStream INTO OutputStream")))
                .isInstanceOf(EngineException.class)
                .hasMessage(
                        "ref: line 1 column 12: StockStream has no attribute 'nope'; it has [id, symbol, price, volume]");
        assertThatThrownBy(() -> factory.open(spec("SELECT id\nFROM Nope INTO OutputStream")))
                .hasMessage("ref: line 2 column 6: unknown input stream 'Nope'; the inputs are [StockStream]");
        assertThatThrownBy(() -> factory.open(spec("SELECT AVG(price) FROM StockStream [ROWS 10] INTO OutputStream")))
                .hasMessage("ref: line 1 column 8: name this select item with AS");
        assertThatThrownBy(() -> factory.open(spec("SELECT AVG(price) AS a FROM StockStream INTO OutputStream")))
                .hasMessageContaining("aggregates need a window");
        assertThatThrownBy(() -> factory.open(spec("SELECT id FROM StockStream [ROWS 10 SLIDE 3] INTO OutputStream")))
                .hasMessageContaining("SLIDE is 1 (sliding) or the window's size (tumbling), not 3");
        assertThatThrownBy(() -> factory.open(spec("{test: nope}")))
                .isInstanceOf(EngineException.class)
                .message()
                .startsWith("ref: queries:1:")
                .doesNotContain("\n");
        assertThatThrownBy(() -> factory.open(specOf(passThrough(), Map.of("layout", "rows"))))
                .hasMessage("ref: option layout is one of [map, array, pojo, columns, projected], not 'rows'");
        assertThatThrownBy(() -> factory.open(specOf(passThrough(), Map.of("stagin", 100))))
                .hasMessageStartingWith("ref: unknown option 'stagin'; the options are [block, ");
    }

    @Test
    void tumblingWindowsEmitOneRowPerGroupWithItsLastEvent() throws Exception {
        try (Engine engine =
                factory.open(spec("SELECT id, symbol, MAX(price) AS m, COUNT(*) AS n FROM StockStream [ROWS 4 SLIDE 4]"
                        + " GROUP BY symbol INTO OutputStream"))) {
            List<Object[]> rows = new ArrayList<>();
            engine.subscribe("OutputStream", r -> rows.add(r.clone()));
            InputHandle in = engine.input("StockStream");
            float[] prices = {5, 7, 1, 9, 2, 2, 3, 1};
            String[] symbols = {"A", "B", "A", "B", "A", "A", "A", "C"};
            for (int i = 0; i < prices.length; i++) in.send(stock(i, symbols[i], prices[i]));
            assertThat(rows)
                    .extracting(r -> r[0], r -> r[1], r -> r[2], r -> r[3])
                    .containsExactly(
                            Tuple.tuple(2L, "A", 5.0, 2L), Tuple.tuple(3L, "B", 9.0, 2L),
                            Tuple.tuple(6L, "A", 3.0, 3L), Tuple.tuple(7L, "C", 1.0, 1L));
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"volume", "id * 10", "(id + 1) * 10 - 10"})
    void rangeWindowsOnATimeAttributeOrExpressionExpireByTime(String time) throws Exception {
        // volume = 10·id serves as the time in ms: a 25 ms window holds the events of the last 2.5 ids
        try (Engine engine = factory.open(spec("SELECT id, SUM(price) AS s, MEDIAN(price) AS m, STDDEV(price) AS d"
                + " FROM StockStream [RANGE 25 ms ON " + time + "] INTO OutputStream"))) {
            List<Object[]> rows = new ArrayList<>();
            engine.subscribe("OutputStream", r -> rows.add(r.clone()));
            InputHandle in = engine.input("StockStream");
            float[] prices = {4, 8, 6, 1};
            for (int i = 0; i < prices.length; i++) in.send(stock(i, "A", prices[i]));
            assertThat(rows)
                    .extracting(r -> r[1], r -> r[2])
                    .containsExactly(
                            Tuple.tuple(4.0, 4.0),
                            Tuple.tuple(12.0, 6.0),
                            Tuple.tuple(18.0, 6.0),
                            Tuple.tuple(15.0, 6.0));
            assertThat((Double) rows.get(3)[3])
                    .isCloseTo(Math.sqrt((64 + 36 + 1) / 3.0 - 25), org.assertj.core.data.Offset.offset(1e-12));
        }
    }

    @Test
    void everyLayoutGivesTheSameRows() throws Exception {
        String q =
                "SELECT id, AVG(price) AS a, MAX(price) AS m FROM StockStream [ROWS 50] GROUP BY symbol INTO OutputStream";
        List<List<Object>> first = null;
        for (String layout : List.of("projected", "columns", "array", "map")) {
            for (int staging : List.of(1, 8)) {
                try (Engine engine = factory.open(specOf(q, Map.of("layout", layout, "staging", staging)))) {
                    List<List<Object>> rows = new ArrayList<>();
                    engine.subscribe("OutputStream", r -> rows.add(List.of(r.clone())));
                    InputHandle in = engine.input("StockStream");
                    for (int i = 0; i < 500; i++) in.send(stock(i, "S" + (i * 7 % 13), (i * 37) % 101));
                    if (first == null) first = rows;
                    assertThat(rows).as(layout + " staging " + staging).isEqualTo(first);
                }
            }
        }
        assertThat(first).hasSize(500);
    }
}
