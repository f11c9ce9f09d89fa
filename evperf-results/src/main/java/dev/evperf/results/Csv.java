package dev.evperf.results;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The trial's CSV files (sensors.csv, jvm-events.csv, errors.csv, stalls.csv): a header of
 * column names, then rows; commas, double quotes with "" for a quote inside. Read a line at a
 * time, as sensors.csv can be large.
 */
public final class Csv {
    private Csv() {}

    /** One row: its cells and where it is (file and 1-based line) for error messages. */
    public record Row(List<String> header, List<String> cells, Path file, int line) {
        /** The cell of a named column; "" when the column or cell is missing. */
        public String get(String column) {
            int c = header.indexOf(column);
            return c < 0 || c >= cells.size() ? "" : cells.get(c);
        }

        public IllegalArgumentException error(String what) {
            return new IllegalArgumentException(file + ":" + line + ": " + what);
        }
    }

    /**
     * Calls {@code each} with every row of {@code file}; nothing when the file is absent or empty.
     *
     * @throws IllegalArgumentException when the header lacks one of {@code required}
     */
    public static void forEach(Path file, List<String> required, Consumer<Row> each) {
        if (!Files.isRegularFile(file)) return;
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String head = in.readLine();
            if (head == null) return;
            List<String> header = split(head);
            for (String r : required) {
                if (!header.contains(r))
                    throw new IllegalArgumentException(
                            file + ":1: expected a column " + r + " in the header " + header);
            }
            String line;
            for (int n = 2; (line = in.readLine()) != null; n++) {
                if (!line.isEmpty()) each.accept(new Row(header, split(line), file, n));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
    }

    /** Whether the file is there with a header and at least one row. */
    public static boolean hasRows(Path file) {
        if (!Files.isRegularFile(file)) return false;
        try (BufferedReader r = Files.newBufferedReader(file)) {
            return r.readLine() != null && r.readLine() != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** Splits one line: commas, double quotes with "" for a quote inside. */
    public static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cell.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString());
        return out;
    }
}
