package dev.evperf.analysis;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/** Writes a TrialData as the trial runner does (events.parquet, outputs.parquet), rows shuffled so loading must sort. */
final class ParquetWriter {
    private ParquetWriter() {}

    static void write(TrialData d, Path trialDir) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE events (seq BIGINT, phase INTEGER, measured BOOLEAN, burst INTEGER, pos INTEGER,"
                    + " intended BIGINT, send_start BIGINT, send_end BIGINT)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (int i = d.size() - 1; i >= 0; i--) {  // reverse order on purpose
                    ins.setLong(1, i);
                    ins.setInt(2, d.phase(i));
                    ins.setBoolean(3, d.measured(i));
                    ins.setInt(4, d.burst(i));
                    ins.setInt(5, d.pos(i));
                    ins.setLong(6, d.intended(i));
                    ins.setLong(7, d.sendStart(i));
                    ins.setLong(8, d.sendEnd(i));
                    ins.execute();
                }
            }
            st.execute("CREATE TABLE outputs (stream VARCHAR, seq BIGINT, received BIGINT)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO outputs VALUES (?, ?, ?)")) {
                for (int j = d.outputCount() - 1; j >= 0; j--) {
                    ins.setString(1, d.outputStream(j));
                    ins.setLong(2, d.outputSeq(j));
                    ins.setLong(3, d.outputReceived(j));
                    ins.execute();
                }
            }
            st.execute("COPY events TO '" + trialDir.resolve("events.parquet") + "' (FORMAT PARQUET)");
            st.execute("COPY outputs TO '" + trialDir.resolve("outputs.parquet") + "' (FORMAT PARQUET)");
        }
    }
}
