package dev.evperf.suites.translate;

import dev.evperf.suites.spec.CountWindow;
import dev.evperf.suites.spec.Filter;
import dev.evperf.suites.spec.MultiQuery;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.SeqPattern;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.spec.TimeWindow;
import dev.evperf.suites.spec.WindowJoin;
import java.util.Map;

/**
 * The reference engine ({@code ref}, module evperf-ref) takes the spec itself: its queries text is
 * the spec's YAML, and it builds the operator made for that kind of query. Nothing is written per
 * engine construct, so nothing departs from the spec; only the database table join is not ref's.
 */
public final class RefTranslator extends SpecTranslator {
    public static final String ENGINE = "ref";

    public RefTranslator() {
        super(ENGINE);
    }

    private Translation spec(QuerySpec q) {
        return queries(q, Specs.write(q), q.outputs(), Map.of());
    }

    @Override
    public Translation filter(Filter q) {
        return spec(q);
    }

    @Override
    public Translation countWindow(CountWindow q) {
        return spec(q);
    }

    @Override
    public Translation timeWindow(TimeWindow q) {
        return spec(q);
    }

    @Override
    public Translation windowJoin(WindowJoin q) {
        return spec(q);
    }

    @Override
    public Translation tableJoin(TableJoin q) {
        return q.table() == TableJoin.Table.DATABASE
                ? unsupported("ref keeps tables in its own memory; it has no database lookup (use table: memory)")
                : spec(q);
    }

    @Override
    public Translation pattern(SeqPattern q) {
        return spec(q);
    }

    @Override
    public Translation multiQuery(MultiQuery q) {
        return spec(q);
    }
}
