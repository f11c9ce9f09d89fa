package dev.evperf.suites.reference;

import dev.evperf.suites.spec.CountWindow;
import dev.evperf.suites.spec.Filter;
import dev.evperf.suites.spec.MultiQuery;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.SeqPattern;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.spec.TimeWindow;
import dev.evperf.suites.spec.WindowJoin;
import java.util.ArrayList;
import java.util.List;

/**
 * evperf's own, straightforward implementation of each query's semantics (the spec classes' Javadoc):
 * input events in, expected rows out, in the order of their slots. It is the standard every
 * engine's outputs are validated against, so it favours plain code over speed.
 */
public final class ReferenceModel {
    private ReferenceModel() {}

    /** The model of the spec's own outputs. */
    public static Model of(QuerySpec spec) {
        return of(spec, spec.outputs());
    }

    /**
     * The model of the rows a translation emits: the spec's, or for a time window written with a
     * sliding window, the sampled per-input rows ({@link TimeWindow#sampledOutput()}).
     */
    public static Model of(QuerySpec spec, List<OutputSchema> outputs) {
        String out = outputs.get(0).stream();
        return spec.accept(new QuerySpec.Visitor<Model>() {
            @Override
            public Model filter(Filter q) {
                return new FilterModel(q, out);
            }

            @Override
            public Model countWindow(CountWindow q) {
                return new CountWindowModel(q, out);
            }

            @Override
            public Model timeWindow(TimeWindow q) {
                return outputs.get(0).sampled() ? new SlidingTimeModel(q, out) : new TimeWindowModel(q, out);
            }

            @Override
            public Model windowJoin(WindowJoin q) {
                return new WindowJoinModel(out, q.rows(), null);
            }

            @Override
            public Model tableJoin(TableJoin q) {
                return new TableJoinModel(q, out);
            }

            @Override
            public Model pattern(SeqPattern q) {
                return new PatternModel(q, out);
            }

            @Override
            public Model multiQuery(MultiQuery q) {
                List<Model> joins = new ArrayList<>();
                for (MultiQuery.Member m : q.members()) {
                    joins.add(new WindowJoinModel(m.output(), m.rows(), m.a1Below()));
                }
                return (stream, row, sink) -> {
                    for (Model join : joins) {
                        join.onEvent(stream, row, sink);
                    }
                };
            }
        });
    }
}
