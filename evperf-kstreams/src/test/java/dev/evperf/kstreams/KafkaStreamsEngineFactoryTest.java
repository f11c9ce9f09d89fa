package dev.evperf.kstreams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.QueryEngineContract;
import dev.evperf.core.component.BrokerExtension;
import dev.evperf.kafka.DoublePrice;
import dev.evperf.kafka.WindowedCounts;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.utils.AppInfoParser;
import org.apache.kafka.streams.kstream.KStream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Kafka Streams applications against a real broker started once for the module's test classes. */
class KafkaStreamsEngineFactoryTest extends QueryEngineContract {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    @Override
    public EngineFactory factory() {
        return new KafkaStreamsEngineFactory();
    }

    @Override
    protected String name() {
        return "kafka-streams";
    }

    @Override
    protected String version() {
        return "Kafka Streams " + AppInfoParser.getVersion();
    }

    @Override
    protected Map<String, Object> options() {
        return Map.of("bootstrap_servers", BROKER.bootstrap());
    }

    @Override
    protected String passThrough() {
        return "from StockStream into OutputStream";
    }

    @Override
    protected String tradesPassThrough() {
        return "from TradeStream into OutputStream";
    }

    @Override
    protected String priceAbove500() {
        return "from StockStream where price > 500 select id, price into OutputStream";
    }

    /** Kafka Streams has no length window: its own aggregate is a running average per key, one update per event. */
    @Override
    protected String lengthWindowAverage() {
        return "from StockStream\n  avg price as avgPrice by symbol\n  into OutputStream";
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
        return "from TradeStream where ok = true select id, amount into OutputStream";
    }

    @Override
    protected String intoOther() {
        return "from StockStream select id into Other";
    }

    @Override
    protected String syntaxError() {
        return "from StockStream wher price > 5 into OutputStream";
    }

    /** The issue's windowed aggregate: count per key per tumbling window, checked against the input's own append times. */
    @Test
    void windowedCountsMatchACountOfTheInputsAppendTimes() throws Exception {
        String q = "from StockStream count by symbol every 100ms into OutputStream";
        Map<String, Long> finalCounts = new ConcurrentHashMap<>();
        WindowedCounts input;
        try (Engine engine = factory().open(specOf(q, Map.of()))) {
            assertThat(engine.outputFields("OutputStream"))
                    .containsExactly("symbol", "window_start", "window_end", "count");
            input = new WindowedCounts(engine);
            // counts only grow: the last update of a window is its count
            engine.subscribe("OutputStream", r -> finalCounts.merge(r[0] + "@" + r[1], (Long) r[3], Math::max));
            input.send(engine);
        }
        assertThat(input.expected(100).size())
                .as("events spread over several windows")
                .isGreaterThan(6);
        assertThat(finalCounts).isEqualTo(input.expected(100));
    }

    /** A topology class from the workload: doubles each price. */
    public static final class DoublePriceTopology implements KafkaStreamsTopology {
        @Override
        public void build(Builder b) {
            KStream<String, Object[]> in = b.input("StockStream");
            b.output(
                    "OutputStream",
                    List.of(new Field("id", FieldType.LONG), new Field("price2", FieldType.DOUBLE)),
                    in.mapValues(r -> new Object[] {r[0], 2.0 * (Float) r[2]}));
        }
    }

    @Test
    void aTopologyClassNamedInTheOptions() throws Exception {
        DoublePrice.check(factory(), specOf("", Map.of("topology", DoublePriceTopology.class.getName())));
        assertThatThrownBy(() -> factory().validate(specOf("", Map.of("topology", "no.such.Topology"))))
                .hasMessageStartingWith("kafka-streams: option topology: cannot create no.such.Topology");
    }

    @Test
    void queryErrorsNameLineAndColumn() {
        assertThatThrownBy(() -> factory().validate(specOf(syntaxError(), Map.of())))
                .hasMessage(
                        "kafka-streams: line 1 column 18: expected where, select, avg, count, window, join or into, found 'wher'");
        assertThatThrownBy(() ->
                        factory().validate(specOf("from StockStream\n  where prize > 5 into OutputStream", Map.of())))
                .hasMessage(
                        "kafka-streams: line 2 column 9: no field 'prize'; the rows here have [id, symbol, price, volume]");
        assertThatThrownBy(() -> factory()
                        .validate(specOf("from StockStream count by symbol every 2 into OutputStream", Map.of())))
                .hasMessage("kafka-streams: line 1 column 40: expected a duration such as 500ms, 1s, 5min, found '2'");
        assertThatThrownBy(() -> factory().validate(specOf("from StockStream select id", Map.of())))
                .hasMessage(
                        "kafka-streams: line 1 column 27: expected where, select, avg, count, window, join or into, found the end of the queries");
        assertThatThrownBy(() ->
                        factory().validate(specOf("from StockStream where id mod 0 = 1 into OutputStream", Map.of())))
                .hasMessage("kafka-streams: line 1 column 31: expected a positive integer, found '0'");
        assertThatThrownBy(() ->
                        factory().validate(specOf("from StockStream select symbol * 2 into OutputStream", Map.of())))
                .hasMessage("kafka-streams: line 1 column 34: cannot multiply symbol, a STRING");
        // joins: the other stream must exist, and the two sides' field names must differ
        assertThatThrownBy(() -> factory()
                        .validate(
                                specOf("from StockStream join Nope on id = id within 1s into OutputStream", Map.of())))
                .hasMessage("kafka-streams: line 1 column 23: no input stream 'Nope'; streams here: StockStream");
        assertThatThrownBy(() -> factory()
                        .validate(specOf(
                                "from StockStream select id, symbol as k into S;\n"
                                        + "from StockStream join S on id = k within 1s into OutputStream",
                                Map.of())))
                .hasMessage("kafka-streams: line 2 column 23: both sides of the join have a field 'id'; rename one"
                        + " with select … as");
    }

    /**
     * A stream–stream join of an earlier statement's output with an input, and a windowed distinct:
     * the statement read by a later one writes no topic; the join's rows are both sides' fields.
     */
    @Test
    void statementsReadEarlierOnesAndJoin() throws Exception {
        var spec = specOf(
                "from StockStream where symbol in ('A', 'B') select id as sid into S;\n"
                        + "from StockStream window 1s distinct symbol into D;\n"
                        + "from S join StockStream on sid = id within 1h select sid, symbol, price into OutputStream",
                Map.of());
        factory().validate(spec);
        var plan = new TopologyPlan(
                "kafka-streams",
                PipelineLanguage.parse("kafka-streams", spec.queries(), inputsOf(spec)),
                null,
                inputsOf(spec));
        var outputs = new java.util.LinkedHashMap<String, List<Field>>();
        plan.build(s -> "t-" + s, outputs);
        assertThat(outputs.keySet()).containsExactly("D", "OutputStream");
        assertThat(outputs.get("OutputStream")).extracting(Field::name).containsExactly("sid", "symbol", "price");
        assertThat(outputs.get("D")).extracting(Field::name).containsExactly("wend", "symbol");
    }

    private static Map<String, dev.evperf.api.StreamSchema> inputsOf(dev.evperf.api.EngineSpec spec) {
        Map<String, dev.evperf.api.StreamSchema> in = new java.util.LinkedHashMap<>();
        for (var s : spec.inputs()) in.put(s.name(), s);
        return in;
    }
}
