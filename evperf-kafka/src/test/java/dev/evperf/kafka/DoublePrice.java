package dev.evperf.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineContract;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import java.util.List;

/**
 * The check of a user's own job class (a Kafka Streams topology, a Flink DataStream job) that
 * writes OutputStream(id long, price2 double) = each StockStream event's id and twice its price.
 */
public final class DoublePrice {
    private DoublePrice() {}

    /** Opens the spec (naming such a class), sends five events, ends the input and checks every row. */
    public static void check(EngineFactory factory, EngineSpec spec) throws Exception {
        List<Object[]> rows = EngineContract.rows();
        try (Engine engine = factory.open(spec)) {
            assertThat(engine.outputFields("OutputStream")).containsExactly("id", "price2");
            engine.subscribe("OutputStream", r -> rows.add(r.clone()));
            for (int i = 0; i < 5; i++) engine.input("StockStream").send(EngineContract.stock(i, "X", i + 0.5f));
            engine.drain(EngineContract.DRAIN);
        }
        assertThat(rows)
                .containsExactly(
                        new Object[] {0L, 1.0},
                        new Object[] {1L, 3.0},
                        new Object[] {2L, 5.0},
                        new Object[] {3L, 7.0},
                        new Object[] {4L, 9.0});
    }
}
