package dev.evperf.suites.spec;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;

/**
 * Q7, {@code PATTERN SEQ(A a1, A a2) WHERE a1.ID = a2.ID AND a2.A1 > K WITHIN w} with all-to-all
 * consumption: every event a2 with A1 > K pairs with every earlier event a1 of the same ID whose TS
 * is at most w before a2's. Each pair is one row {@code (a1seq, a2seq, ID)}.
 *
 * @param within      w (10…600 s in the thesis), on TS
 * @param selectivity the percentage of events with A1 > K (0.1…10 %): K = 100 − 0.99 · selectivity
 */
public record SeqPattern(Stream1 stream, Span within, Double selectivity) implements QuerySpec {
    public SeqPattern {
        stream = stream == null ? Stream1.DEFAULT : stream;
        Specs.check(within != null, "within", "is required, e.g. 60s");
        selectivity = selectivity == null ? 0.1 : selectivity;
        Specs.check(selectivity > 0 && selectivity <= 100, "selectivity", "must be in (0, 100] %, not " + selectivity);
    }

    /** A1 is uniform in [1, 100): P(A1 > K) = (100 − K) / 99. */
    public double k() {
        return 100 - 0.99 * selectivity;
    }

    /** The events of event time that {@code within} spans. */
    @Override
    public long reach() {
        return stream.eventsIn(within);
    }

    @Override
    public Stream1 data() {
        return stream;
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(new OutputSchema(
                "Out",
                List.of(
                        new Field("a1seq", FieldType.LONG),
                        new Field("a2seq", FieldType.LONG),
                        new Field("ID", FieldType.INT)),
                "a2seq",
                List.of("a1seq")));
    }

    @Override
    public String label() {
        return "pattern within=" + within + " selectivity=" + Specs.number(selectivity) + "% max_id=" + stream.maxId();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.pattern(this);
    }
}
