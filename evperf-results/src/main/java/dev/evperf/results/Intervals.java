package dev.evperf.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A trial's intervals.csv: the trial over time, one row per interval (measure.hlog_interval) on
 * the trial's axis. Columns (by name; older files may lack some): t_start_s, phase, whole (1 when
 * the interval lies wholly inside its phase), target_rate, intended_rate, input_rate,
 * output_rate, lag_max_ms, and p50 / p99 / max in µs of each latency mode
 * ({@code processing_p50_us}, …). An empty cell is a figure with no values in the interval.
 * The one reader of the file: the summary's figures, the warm-up's intervals, the report's series.
 */
public final class Intervals {
    private final Path file;
    private final List<String> header;
    private final List<String[]> rows;

    private Intervals(Path file, List<String> header, List<String[]> rows) {
        this.file = file;
        this.header = header;
        this.rows = rows;
    }

    /** @return null when the trial has no intervals.csv, or one without rows */
    public static Intervals read(Path trialDir) {
        Path file = trialDir.resolve(Layout.INTERVALS);
        if (!Files.isRegularFile(file)) return null;
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        if (lines.size() < 2) return null;
        List<String[]> rows = new ArrayList<>(lines.size() - 1);
        for (String line : lines.subList(1, lines.size())) rows.add(line.split(",", -1));
        return new Intervals(file, List.copyOf(Arrays.asList(lines.get(0).split(",", -1))), rows);
    }

    public Path file() {
        return file;
    }

    public List<String> header() {
        return header;
    }

    /** Rows as cells, in time order (as written). */
    public List<String[]> rows() {
        return rows;
    }

    public int size() {
        return rows.size();
    }

    /** The column's index, or -1 when the file (an older one) has no such column. */
    public int column(String name) {
        return header.indexOf(name);
    }

    /** The column's index; one line naming the file when it lacks the column. */
    public int required(String name) {
        int c = column(name);
        if (c < 0) throw new IllegalArgumentException(file + ": expected a column " + name + " in the header");
        return c;
    }

    /** Row {@code i}'s cell of column {@code c} as a number; NaN when empty or missing. */
    public double number(int i, int c) {
        String[] r = rows.get(i);
        if (c < 0 || c >= r.length || r[c].isEmpty()) return Double.NaN;
        try {
            return Double.parseDouble(r[c]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    file + ":" + (i + 2) + ": not a number: '" + r[c] + "' (column " + header.get(c) + ")");
        }
    }

    /** Every column as numbers by name (NaN for empty cells), rows in time order. */
    public Map<String, double[]> columns() {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (int c = 0; c < header.size(); c++) {
            double[] v = new double[rows.size()];
            for (int i = 0; i < v.length; i++) v[i] = number(i, c);
            out.put(header.get(c), v);
        }
        return out;
    }

    /** One whole interval of a measured phase: its start (ns, trial axis) and a column's value in it. */
    public record Point(long startNs, double value) {}

    /**
     * The whole intervals (wholly inside their phase) of measured phases that have a value in
     * {@code column}, in time order: the series the warm-up and compare's rate samples use. A phase
     * is measured when result.json says so; without result.json every interval counts.
     *
     * @return null when the file (an older one) lacks t_start_s, phase, whole or the column
     */
    public List<Point> measuredWhole(String column, TrialResult result) {
        int tCol = column("t_start_s"), phaseCol = column("phase"), wholeCol = column("whole"), yCol = column(column);
        if (tCol < 0 || phaseCol < 0 || wholeCol < 0 || yCol < 0) return null;
        int last = Math.max(Math.max(tCol, phaseCol), Math.max(wholeCol, yCol));
        List<Point> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            String[] c = rows.get(i);
            if (c.length <= last || !"1".equals(c[wholeCol]) || c[yCol].isEmpty()) continue;
            int phase = (int) number(i, phaseCol);
            if (result != null
                    && phase < result.phases().size()
                    && !result.phases().get(phase).measure()) continue;
            out.add(new Point(Math.round(number(i, tCol) * 1e9), number(i, yCol)));
        }
        return out;
    }

    /** The width of an interval, s (the trial's hlog_interval), from the first two rows; {@code otherwise} with fewer. */
    public double widthS(double otherwise) {
        if (rows.size() < 2) return otherwise;
        int t = column("t_start_s");
        return number(1, t) - number(0, t);
    }
}
