package dev.evperf.analysis.sql;

import dev.evperf.results.Layout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * Links a trial's errors (errors.csv: when each was recorded) to the inputs being sent at the
 * time, in DuckDB over events.parquet and outputs.parquet: valid when the engine processes each
 * event on the sending thread inside its send (see {@code TrialErrors}).
 */
public final class ErrorLinks {
    private ErrorLinks() {}

    /**
     * @return {inputs whose send [send_start, send_end] holds an error's time, those of them with no
     *         output}, or null when the trial has no errors.csv or no per-event records
     */
    public static long[] inputsHit(Path dir) {
        Path errors = dir.resolve(Layout.ERRORS),
                events = dir.resolve(Layout.EVENTS),
                outputs = dir.resolve(Layout.OUTPUTS);
        if (!Files.isRegularFile(errors) || !Files.isRegularFile(events) || !Files.isRegularFile(outputs)) return null;
        try (Db db = new Db()) {
            db.execute("CREATE TEMP TABLE err AS SELECT DISTINCT t_ns FROM " + Db.csv(errors));
            db.execute("CREATE TEMP TABLE hit AS SELECT DISTINCT e.seq FROM err JOIN " + Db.parquet(events)
                    + " e ON err.t_ns BETWEEN e.send_start AND e.send_end");
            Object[] r = db.row("SELECT count(*), count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM "
                    + Db.parquet(outputs) + " o WHERE o.seq = hit.seq)) FROM hit");
            return new long[] {Db.asLong(r[0]), Db.asLong(r[1])};
        } catch (SQLException e) {
            throw new IllegalArgumentException(dir + ": cannot link errors.csv to the events: " + e.getMessage(), e);
        }
    }
}
