package dev.evperf.siddhi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineErrorContract;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.EventTimeContract;
import dev.evperf.api.EvperfFunctionsContract;
import dev.evperf.api.InputHandle;
import dev.evperf.api.QueryEngineContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** The engine contract on Siddhi, and Siddhi's own error positions, options and stream definitions. */
class SiddhiEngineFactoryTest extends QueryEngineContract
        implements EngineErrorContract, EvperfFunctionsContract, EventTimeContract {
    final SiddhiEngineFactory factory = new SiddhiEngineFactory();

    @Override
    public EngineFactory factory() {
        return factory;
    }

    @Override
    protected String name() {
        return "siddhi";
    }

    @Override
    protected String version() {
        return "Siddhi 5.1.21";
    }

    @Override
    protected String passThrough() {
        return "from StockStream select id, symbol, price, volume insert into OutputStream;";
    }

    @Override
    protected String priceAbove500() {
        return "from StockStream[price > 500] select id, price insert into OutputStream;";
    }

    @Override
    protected String lengthWindowAverage() {
        return "from StockStream#window.length(10)\nselect symbol, avg(price) as avgPrice group by symbol insert into OutputStream;";
    }

    @Override
    protected List<Tuple> lengthWindowRows() {
        // one row per arriving event, for its own group
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
        return "from TradeStream select id, ok, amount insert into OutputStream;";
    }

    @Override
    protected String okTrades() {
        return "from TradeStream[ok] select id, amount insert into OutputStream;";
    }

    @Override
    protected String intoOther() {
        return "from StockStream select id insert into Other;";
    }

    @Override
    protected String syntaxError() {
        return "from StockStream selec id insert into OutputStream;";
    }

    @Override
    public String evperfFunctionsOnVolume() {
        return "from StockStream select id, evperf:trace(evperf:log('volumes', volume), 'volume') as volume insert into OutputStream;";
    }

    /** The query of {@link #failingSpec}: an exception inside the query for price > 500, which the engine catches. */
    private static String failsAbove500() {
        // symbol is a string: the cast to int fails (ClassCastException) once 'or' evaluates it
        return "from StockStream[price <= 500 or cast(symbol, 'int') > 0] select id insert into OutputStream;";
    }

    @Override
    public EngineSpec failingSpec() {
        return spec(failsAbove500());
    }

    @Test
    void aUserFunctionThatThrowsIsReportedWithItsMessage() throws Exception {
        // test:fail(id) is ThrowingFunction, found on the class path as users' extensions are
        try (Engine engine =
                factory.open(spec("from StockStream select test:fail(id) as id insert into OutputStream;"))) {
            List<String> errors = new ArrayList<>();
            engine.onError((where, e) -> errors.add(String.valueOf(e.getMessage())));
            List<Object> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add(row[0]));
            InputHandle in = engine.input("StockStream");
            for (int i = 0; i < 6; i++) in.send(stock(i, "X", 1));
            assertThat(out).containsExactly(1L, 2L, 4L, 5L);
            assertThat(errors).hasSize(2).allSatisfy(m -> assertThat(m).contains("test:fail refuses a multiple of 3"));
        }
    }

    @Test
    void syntaxErrorReportsTheLineOfTheUsersText() {
        // Two input streams: evperf prepends two define lines, the error is on the user's line 2.
        EngineSpec spec = new EngineSpec(
                List.of(STOCK, TRADE),
                "from StockStream\nselec id, symbol insert into OutputStream;",
                List.of("OutputStream"),
                Map.of());
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
                .message()
                .doesNotContain("\n", "\r");
    }

    @Test
    void unknownOptionsAreRejected() {
        EngineSpec spec = new EngineSpec(List.of(STOCK), "", List.of(), Map.of("internal_timer", false));
        assertThatThrownBy(() -> factory.open(spec))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("internal_timer")
                .hasMessageContaining("event_time");
    }

    @Override
    public String withinTwoSeconds() {
        return "from every a=Ticks -> b=Ticks[id == a.id] within 2 sec\nselect a.TS as first, b.TS as second insert into Out;";
    }

    @Test
    void generatedDefinitionsCoverAllFieldTypes() {
        assertThat(SiddhiEngineFactory.defineStream(TRADE))
                .isEqualTo("define stream TradeStream (id int, ok bool, amount double);");
        assertThat(SiddhiEngineFactory.defineStream(STOCK))
                .isEqualTo("define stream StockStream (id long, symbol string, price float, volume long);");
    }

    @Test
    void validateNamesTheQueryLine() {
        assertThatThrownBy(() -> factory.validate(spec(syntaxError())))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("siddhi: query line 1");
    }

    /** An aggregate named like a time unit is not time: the engine still delivers inside send (outputs linked by send). */
    @Test
    void onlyTimeConstructsMakeSiddhiDeliverOffTheSendingThread() throws Exception {
        try (var e = factory.open(
                spec(
                        "from StockStream#window.length(4) select symbol, min(price) as p group by symbol insert into OutputStream;"))) {
            assertThat(e.deliversOnSendingThread()).isTrue();
        }
        try (var e = factory.open(
                spec(
                        "from StockStream#window.time(1 min) select symbol, min(price) as p group by symbol insert into OutputStream;"))) {
            assertThat(e.deliversOnSendingThread()).isFalse();
        }
        try (var e = factory.open(
                spec("from StockStream select symbol, price output last every 5 sec insert into OutputStream;"))) {
            assertThat(e.deliversOnSendingThread()).isFalse();
        }
    }
}
