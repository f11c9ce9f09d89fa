package dev.evperf.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.QueryEngineContract;
import dev.evperf.core.component.BrokerExtension;
import dev.evperf.core.component.FlinkExtension;
import dev.evperf.kafka.DoublePrice;
import dev.evperf.kafka.WindowedCounts;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Flink SQL jobs on a real Flink MiniCluster JVM, between topics of a real broker, both started once for the module's test classes. */
class FlinkEngineFactoryTest extends QueryEngineContract {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    @RegisterExtension
    static final FlinkExtension FLINK = new FlinkExtension();

    @Override
    public EngineFactory factory() {
        return new FlinkEngineFactory();
    }

    @Override
    protected String name() {
        return "flink";
    }

    @Override
    protected String version() {
        return "Flink " + EnvironmentInformation.getVersion();
    }

    @Override
    protected Map<String, Object> options() {
        return Map.of("bootstrap_servers", BROKER.bootstrap(), "rest", FLINK.rest());
    }

    @Override
    protected String passThrough() {
        return "CREATE VIEW OutputStream AS SELECT id, symbol, price, volume FROM StockStream";
    }

    @Override
    protected String tradesPassThrough() {
        return "CREATE VIEW OutputStream AS SELECT id, ok, amount FROM TradeStream";
    }

    @Override
    protected String priceAbove500() {
        return "CREATE VIEW OutputStream AS SELECT id, price FROM StockStream WHERE price > 500";
    }

    /** Flink SQL's length window is per key: the last 10 rows of the same symbol, in processing order. */
    @Override
    protected String lengthWindowAverage() {
        return "CREATE VIEW OutputStream AS\n"
                + "SELECT symbol, AVG(CAST(price AS DOUBLE)) OVER (PARTITION BY symbol ORDER BY proctime\n"
                + "  ROWS BETWEEN 9 PRECEDING AND CURRENT ROW) AS avgPrice\n"
                + "FROM StockStream";
    }

    @Override
    protected List<Tuple> lengthWindowRows() {
        return List.of(
                row("A", 10.0),
                row("B", 100.0),
                row("A", 15.0),
                row("A", 20.0),
                row("B", 150.0),
                row("C", 0.0),
                row("C", 0.0),
                row("C", 0.0),
                row("C", 0.0),
                row("C", 0.0),
                row("C", 0.0),
                row("A", 25.0));
    }

    @Override
    protected String okTrades() {
        return "CREATE VIEW OutputStream AS SELECT id, amount FROM TradeStream WHERE ok";
    }

    @Override
    protected String intoOther() {
        return "CREATE VIEW Other AS SELECT id FROM StockStream";
    }

    @Override
    protected String syntaxError() {
        return "CREATE VIEW OutputStream AS SELEC id FROM StockStream";
    }

    @Test
    void sqlErrorsArePlacedInTheUsersText() {
        String q = "CREATE VIEW Cheap AS SELECT id FROM StockStream WHERE price < 10;\n"
                + "CREATE VIEW OutputStream AS\n  SELECT id, prize FROM StockStream";
        assertThatThrownBy(() -> factory().validate(specOf(q)))
                .isInstanceOf(EngineException.class)
                .hasMessageStartingWith("flink: ")
                .hasMessageContaining("line 3, column 14")
                .hasMessageContaining("prize")
                .message()
                .doesNotContain("\n");
        assertThatThrownBy(
                        () -> factory().validate(specOf("\n\nCREATE VIEW OutputStream AS SELECT id FORM StockStream")))
                .hasMessage("flink: Encountered \"StockStream\" at line 3, column 44.")
                .message()
                .doesNotContain("\n");
    }

    @Test
    void aMissingClusterIsOneLine() {
        assertThatThrownBy(() -> factory().validate(specOf(passThrough(), Map.of("rest", "127.0.0.1:1"))))
                .hasMessage("flink: no Flink cluster listens at 127.0.0.1:1 (option rest; connection refused)");
    }

    /** The issue's windowed aggregate on Flink SQL: count per key per tumbling window of the broker's append time. */
    @Test
    void windowedCountsMatchACountOfTheInputsAppendTimes() throws Exception {
        String q = "CREATE VIEW OutputStream AS\n"
                + "SELECT symbol, window_start, COUNT(*) AS n\n"
                + "FROM TABLE(TUMBLE(TABLE StockStream, DESCRIPTOR(rowtime), INTERVAL '0.1' SECOND))\n"
                + "GROUP BY symbol, window_start, window_end";
        Map<String, Long> counts = new java.util.concurrent.ConcurrentHashMap<>();
        WindowedCounts input;
        // window_start is a local time: in UTC, its epoch milliseconds are the window's on the broker's clock
        try (Engine engine = factory().open(specOf(q, Map.of("flink", Map.of("table.local-time-zone", "UTC"))))) {
            input = new WindowedCounts(engine);
            engine.subscribe("OutputStream", r -> counts.merge(r[0] + "@" + r[1], (Long) r[2], Long::sum));
            input.send(engine); // the end-of-time watermark closes the last windows
        }
        assertThat(input.expected(100).size()).isGreaterThan(6);
        assertThat(counts).isEqualTo(input.expected(100));
    }

    @Test
    void aDataStreamJobClassNamedInTheOptions() throws Exception {
        DoublePrice.check(factory(), specOf("", Map.of("job", DoublePriceJob.class.getName())));
        assertThatThrownBy(() -> factory().validate(specOf("", Map.of("job", "no.such.Job"))))
                .hasMessageStartingWith("flink: option job: cannot create no.such.Job");
    }

    @Test
    void aJobThatFailsMidRunIsReportedByTheDrainWithItsCause() throws Exception {
        try (Engine engine = factory().open(specOf("", Map.of("job", FailingJob.class.getName())))) {
            engine.subscribe("OutputStream", r -> {});
            for (int i = 0; i < 10; i++) engine.input("StockStream").send(stock(i, "X", i));
            assertThatThrownBy(() -> engine.drain(DRAIN))
                    .isInstanceOf(EngineException.class)
                    .hasMessageStartingWith("flink: the job failed: ")
                    .hasMessageContaining("evperf test: event 3 is refused")
                    .message()
                    .doesNotContain("\n");
        }
    }
}
