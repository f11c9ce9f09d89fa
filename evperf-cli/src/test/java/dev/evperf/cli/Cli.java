package dev.evperf.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Runs the evperf command in-process (trials still fork their own JVMs) and reads its results. */
final class Cli {
    final int exit;
    final String out;
    final String err;

    private Cli(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    static Cli run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.execute(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Path write(Path dir, String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** One column of a query over the run's Parquet files, as longs. */
    static List<Long> longs(String sql) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) out.add(rs.getLong(1));
        }
        return out;
    }

    static long one(String sql) throws SQLException {
        return longs(sql).get(0);
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- out\n" + out + "\n--- err\n" + err;
    }
}
