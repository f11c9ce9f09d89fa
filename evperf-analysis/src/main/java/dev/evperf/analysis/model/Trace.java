package dev.evperf.analysis.model;

import dev.evperf.results.Layout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A trial's trace.parquet (seq, point, t, rank, thread: every event's passage through the
 * tracepoints, written when the workload has {@code measure: {tracepoints: true}}), as primitive
 * columns ordered by seq, then t, then rank: the records of one event (a case) are contiguous,
 * from {@link #caseStart}(k) to {@link #caseStart}(k + 1).
 */
public final class Trace {
    public static final String FILE = Layout.TRACE;
    public static final String SEND_START = "driver.send-start";
    public static final String SEND_END = "driver.send-end";

    private final String[] points;
    private final long[] seq;
    private final int[] point;
    private final long[] t;
    private final int[] caseStarts;

    public Trace(String[] points, long[] seq, int[] point, long[] t) {
        this.points = points;
        this.seq = seq;
        this.point = point;
        this.t = t;
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < seq.length; i++) {
            if (i > 0 && seq[i] < seq[i - 1])
                throw new IllegalArgumentException("trace: records not ordered by seq at row " + i);
            if (i == 0 || seq[i] != seq[i - 1]) starts.add(i);
        }
        starts.add(seq.length);
        caseStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    public int records() {
        return seq.length;
    }

    public int cases() {
        return caseStarts.length - 1;
    }

    public int caseStart(int k) {
        return caseStarts[k];
    }

    public long caseSeq(int k) {
        return seq[caseStarts[k]];
    }

    public String pointName(int row) {
        return points[point[row]];
    }

    public int pointId(int row) {
        return point[row];
    }

    public long time(int row) {
        return t[row];
    }

    public String[] pointNames() {
        return points.clone();
    }

    /**
     * @throws IllegalArgumentException naming the file when it is missing (the trial ran without
     *                                  tracepoints) or unreadable
     */
    public static Trace load(Path trialDir) {
        Path file = trialDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    file
                            + ": missing (the trial ran without tracepoints: add measure: {tracepoints: true} to the workload)");
        }
        String src = "read_parquet('" + file.toAbsolutePath().toString().replace("'", "''") + "')";
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            int n;
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + src)) {
                rs.next();
                long count = rs.getLong(1);
                if (count > Integer.MAX_VALUE - 8)
                    throw new IllegalArgumentException(file + ": " + count + " rows, more than one array can hold");
                n = (int) count;
            }
            long[] seq = new long[n], t = new long[n];
            int[] point = new int[n];
            Map<String, Integer> dict = new HashMap<>();
            List<String> names = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT seq, point, t FROM " + src + " ORDER BY seq, t, rank")) {
                for (int i = 0; rs.next(); i++) {
                    seq[i] = rs.getLong(1);
                    point[i] = dict.computeIfAbsent(rs.getString(2), s -> {
                        names.add(s);
                        return names.size() - 1;
                    });
                    t[i] = rs.getLong(3);
                }
            }
            return new Trace(names.toArray(String[]::new), seq, point, t);
        } catch (SQLException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
        }
    }
}
