package dev.evperf.esper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.espertech.esper.common.client.EPException;
import com.espertech.esper.common.client.hook.exception.ExceptionHandlerContext;
import com.espertech.esper.common.client.hook.exception.ExceptionHandlerExceptionType;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineErrorContract;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.EventTimeContract;
import dev.evperf.api.EvperfFunctionsContract;
import dev.evperf.api.InputHandle;
import dev.evperf.api.QueryEngineContract;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The engine contract on Esper, and Esper's own error positions and timer option. */
class EsperEngineFactoryTest extends QueryEngineContract
        implements EngineErrorContract, EvperfFunctionsContract, EventTimeContract {
    static final String TIMER_THREAD_PREFIX = "com.espertech.esper.Timer-evperf-";

    final EsperEngineFactory factory = new EsperEngineFactory();

    @Override
    public EngineFactory factory() {
        return factory;
    }

    @Override
    protected String name() {
        return "esper";
    }

    @Override
    protected String version() {
        return "Esper 8.9.0";
    }

    @Override
    protected String passThrough() {
        return "insert into OutputStream select id, symbol, price, volume from StockStream";
    }

    @Override
    protected String priceAbove500() {
        return "insert into OutputStream select id, price from StockStream(price > 500)";
    }

    @Override
    protected String lengthWindowAverage() {
        return "insert into OutputStream\nselect symbol, avg(price) as avgPrice from StockStream#length(10) group by symbol";
    }

    @Override
    protected List<Tuple> lengthWindowRows() {
        // Unlike Siddhi, Esper also emits a row for the group whose event left the window.
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
                row("A", 25),
                row("A", 30),
                row("B", 200));
    }

    @Override
    protected String tradesPassThrough() {
        return "insert into OutputStream select id, ok, amount from TradeStream";
    }

    @Override
    protected String okTrades() {
        return "insert into OutputStream select id, amount from TradeStream(ok)";
    }

    @Override
    protected String intoOther() {
        return "insert into Other select id from StockStream";
    }

    @Override
    protected String syntaxError() {
        return "insert into OutputStream select id, from StockStream";
    }

    @Override
    public String evperfFunctionsOnVolume() {
        return "insert into OutputStream select id, evperfTrace(evperfLog('volumes', volume), 'volume') as volume from StockStream";
    }

    /** The query of {@link #failingSpec}: an exception inside the query for price > 500, which the engine catches. */
    private static String failsAbove500() {
        // a division by zero of a cast: Esper's BigDecimal division throws where double division gives Infinity
        return "insert into OutputStream select id, case when price > 500 then cast(id, BigDecimal) / cast(0, BigDecimal)"
                + " else cast(0, BigDecimal) end as x from StockStream";
    }

    @Override
    public EngineSpec failingSpec() {
        return spec(failsAbove500());
    }

    @Test
    void anErrorNamesItsStatementAndAMethodThatThrowsIsReported() throws Exception {
        try (Engine engine = factory.open(
                spec("@name('chars') insert into OutputStream select id, symbol.charAt(2) as c from StockStream"))) {
            List<String> errors = new ArrayList<>();
            engine.onError((where, e) -> errors.add(where + ": " + e));
            List<Object> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add(row[0]));
            InputHandle in = engine.input("StockStream");
            in.send(stock(1, "ABC", 1));
            in.send(stock(2, "AB", 1)); // charAt(2) throws
            assertThat(errors)
                    .singleElement()
                    .asString()
                    .startsWith("statement 'chars': ")
                    .contains("StringIndexOutOfBoundsException");
            assertThat(out).contains(1L);
        }
    }

    /** Esper logs a static method's exception and makes its value null; evperf counts it, once per event. */
    @Test
    void aStaticMethodThatThrowsIsCountedThoughEsperOnlyLogsIt() throws Exception {
        try (Engine engine = factory.open(spec("@name('parse') insert into OutputStream select id,"
                + " Integer.parseInt(case when id % 2 = 0 then symbol else '7' end) as n from StockStream"))) {
            List<String> errors = new ArrayList<>();
            engine.onError((where, e) -> errors.add(where + ": " + e));
            List<Object> out = new ArrayList<>();
            engine.subscribe("OutputStream", row -> out.add(row[1]));
            InputHandle in = engine.input("StockStream");
            for (int i = 1; i <= 4; i++) in.send(stock(i, "X" + i, 1));
            // ids 2 and 4 parse their symbol and throw; the event goes on with a null value
            assertThat(errors).hasSize(2).allSatisfy(e -> assertThat(e)
                    .startsWith("statement 'parse' (static method Integer.parseInt): ")
                    .contains("NumberFormatException"));
            assertThat(out).containsExactly(7, null, 7, null);
        }
        // the logger Esper's static-method calls log through is evperf's, which passes each call on
        assertThat(Proxy.isProxyClass(LoggerFactory.getLogger(EsperLogHook.STATIC_METHOD_LOGGER)
                        .getClass()))
                .isTrue();
    }

    /** A rethrowing plug-in function is logged and then reaches the exception hook: one error, not two. */
    @Test
    void anErrorLoggedAndThenRethrownIsCountedOnce() {
        EsperEngine.Errors errors = new EsperEngine.Errors();
        List<String> seen = new ArrayList<>();
        errors.listener = (where, e) -> seen.add(where + ": " + e.getMessage());
        IllegalStateException thrown = new IllegalStateException("in the function");
        errors.fromLog.accept("statement 's' (static method F.f)", thrown);
        errors.accept(new ExceptionHandlerContext(
                "rt",
                new EPException("rethrown", thrown),
                "d",
                "s",
                "epl",
                ExceptionHandlerExceptionType.PROCESS,
                null));
        // a later, unrelated error on the same thread is counted
        errors.accept(new ExceptionHandlerContext(
                "rt", new EPException("another"), "d", "s", "epl", ExceptionHandlerExceptionType.PROCESS, null));
        assertThat(seen)
                .containsExactly("statement 's' (static method F.f): in the function", "statement 's': another");
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
        assertThatThrownBy(
                        () -> factory.open(
                                spec(
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
        assertThatThrownBy(
                        () -> factory.open(
                                spec(
                                        "insert into A select * from StockStream;\n\ninsert into OutputStream\nselec id from StockStream")))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("esper: Incorrect syntax near 'selec' (statement starting at line 3)");
        assertThatThrownBy(() -> factory.open(spec("insert into OutputStream\nselect idx from StockStream")))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("esper: Failed to validate select-clause expression 'idx'")
                .hasMessageContaining("(statement starting at line 1)")
                .message()
                .doesNotContain("\n", "\r");
    }

    @Test
    void internalTimerOptionControlsEspersTimerThread() throws Exception {
        awaitNoTimerThread(); // engines of other tests are closed, their timers may take a moment
        try (Engine engine = factory.open(new EngineSpec(
                List.of(STOCK), "", List.of(), Map.of(EsperEngineFactory.OPTION_INTERNAL_TIMER, false)))) {
            assertThat(timerThreads()).isZero();
        }
        try (Engine engine = factory.open(spec("insert into OutputStream select id from StockStream"))) {
            assertThat(timerThreads()).isEqualTo(1); // on by default
        }
        awaitNoTimerThread();
        assertThat(timerThreads()).as("timer thread stops on close").isZero();

        assertThatThrownBy(() -> factory.open(new EngineSpec(
                        List.of(STOCK), "", List.of(), Map.of(EsperEngineFactory.OPTION_INTERNAL_TIMER, "sometimes"))))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("must be true or false");
        assertThatThrownBy(() ->
                        factory.open(new EngineSpec(List.of(STOCK), "", List.of(), Map.of("internal-timer", false))))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("internal_timer");
    }

    @Test
    void eventTimeExcludesTheInternalTimer() {
        assertThatThrownBy(() -> factory.open(new EngineSpec(
                        List.of(TICKS), "", List.of(), Map.of("event_time", "TS", "internal_timer", true))))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("internal_timer must not be true");
    }

    @Override
    public String withinTwoSeconds() {
        return "insert into Out select a.TS as ts1, b.TS as ts2 from pattern "
                + "[every a=Ticks -> (b=Ticks(id = a.id) where timer:within(2 sec))];";
    }

    static void awaitNoTimerThread() throws InterruptedException {
        for (int i = 0; i < 100 && timerThreads() > 0; i++) {
            Thread.sleep(20);
        }
    }

    static long timerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(TIMER_THREAD_PREFIX))
                .count();
    }
}
