package dev.evperf.kstreams;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;

/**
 * A topology that cannot keep up on purpose: it passes StockStream's id through to OutputStream
 * after sleeping 2 ms per record, so one stream thread consumes at most ~500 records/s and the
 * consumer lag grows under a faster input (the sustain tests' overloaded engine behind Kafka).
 */
public final class SlowTopology implements KafkaStreamsTopology {
    @Override
    public void build(Builder b) {
        b.output(
                "OutputStream",
                List.of(new Field("id", FieldType.LONG)),
                b.input("StockStream").mapValues(r -> {
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new Object[] {r[0]};
                }));
    }
}
