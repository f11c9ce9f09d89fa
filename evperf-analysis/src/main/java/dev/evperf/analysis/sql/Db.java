package dev.evperf.analysis.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * An in-memory DuckDB connection for the report's aggregations. DuckDB works off the Java heap
 * and spills to a private temporary directory above its memory limit, so the JVM holds only
 * aggregates, never the per-event records.
 */
public final class Db implements AutoCloseable {
    /** DuckDB's memory limit for the report and the large-trial summary (it spills to a temporary directory above it). */
    public static final String DEFAULT_MEMORY = "4GB";
    /** DuckDB's threads: 0, one per core. */
    public static final int DEFAULT_THREADS = 0;
    /**
     * Up to this many outputs, end-to-end and scheduled latency are joined exactly by seq (a hash
     * join); above it, when outputs are not aligned with inputs, they come from the HdrHistogram logs.
     */
    public static final long EXACT_JOIN_LIMIT = 20_000_000L;

    private final Connection connection;
    private final Statement statement;
    private final Path spill;

    /**
     * @param memoryLimit DuckDB's memory limit, e.g. "4GB" (null: DuckDB's default, 80 % of RAM)
     * @param threads     0: DuckDB's default (one per core)
     */
    public Db(String memoryLimit, int threads) {
        try {
            spill = Files.createTempDirectory("evperf-report-");
            connection = DriverManager.getConnection("jdbc:duckdb:");
            statement = connection.createStatement();
            execute("SET temp_directory = " + literal(spill.toString()));
            execute("SET preserve_insertion_order = false");
            if (memoryLimit != null) execute("SET memory_limit = " + literal(memoryLimit));
            if (threads > 0) execute("SET threads = " + threads);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory for DuckDB", e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open DuckDB: " + e.getMessage(), e);
        }
    }

    public Db() {
        this(null, 0);
    }

    /** A SQL string literal. */
    public static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** read_parquet('file') for a path. */
    public static String parquet(Path file) {
        return "read_parquet(" + literal(file.toAbsolutePath().toString()) + ")";
    }

    /** read_csv of one of the trial's CSV files (header, comma, double quotes). */
    public static String csv(Path file) {
        return "read_csv(" + literal(file.toAbsolutePath().toString())
                + ", header = true, delim = ',', quote = '\"', escape = '\"', auto_detect = true)";
    }

    public void execute(String sql) throws SQLException {
        statement.execute(sql);
    }

    /** All rows of a query, each as an Object[] of the JDBC values (Long, Double, String, Boolean, …). */
    public List<Object[]> rows(String sql) throws SQLException {
        List<Object[]> out = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(sql)) {
            ResultSetMetaData m = rs.getMetaData();
            int n = m.getColumnCount();
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) row[i] = rs.getObject(i + 1);
                out.add(row);
            }
        }
        return out;
    }

    /** The single row of a query. */
    public Object[] row(String sql) throws SQLException {
        List<Object[]> r = rows(sql);
        if (r.size() != 1) throw new IllegalStateException("expected one row, got " + r.size() + ": " + sql);
        return r.get(0);
    }

    public long count(String sql) throws SQLException {
        return num(row(sql)[0]).longValue();
    }

    /**
     * The BIGINT columns of a query, column by column, in the query's row order: for an analysis
     * that needs every value of a figure (compare's bootstrap resamples them), not the records.
     */
    public long[][] longColumns(String sql, int columns) throws SQLException {
        long[][] out = new long[columns][1024];
        int n = 0;
        try (ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) {
                if (n == out[0].length) {
                    for (int c = 0; c < columns; c++) out[c] = Arrays.copyOf(out[c], 2 * n);
                }
                for (int c = 0; c < columns; c++) out[c][n] = rs.getLong(c + 1);
                n++;
            }
        }
        for (int c = 0; c < columns; c++) out[c] = Arrays.copyOf(out[c], n);
        return out;
    }

    /** A JDBC numeric value (Long, Integer, BigInteger from HUGEINT, BigDecimal, Double) as a Number; null stays null. */
    public static Number num(Object o) {
        if (o == null) return null;
        if (o instanceof Number n) return n;
        throw new IllegalStateException("expected a number, got " + o.getClass().getSimpleName() + " " + o);
    }

    public static long asLong(Object o) {
        return num(o).longValue();
    }

    public static double asDouble(Object o) {
        return o == null ? Double.NaN : num(o).doubleValue();
    }

    @Override
    public void close() {
        try {
            statement.close();
            connection.close();
        } catch (SQLException ignored) {
            // closing an in-memory database: nothing to keep
        }
        try (Stream<Path> s = Files.walk(spill)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover empty temp directory is harmless
        }
    }
}
