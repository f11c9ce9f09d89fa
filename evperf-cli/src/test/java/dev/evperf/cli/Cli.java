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
        return capture((out, err) -> Main.execute(out, err, args));
    }

    /** A command's entry point for tests: prints to out and err, returns the exit code. */
    interface Command {
        int run(PrintStream out, PrintStream err);
    }

    /** Runs a command with its output captured (for commands' own static entry points). */
    static Cli capture(Command command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = command.run(
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * A workload on the null engine of known capacity (it spins {@code serviceTime} per event) with
     * one double field, and the given load section (YAML under {@code load:}, indented two spaces).
     */
    static String nullEngine(String name, String serviceTime, String load) {
        return """
                name: %s
                streams:
                  S: {fields: {v: double}}
                engine:
                  name: "null"
                  options: {service_time: %s}
                  outputs: {out: {}}
                load:
                """
                        .formatted(name, serviceTime)
                + load.stripTrailing() + "\n";
    }

    static Path write(Path dir, String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** One column of a query over the run's Parquet files, as longs. */
    static List<Long> longs(String sql) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) out.add(rs.getLong(1));
        }
        return out;
    }

    static long one(String sql) throws SQLException {
        return longs(sql).get(0);
    }

    /** The first column of the first row, as a double. */
    static double number(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getDouble(1);
        }
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- out\n" + out + "\n--- err\n" + err;
    }
}
