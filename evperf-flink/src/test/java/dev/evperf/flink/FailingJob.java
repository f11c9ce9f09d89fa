package dev.evperf.flink;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.types.Row;

/** A DataStream job for {@link FlinkEngineFactoryTest} that fails at its fourth event, mid-run. */
public final class FailingJob implements FlinkJob {
    @Override
    public void build(Builder b) {
        b.output(
                "OutputStream",
                List.of(new Field("id", FieldType.LONG)),
                b.input("StockStream")
                        .map(r -> {
                            if ((Long) r.getField(0) == 3L)
                                throw new IllegalStateException("evperf test: event 3 is refused");
                            return Row.of(r.getField(0));
                        })
                        .returns(Types.ROW_NAMED(new String[] {"id"}, Types.LONG)));
    }
}
