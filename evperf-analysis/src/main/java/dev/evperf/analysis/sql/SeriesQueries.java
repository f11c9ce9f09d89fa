package dev.evperf.analysis.sql;

import dev.evperf.results.Csv;
import dev.evperf.results.Intervals;
import dev.evperf.results.Layout;
import dev.evperf.results.Sensors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A trial's series over time: its JVM events (jvm-events.csv, in DuckDB), intervals.csv and sensors.csv. */
public final class SeriesQueries {
    /** One JVM event from jvm-events.csv. */
    public record JvmMark(String kind, long startNs, long endNs, String detail) {}
    /** Count, total and longest per kind, over the events on the trial's run window. */
    public record JvmKind(String kind, long count, long totalNs, long maxNs) {}

    private final TrialQueries tq;
    private final Db db;
    private final Path dir;

    SeriesQueries(TrialQueries t) {
        this.tq = t;
        this.db = t.db;
        this.dir = t.dir;
    }

    private Path jvmFile() {
        return dir.resolve(Layout.JVM_EVENTS);
    }

    private String jvmSource() {
        return "(SELECT kind::VARCHAR AS kind, start_ns::BIGINT AS start_ns, end_ns::BIGINT AS end_ns, coalesce(detail::VARCHAR, '') AS detail FROM "
                + Db.csv(jvmFile()) + ")";
    }

    private boolean hasJvmEvents() {
        return Files.isRegularFile(jvmFile()) && Csv.hasRows(jvmFile());
    }

    /** Count, total and longest duration per kind among the JVM events overlapping [fromNs, toNs]. */
    public List<JvmKind> jvmKinds(long fromNs, long toNs) throws SQLException {
        List<JvmKind> out = new ArrayList<>();
        if (!hasJvmEvents()) return out;
        for (Object[] r :
                db.rows("SELECT kind, count(*), sum(end_ns - start_ns), max(end_ns - start_ns) FROM " + jvmSource()
                        + " WHERE end_ns >= " + fromNs + " AND start_ns <= " + toNs + " GROUP BY kind ORDER BY kind")) {
            out.add(new JvmKind((String) r[0], Db.asLong(r[1]), Db.asLong(r[2]), Db.asLong(r[3])));
        }
        return out;
    }

    /** The JVM events of one kind overlapping [fromNs, toNs]: the {@code limit} longest, in time order. */
    public List<JvmMark> jvmMarks(String kind, long fromNs, long toNs, int limit) throws SQLException {
        List<JvmMark> out = new ArrayList<>();
        if (!hasJvmEvents()) return out;
        for (Object[] r : db.rows("SELECT kind, start_ns, end_ns, detail FROM (SELECT * FROM " + jvmSource()
                + " WHERE kind = " + Db.literal(kind) + " AND end_ns >= " + fromNs + " AND start_ns <= " + toNs
                + " ORDER BY end_ns - start_ns DESC, start_ns LIMIT " + limit + ") ORDER BY start_ns")) {
            out.add(new JvmMark((String) r[0], Db.asLong(r[1]), Db.asLong(r[2]), (String) r[3]));
        }
        return out;
    }

    // ---- CSV series ----------------------------------------------------------------------------

    /** intervals.csv as columns by name (numbers as doubles, NaN for empty cells), rows in time order; empty when absent. */
    public Map<String, double[]> intervals() {
        Intervals csv = Intervals.read(dir);
        return csv == null ? new LinkedHashMap<>() : csv.columns();
    }

    /** sensors.csv (read by {@link Sensors}): per sensor in name order, (t_ns, value) in time order; empty when absent. */
    public Map<String, double[][]> sensors() {
        Map<String, double[][]> out = new LinkedHashMap<>();
        Sensors.load(dir).all().forEach((name, s) -> {
            double[] t = new double[s.size()];
            for (int i = 0; i < t.length; i++) t[i] = s.t()[i];
            out.put(name, new double[][] {t, s.v()});
        });
        return out;
    }
}
