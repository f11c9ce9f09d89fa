package dev.evperf.suites.translate;

import dev.evperf.suites.spec.Aggregate;
import dev.evperf.suites.spec.CountWindow;
import dev.evperf.suites.spec.Filter;
import dev.evperf.suites.spec.MultiQuery;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.SeqPattern;
import dev.evperf.suites.spec.Stream1;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.spec.TimeWindow;
import dev.evperf.suites.spec.WindowJoin;
import dev.evperf.suites.translate.KafkaStreamsTopology.Column;
import dev.evperf.suites.translate.KafkaStreamsTopology.Pipeline;
import dev.evperf.suites.translate.KafkaStreamsTopology.Project;
import dev.evperf.suites.translate.KafkaStreamsTopology.WindowAggregate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Query specs as Kafka Streams topologies ({@link KafkaStreamsTopology}), built by the kstreams
 * adapter with the DSL. The DSL has filters, projections, event-time windows and table joins;
 * whatever needs more is unsupported, because in Kafka Streams it would be a Processor API store of
 * evperf's own code rather than the engine's.
 */
public final class KafkaStreamsTranslator extends SpecTranslator {
    public static final String ENGINE = "kstreams";
    private static final String COUNT_WINDOWS = "Kafka Streams windows are time-based (TimeWindows, SlidingWindows, "
            + "SessionWindows, JoinWindows); a count window is a Processor API state store of user code, not the DSL's";

    public KafkaStreamsTranslator() {
        super(ENGINE);
    }

    private Translation topology(QuerySpec spec, List<Pipeline> pipelines, String... notes) {
        return new Translation.Topology(
                ENGINE, spec.inputs(), new KafkaStreamsTopology(pipelines), spec.outputs(), List.of(notes));
    }

    /**
     * In the kafka-streams adapter's pipeline language, which it builds with the DSL's filter and
     * mapValues: a selection is what that language says, so the trial runs on a real broker.
     */
    @Override
    public Translation filter(Filter q) {
        return queries(
                q,
                "from " + Stream1.STREAM1 + " where ID <= " + q.k() + " select "
                        + String.join(", ", q.outputs().get(0).fieldNames()) + " into Out\n",
                q.outputs(),
                Map.of());
    }

    @Override
    public Translation countWindow(CountWindow q) {
        return unsupported(COUNT_WINDOWS);
    }

    @Override
    public Translation timeWindow(TimeWindow q) {
        long p = q.slide().millis();
        long w = q.range().millis();
        if (!q.paned()) {
            return topology(
                    q,
                    List.of(new Pipeline(
                            Stream1.STREAM1,
                            List.of(
                                    new WindowAggregate(w, p, "TS", List.of(new Column("agg", q.function(), "A1"))),
                                    new Project(List.of("wend", "agg"))),
                            "Out")),
                    "a hopping window keeps one aggregate per window a record falls in (W/P of them): Kafka Streams does not pane");
        }
        List<Column> paneColumns = List.of(
                new Column("s", Aggregate.SUM, "A1"),
                new Column("c", Aggregate.COUNT, null),
                new Column("mx", Aggregate.MAX, "A1"),
                new Column("mn", Aggregate.MIN, "A1"));
        List<KafkaStreamsTopology.Step> outer = new ArrayList<>();
        switch (q.function()) {
            case AVG -> {
                outer.add(new WindowAggregate(
                        w,
                        p,
                        "wstart",
                        List.of(new Column("S", Aggregate.SUM, "s"), new Column("C", Aggregate.SUM, "c"))));
                outer.add(new KafkaStreamsTopology.Ratio("agg", "S", "C"));
            }
            case SUM -> outer.add(new WindowAggregate(w, p, "wstart", List.of(new Column("agg", Aggregate.SUM, "s"))));
            case COUNT -> outer.add(
                    new WindowAggregate(w, p, "wstart", List.of(new Column("agg", Aggregate.SUM, "c"))));
            case MAX -> outer.add(new WindowAggregate(w, p, "wstart", List.of(new Column("agg", Aggregate.MAX, "mx"))));
            case MIN -> outer.add(new WindowAggregate(w, p, "wstart", List.of(new Column("agg", Aggregate.MIN, "mn"))));
            default -> throw new IllegalArgumentException(q.function() + " is not paneable");
        }
        outer.add(new Project(List.of("wend", "agg")));
        return topology(
                q,
                List.of(
                        new Pipeline(Stream1.STREAM1, List.of(new WindowAggregate(p, p, "TS", paneColumns)), "Panes"),
                        new Pipeline("Panes", outer, "Out")),
                "pane rows carry their window's start as event time (wstart)");
    }

    @Override
    public Translation windowJoin(WindowJoin q) {
        return unsupported(COUNT_WINDOWS);
    }

    @Override
    public Translation tableJoin(TableJoin q) {
        if (q.table() == TableJoin.Table.DATABASE) {
            return unsupported(
                    "the Kafka Streams DSL has no database lookup; a query per event is a processor of user code");
        }
        List<String> fields = new ArrayList<>();
        for (int i = 1; i <= TableJoin.TABLE_FIELDS; i++) {
            fields.add("F" + i);
        }
        return topology(
                q,
                List.of(new Pipeline(
                        Stream1.STREAM1,
                        List.of(
                                new KafkaStreamsTopology.GlobalTableJoin(TableJoin.ROWS, "ID", fields),
                                new Project(q.outputs().get(0).fieldNames())),
                        "Out")),
                "table1 is a GlobalKTable filled from the topic table1_rows before the run");
    }

    @Override
    public Translation pattern(SeqPattern q) {
        return unsupported("the Kafka Streams DSL has no sequence or pattern operator; the pairs could come from a "
                + "self-join by ID over JoinWindows of w, filtered to a1 before a2 and a2.A1 > K, which this "
                + "translator does not write yet");
    }

    @Override
    public Translation multiQuery(MultiQuery q) {
        return unsupported("the multi-query test runs window joins: " + COUNT_WINDOWS);
    }
}
