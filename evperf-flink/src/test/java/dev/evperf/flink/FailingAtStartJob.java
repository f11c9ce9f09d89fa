package dev.evperf.flink;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.types.Row;

/** A DataStream job whose map function refuses to open: the job fails as it is deployed, before any event (evperf-cli's bad-input test). */
public final class FailingAtStartJob implements FlinkJob {
    @Override
    public void build(Builder b) {
        b.output(
                "OutputStream",
                List.of(new Field("id", FieldType.LONG)),
                b.input("StockStream")
                        .map(new RichMapFunction<Row, Row>() {
                            @Override
                            public void open(OpenContext context) {
                                throw new IllegalStateException("evperf test: this job refuses to start");
                            }

                            @Override
                            public Row map(Row r) {
                                return Row.of(r.getField(0));
                            }
                        })
                        .returns(Types.ROW_NAMED(new String[] {"id"}, Types.LONG)));
    }
}
