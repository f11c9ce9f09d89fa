package dev.evperf.core.results;

import dev.evperf.results.Layout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures only an engine behind a broker has, from a trial's events.parquet and
 * outputs.parquet, over measured events (README, "What is measured"):
 * <ul>
 * <li>{@code ack_ms}: producer send start → the broker's acknowledgement reached the producer
 *     (one clock, this JVM's);</li>
 * <li>{@code broker_to_broker_ms}: the input record's LogAppendTime → the output record's (both the
 *     broker's wall clock, ms resolution): the engine's own time between the two topics, without
 *     the producer, the consumer or evperf.</li>
 * </ul>
 * Each as count, p50, p99 and max (DuckDB's exact quantiles).
 */
public final class BrokerFigures {
    private BrokerFigures() {}

    public static Map<String, Object> compute(Path dir) throws SQLException {
        Map<String, Object> out = new LinkedHashMap<>();
        Path events = dir.resolve(Layout.EVENTS), outputs = dir.resolve(Layout.OUTPUTS);
        if (!Files.exists(events)) return out;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            String ev = RecordsWriter.parquet(events);
            out.put(
                    "ack_ms",
                    figures(
                            st,
                            "SELECT (ack - send_start) / 1e6 AS v FROM " + ev
                                    + " WHERE measured AND ack IS NOT NULL AND send_start >= 0"));
            if (Files.exists(outputs)) {
                out.put(
                        "broker_to_broker_ms",
                        figures(
                                st,
                                "SELECT o.append_ms - e.append_in_ms AS v FROM " + RecordsWriter.parquet(outputs)
                                        + " o JOIN " + ev
                                        + " e ON o.seq = e.seq WHERE e.measured AND o.append_ms >= 0 AND e.append_in_ms >= 0"));
            }
        }
        return out;
    }

    private static Map<String, Object> figures(Statement st, String values) throws SQLException {
        Map<String, Object> m = new LinkedHashMap<>();
        try (ResultSet rs = st.executeQuery(
                "SELECT count(v), quantile_disc(v, 0.5), quantile_disc(v, 0.99), max(v) FROM (" + values + ")")) {
            rs.next();
            m.put("count", rs.getLong(1));
            if (rs.getLong(1) > 0) {
                m.put("p50", rs.getDouble(2));
                m.put("p99", rs.getDouble(3));
                m.put("max", rs.getDouble(4));
            }
        }
        return m;
    }
}
