package dev.evperf.core.results;

import dev.evperf.api.trace.Tracepoint;
import dev.evperf.api.trace.Tracer;
import dev.evperf.results.Layout;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * The trial's trace: every event's passage through the tracepoints, and the per-segment durations
 * between consecutive tracepoints of the same event. The driver's send start and send end (the
 * thesis's two tracepoints) and the sink's receipt come from the records the trial already has
 * (its spill files); tracepoints inside engines and adapters come from the Tracer's per-thread
 * buffers. Computed in DuckDB after the run; written as trace.parquet and summarised in result.json.
 */
public final class TraceWriter {
    public static final String TRACE = Layout.TRACE;
    public static final String SEGMENTS = Layout.SEGMENTS;

    private TraceWriter() {}

    /** @return per segment "A -> B": count, mean, p50, p99, max in µs, and the records lost to full buffers */
    public static Map<String, Object> write(Path trialDir, Path eventsSpill, Path outputsSpill, long origin)
            throws SQLException {
        List<Tracepoint> points = Tracer.points();
        Map<String, Object> result = new LinkedHashMap<>();
        long lost = 0;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            // rank orders records of one event taken at the same ns: start, engine points, receipt, end.
            String ev = RecordsWriter.parquet(eventsSpill);
            st.execute("CREATE TABLE trace AS"
                    + " SELECT seq, 'driver.send-start' AS point, send_start AS t, 0 AS rank, 'driver' AS thread FROM "
                    + ev
                    + " UNION ALL SELECT seq, 'driver.send-end', send_end, 3, 'driver' FROM " + ev
                    + " UNION ALL SELECT seq, 'sink.received', received, 2, 'sink' FROM "
                    + RecordsWriter.parquet(outputsSpill) + " WHERE seq >= 0");
            try (DuckDBAppender a = ((DuckDBConnection) c).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "trace")) {
                for (Tracer.Buffer b : Tracer.buffers()) {
                    lost += b.lost();
                    for (int i = 0; i < b.size(); i++) {
                        a.beginRow();
                        a.append(b.seq(i));
                        a.append(points.get(b.point(i)).name());
                        a.append(b.time(i) - origin);
                        a.append(1);
                        a.append(b.thread());
                        a.endRow();
                    }
                }
            }
            st.execute("COPY trace TO " + RecordsWriter.quoted(trialDir.resolve(TRACE))
                    + " (FORMAT PARQUET, COMPRESSION ZSTD)");
            st.execute(
                    "CREATE TABLE seg AS SELECT lag(point) OVER w || ' -> ' || point AS segment, t - lag(t) OVER w AS d"
                            + " FROM trace WINDOW w AS (PARTITION BY seq ORDER BY t, rank)");
            String summary =
                    "SELECT segment, count(*) AS events, avg(d) / 1e3 AS mean_us, quantile_cont(d, 0.5) / 1e3 AS p50_us,"
                            + " quantile_cont(d, 0.99) / 1e3 AS p99_us, max(d) / 1e3 AS max_us FROM seg WHERE segment IS NOT NULL"
                            + " GROUP BY segment ORDER BY events DESC, segment";
            st.execute("COPY (" + summary + ") TO " + RecordsWriter.quoted(trialDir.resolve(SEGMENTS))
                    + " (HEADER, DELIMITER ',')");
            Map<String, Object> segments = new LinkedHashMap<>();
            try (ResultSet rs = st.executeQuery(summary)) {
                while (rs.next()) {
                    segments.put(
                            rs.getString(1),
                            Map.of(
                                    "events",
                                    rs.getLong(2),
                                    "mean_us",
                                    rs.getDouble(3),
                                    "p50_us",
                                    rs.getDouble(4),
                                    "p99_us",
                                    rs.getDouble(5),
                                    "max_us",
                                    rs.getDouble(6)));
                }
            }
            result.put("segments", segments);
        }
        result.put(
                "tracepoints",
                points.stream()
                        .map(p -> Map.of("name", p.name(), "location", p.location()))
                        .toList());
        result.put("lost", lost);
        return result;
    }
}
