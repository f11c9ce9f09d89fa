package dev.evperf.monitor.pipeline;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/** The built-in sinks: {@code parquet: FILE}, {@code csv: FILE}, {@code null}. */
final class Sinks {
    private Sinks() {}

    static final Map<String, Sink.Factory> BUILT_IN;

    static {
        Map<String, Sink.Factory> m = new LinkedHashMap<>();
        m.put("parquet", (arg, dir, consumers) -> new ParquetSink(dir.resolve(arg.asText()), consumers));
        m.put("csv", (arg, dir, consumers) -> new CsvSink(dir.resolve(arg.asText()), consumers));
        m.put("null", (arg, dir, consumers) -> new NullSink());
        BUILT_IN = Collections.unmodifiableMap(m);
    }

    /** Sinks whose argument is a file name. */
    static boolean takesFile(String sink) {
        return sink.equals("parquet") || sink.equals("csv");
    }

    /** Discards every record: the cost of the pipeline without any output (JPMF's null sink). */
    static final class NullSink implements Sink {
        @Override
        public void accept(int consumer, MonitorRecord r) {}

        @Override
        public void close() {}
    }

    /**
     * CSV text, one line per record, header {@code timestamp,id,value,source,x0,x1,x2,x3}. Each
     * consumer formats into its own 64 KiB byte buffer (digits by hand: no strings) and writes it
     * whole under the stream's lock when full, so lines are never interleaved.
     */
    static final class CsvSink implements Sink {
        static final int BUFFER = 1 << 16;
        static final int MAX_LINE = 8 * 21;
        final Path file;
        final OutputStream out;
        final byte[][] buf;
        final int[] pos;

        CsvSink(Path file, int consumers) throws IOException {
            this.file = file;
            if (file.getParent() != null) Files.createDirectories(file.getParent());
            out = Files.newOutputStream(file);
            out.write((String.join(",", MonitorRecord.FIELDS) + "\n").getBytes(StandardCharsets.US_ASCII));
            buf = new byte[consumers][BUFFER];
            pos = new int[consumers];
        }

        @Override
        public void accept(int consumer, MonitorRecord r) throws IOException {
            byte[] b = buf[consumer];
            int p = pos[consumer];
            if (p > BUFFER - MAX_LINE) {
                write(b, p);
                p = 0;
            }
            p = put(b, p, r.timestamp);
            b[p++] = ',';
            p = put(b, p, r.id);
            b[p++] = ',';
            p = put(b, p, r.value);
            b[p++] = ',';
            p = put(b, p, r.source);
            b[p++] = ',';
            p = put(b, p, r.x0);
            b[p++] = ',';
            p = put(b, p, r.x1);
            b[p++] = ',';
            p = put(b, p, r.x2);
            b[p++] = ',';
            p = put(b, p, r.x3);
            b[p++] = '\n';
            pos[consumer] = p;
        }

        private void write(byte[] b, int len) throws IOException {
            synchronized (out) {
                out.write(b, 0, len);
            }
        }

        /** Writes v in decimal at b[p]; returns the position after it. */
        static int put(byte[] b, int p, long v) {
            if (v == Long.MIN_VALUE) {
                byte[] s = "-9223372036854775808".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(s, 0, b, p, s.length);
                return p + s.length;
            }
            if (v < 0) {
                b[p++] = '-';
                v = -v;
            }
            int digits = 1;
            for (long x = v; x >= 10; x /= 10) digits++;
            int end = p + digits;
            for (int i = end - 1; i >= p; i--) {
                b[i] = (byte) ('0' + (v % 10));
                v /= 10;
            }
            return end;
        }

        @Override
        public void close() throws IOException {
            try (out) {
                for (int c = 0; c < buf.length; c++) {
                    if (pos[c] > 0) write(buf[c], pos[c]);
                    pos[c] = 0;
                }
            }
        }

        @Override
        public String toString() {
            return "csv " + file;
        }
    }

    /**
     * Parquet (columnar) through DuckDB, as evperf writes its other records: an in-memory DuckDB
     * table filled through an appender, copied to the file with {@code COPY … (FORMAT PARQUET)} at
     * close. Each consumer fills its own columns of {@value #CHUNK} rows and appends them to DuckDB
     * under a lock when full (JNI calls once per chunk's rows, never on a producer's thread), so
     * the Java side allocates nothing in steady state and holds at most a chunk per consumer. Rows
     * are in consumer-chunk order: with one consumer, the order the records reached the sink.
     */
    static final class ParquetSink implements Sink {
        static final int CHUNK = 8192;
        static final String TABLE = "records";
        final Path file;
        final Connection connection;
        final DuckDBAppender appender;
        final long[][][] cols; // [consumer][field][row]
        final int[] rows;

        ParquetSink(Path file, int consumers) throws IOException {
            this.file = file;
            try {
                if (file.getParent() != null) Files.createDirectories(file.getParent());
                connection = DriverManager.getConnection("jdbc:duckdb:");
                try (Statement st = connection.createStatement()) {
                    st.execute("CREATE TABLE " + TABLE + "(timestamp BIGINT, id BIGINT, value BIGINT, source INTEGER,"
                            + " x0 BIGINT, x1 BIGINT, x2 BIGINT, x3 BIGINT)");
                }
                appender = ((DuckDBConnection) connection).createAppender(DuckDBConnection.DEFAULT_SCHEMA, TABLE);
            } catch (SQLException e) {
                throw new IOException("parquet sink " + file + ": " + e.getMessage(), e);
            }
            cols = new long[consumers][MonitorRecord.FIELDS.size()][CHUNK];
            rows = new int[consumers];
        }

        @Override
        public void accept(int consumer, MonitorRecord r) throws IOException {
            long[][] c = cols[consumer];
            int i = rows[consumer];
            c[0][i] = r.timestamp;
            c[1][i] = r.id;
            c[2][i] = r.value;
            c[3][i] = r.source;
            c[4][i] = r.x0;
            c[5][i] = r.x1;
            c[6][i] = r.x2;
            c[7][i] = r.x3;
            if (++i == CHUNK) {
                flush(c, i);
                i = 0;
            }
            rows[consumer] = i;
        }

        private synchronized void flush(long[][] c, int n) throws IOException {
            try {
                for (int i = 0; i < n; i++) {
                    appender.beginRow();
                    appender.append(c[0][i]);
                    appender.append(c[1][i]);
                    appender.append(c[2][i]);
                    appender.append((int) c[3][i]);
                    appender.append(c[4][i]);
                    appender.append(c[5][i]);
                    appender.append(c[6][i]);
                    appender.append(c[7][i]);
                    appender.endRow();
                }
            } catch (SQLException e) {
                throw new IOException("parquet sink " + file + ": " + e.getMessage(), e);
            }
        }

        @Override
        public synchronized void close() throws IOException {
            try (connection;
                    Statement st = connection.createStatement()) {
                try (appender) {
                    for (int c = 0; c < cols.length; c++) {
                        flush(cols[c], rows[c]);
                        rows[c] = 0;
                    }
                }
                st.execute("COPY " + TABLE + " TO '"
                        + file.toAbsolutePath().toString().replace("'", "''") + "' (FORMAT PARQUET, COMPRESSION ZSTD)");
            } catch (SQLException e) {
                throw new IOException("parquet sink " + file + ": " + e.getMessage(), e);
            }
        }

        @Override
        public String toString() {
            return "parquet " + file;
        }
    }
}
