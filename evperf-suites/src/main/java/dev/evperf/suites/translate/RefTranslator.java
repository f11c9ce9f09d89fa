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
 * engine construct, so nothing departs from the spec. The database table join needs the database
 * ({@link #RefTranslator(Database)}): its URL and credentials go in the engine options.
 */
public final class RefTranslator extends SpecTranslator {
    public static final String ENGINE = "ref";

    private final Database database;

    public RefTranslator() {
        this(null);
    }

    /** @param database where the database table join's table1 is (null: that join is unsupported) */
    public RefTranslator(Database database) {
        super(ENGINE);
        this.database = database;
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
        if (q.table() != TableJoin.Table.DATABASE) return spec(q);
        if (database == null) {
            return unsupported("ref's database join needs the database that holds table1 (a PostgreSQL that evperf"
                    + " starts: evperf run does, for the run's trials)");
        }
        // the database as engine options: ref looks each event's row up there (join: grace, per batch)
        return queries(
                q,
                Specs.write(q),
                q.outputs(),
                Map.of(
                        "database_url", database.url(),
                        "database_user", database.user(),
                        "database_password", database.password()));
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
