package dev.evperf.core.data;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.Field;
import dev.evperf.api.StreamSchema;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.Utf8Text;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.Workload.FileDef;
import dev.evperf.core.workload.WorkloadException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads pool events from a delimited text file (no quoting: benchmark data files are plain).
 * A bad value fails with the file, line number, field and the value.
 */
public final class CsvSource {
    private CsvSource() {}

    static Object[][] read(StreamSchema schema, int seqIndex, FileDef file, int limit, Path baseDir, String where) {
        Path path = baseDir.resolve(file.path);
        List<Object[]> rows = new ArrayList<>();
        String[] header = null;
        int[] columnOf = null;
        String delimiter = Pattern.quote(file.delimiter);
        try (BufferedReader in = open(path, where)) {
            String line;
            int lineNo = 0;
            while ((line = in.readLine()) != null && rows.size() < limit) {
                lineNo++;
                if (line.isBlank()) continue;
                String[] cells = line.split(delimiter, -1);
                if (header == null && file.header) {
                    header = cells;
                    continue;
                }
                if (columnOf == null) columnOf = columns(schema, seqIndex, file, header, path);
                Object[] row = new Object[schema.size()];
                for (int i = 0; i < row.length; i++) {
                    if (i == seqIndex) continue;
                    Field f = schema.fields().get(i);
                    int c = columnOf[i];
                    if (c >= cells.length) {
                        throw new WorkloadException(path + ":" + lineNo + ": field '" + f.name() + "' expects column "
                                + c + ", but the line has " + cells.length + " columns");
                    }
                    try {
                        row[i] = f.type().parse(cells[c]);
                    } catch (IllegalArgumentException e) {
                        throw new WorkloadException(path + ":" + lineNo + ": field '" + f.name() + "' (column " + c
                                + "): " + e.getMessage());
                    }
                }
                rows.add(row);
            }
        } catch (NoSuchFileException e) {
            throw new WorkloadException(where + ": data file " + path + " does not exist");
        } catch (CharacterCodingException e) {
            throw Utf8Text.invalid(path);
        } catch (IOException e) {
            throw new WorkloadException(where + ": cannot read data file " + path + ": " + e.getMessage());
        }
        if (rows.isEmpty()) throw new WorkloadException(path + ": no data rows");
        return rows.toArray(new Object[0][]);
    }

    /**
     * One numeric column of the file, e.g. the timestamps of a trace to replay; a header name or a
     * 0-based index. A bad value fails with the file, line number and value.
     */
    /**
     * Reads a replay phase's timestamps from the load stream's data file. Here rather than in
     * workload's Schemas, so that workload (binding and validation) does not depend on data.
     */
    public static Function<Workload.ReplayDef, double[]> traces(Workload w, Path baseDir, String where) {
        Workload.DataDef d = w.data.get(Schemas.loadStream(w));
        if (d != null && d.live != null) {
            return r -> LiveData.column(w, r.column, r.count != null ? r.count : Long.MAX_VALUE, where);
        }
        return r -> column(
                w.data.get(Schemas.loadStream(w)).file,
                r.column,
                r.count != null ? r.count : Long.MAX_VALUE,
                baseDir,
                where);
    }

    public static double[] column(FileDef file, String column, long limit, Path baseDir, String where) {
        Path path = baseDir.resolve(file.path);
        double[] out = new double[1024];
        int n = 0;
        int index = -1;
        try (BufferedReader in = open(path, where)) {
            String line;
            int lineNo = 0;
            String delimiter = Pattern.quote(file.delimiter);
            boolean headerSeen = !file.header;
            if (headerSeen) index = parseIndex(column, path);
            while ((line = in.readLine()) != null && n < limit) {
                lineNo++;
                if (line.isBlank()) continue;
                String[] cells = line.split(delimiter, -1);
                if (!headerSeen) {
                    headerSeen = true;
                    index = Arrays.asList(cells).indexOf(column);
                    if (index < 0) index = parseIndex(column, path);
                    continue;
                }
                if (index >= cells.length) {
                    throw new WorkloadException(
                            path + ":" + lineNo + ": no column " + index + " (the line has " + cells.length + ")");
                }
                try {
                    if (n == out.length) out = Arrays.copyOf(out, n * 2);
                    out[n++] = Double.parseDouble(cells[index].trim());
                } catch (NumberFormatException e) {
                    throw new WorkloadException(
                            path + ":" + lineNo + ": column " + column + ": '" + cells[index] + "' is not a number");
                }
            }
        } catch (NoSuchFileException e) {
            throw new WorkloadException(where + ": data file " + path + " does not exist");
        } catch (CharacterCodingException e) {
            throw Utf8Text.invalid(path);
        } catch (IOException e) {
            throw new WorkloadException(where + ": cannot read data file " + path + ": " + e.getMessage());
        }
        return Arrays.copyOf(out, n);
    }

    /** A regular file only: a device or a FIFO (/dev/zero, say) could be read for ever. */
    private static BufferedReader open(Path path, String where) throws IOException {
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw new WorkloadException(where + ": data file " + path + " is not a regular file");
        }
        return Files.newBufferedReader(path);
    }

    private static int parseIndex(String column, Path path) {
        try {
            return Integer.parseInt(column);
        } catch (NumberFormatException e) {
            throw new WorkloadException(path + ": no column '" + column
                    + "' (give a header name, or a 0-based index for a file without a header)");
        }
    }

    /** Column per schema field: by the mapping (index or header name), else fields in order. */
    private static int[] columns(StreamSchema schema, int seqIndex, FileDef file, String[] header, Path path) {
        int[] out = new int[schema.size()];
        int next = 0;
        for (int i = 0; i < schema.size(); i++) {
            if (i == seqIndex) continue;
            String name = schema.fields().get(i).name();
            JsonNode spec = file.columns == null ? null : file.columns.get(name);
            if (spec == null) {
                out[i] = next++;
            } else if (spec.canConvertToInt()) {
                out[i] = spec.asInt();
            } else {
                int idx = header == null ? -1 : Arrays.asList(header).indexOf(spec.asText());
                if (idx < 0) {
                    throw new WorkloadException(
                            path + ": column '" + spec.asText() + "' for field '" + name + "' is not in the header "
                                    + (header == null
                                            ? "(the file has no header: use a column index)"
                                            : Arrays.toString(header)));
                }
                out[i] = idx;
            }
        }
        return out;
    }
}
