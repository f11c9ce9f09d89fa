package dev.evperf.flink;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.types.Row;

/** A DataStream job for {@link FlinkEngineFactoryTest}: each StockStream event's id and twice its price. */
public final class DoublePriceJob implements FlinkJob {
    @Override
    public void build(Builder b) {
        b.output(
                "OutputStream",
                List.of(new Field("id", FieldType.LONG), new Field("price2", FieldType.DOUBLE)),
                b.input("StockStream")
                        .map(r -> Row.of(r.getField(0), 2.0 * (Float) r.getField(2)))
                        .returns(Types.ROW_NAMED(new String[] {"id", "price2"}, Types.LONG, Types.DOUBLE)));
    }
}
