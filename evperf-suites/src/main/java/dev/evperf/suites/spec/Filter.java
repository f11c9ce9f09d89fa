package dev.evperf.suites.spec;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.ArrayList;
import java.util.List;

/**
 * Q1, selection and projection: {@code SELECT ID, A1..Am, TS FROM stream1 WHERE ID <= K}. The
 * selection test varies the selectivity (1, 5, 25, 50 %) at N = m = 5; the projection test varies N
 * (5…125) at m = 1 and selectivity 100 %.
 *
 * @param selectivity the percentage of events that pass; K = selectivity · MAX_ID / 100, a whole number
 * @param projected   m, the A attributes output (default: all N)
 */
public record Filter(Stream1 stream, Double selectivity, Integer projected) implements QuerySpec {
    public Filter {
        stream = stream == null ? Stream1.DEFAULT : stream;
        selectivity = selectivity == null ? 100.0 : selectivity;
        projected = projected == null ? stream.attributes() : projected;
        Specs.check(selectivity > 0 && selectivity <= 100, "selectivity", "must be in (0, 100] %, not " + selectivity);
        double k = selectivity * stream.maxId() / 100;
        Specs.check(
                k == Math.rint(k),
                "selectivity",
                selectivity + " % of max_id " + stream.maxId()
                        + " is not a whole ID; choose max_id so that K = selectivity · max_id / 100 is whole");
        Specs.check(
                projected >= 1 && projected <= stream.attributes(),
                "projected",
                "must be 1..attributes (" + stream.attributes() + "), not " + projected);
    }

    /** The largest ID that passes. */
    public int k() {
        return (int) Math.round(selectivity * stream.maxId() / 100);
    }

    @Override
    public Stream1 data() {
        return stream;
    }

    @Override
    public List<OutputSchema> outputs() {
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("seq", FieldType.LONG));
        fields.add(new Field("ID", FieldType.INT));
        for (int i = 1; i <= projected; i++) {
            fields.add(new Field("A" + i, FieldType.DOUBLE));
        }
        fields.add(new Field("TS", FieldType.LONG));
        return List.of(new OutputSchema("Out", fields, "seq", List.of()));
    }

    @Override
    public String label() {
        return "filter selectivity=" + Specs.number(selectivity) + "% attributes=" + stream.attributes() + " projected="
                + projected;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.filter(this);
    }
}
