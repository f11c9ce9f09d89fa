package dev.evperf.suites.postgres;

import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.translate.Database;
import java.io.IOException;
import java.io.Reader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;

/** Fills table1 of the database table join with the rows the reference model expects. */
public final class Tables {
    private Tables() {}

    static Connection connect(Database db) throws SQLException {
        return DriverManager.getConnection(db.url(), db.user(), db.password());
    }

    /**
     * (Re)creates {@code table1(ID int primary key, F1..F9 double precision)} with rows 1..rows, as
     * {@link Inputs#tableRow} makes them, streamed through COPY (no row list in memory), then
     * ANALYZEd so the per-event lookup uses the primary key.
     *
     * @return the rows in the table
     */
    public static long load(Database db, long seed, int rows) throws SQLException, IOException {
        StringBuilder columns = new StringBuilder("ID int primary key");
        for (int i = 1; i <= TableJoin.TABLE_FIELDS; i++) {
            columns.append(", F").append(i).append(" double precision");
        }
        try (Connection c = connect(db);
                Statement s = c.createStatement()) {
            s.execute("drop table if exists " + TableJoin.TABLE);
            s.execute("create table " + TableJoin.TABLE + " (" + columns + ")");
            long copied = c.unwrap(PGConnection.class)
                    .getCopyAPI()
                    .copyIn("copy " + TableJoin.TABLE + " from stdin with (format csv)", new RowReader(seed, rows));
            s.execute("analyze " + TableJoin.TABLE);
            return copied;
        }
    }

    /** table1's rows as CSV, made as COPY reads them. Double.toString round-trips through float8. */
    private static final class RowReader extends Reader {
        private final long seed;
        private final int rows;
        private int next = 1;
        private String line = "";
        private int at;

        RowReader(long seed, int rows) {
            this.seed = seed;
            this.rows = rows;
        }

        @Override
        public int read(char[] buf, int off, int len) {
            if (at == line.length()) {
                if (next > rows) {
                    return -1;
                }
                Object[] row = Inputs.tableRow(seed, next++);
                StringBuilder b = new StringBuilder();
                for (int i = 0; i < row.length; i++) {
                    b.append(i == 0 ? "" : ",").append(row[i]);
                }
                line = b.append('\n').toString();
                at = 0;
            }
            int n = Math.min(len, line.length() - at);
            line.getChars(at, at + n, buf, off);
            at += n;
            return n;
        }

        @Override
        public void close() {}
    }
}
