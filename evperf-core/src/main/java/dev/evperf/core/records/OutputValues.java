package dev.evperf.core.records;

import dev.evperf.api.OutputListener;
import dev.evperf.results.Layout;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An output's rows as the engine gave them, one CSV line each ({@code values-<stream>.csv}), for
 * checking an engine's results against a computation from the input (engine.outputs.S.values).
 * It wraps the sink's listener: the sink records first (its receipt is taken before this
 * formats anything), then the row is written. Strings are quoted; null is an empty field.
 */
public final class OutputValues implements OutputListener, AutoCloseable {
    private final OutputListener sink;
    private final BufferedWriter out;

    public OutputValues(Path dir, String stream, List<String> fields, OutputListener sink) throws IOException {
        this.sink = sink;
        this.out = Files.newBufferedWriter(dir.resolve(Layout.values(stream)), StandardCharsets.UTF_8);
        out.write(String.join(",", fields));
        out.write('\n');
    }

    @Override
    public void onOutput(Object[] row) {
        sink.onOutput(row);
        write(row);
    }

    @Override
    public void onOutput(Object[] row, long receiptNanos, long appendMillis) {
        sink.onOutput(row, receiptNanos, appendMillis);
        write(row);
    }

    @Override
    public void onBatch(int size) {
        sink.onBatch(size);
    }

    private synchronized void write(Object[] row) {
        try {
            for (int i = 0; i < row.length; i++) {
                if (i > 0) out.write(',');
                Object v = row[i];
                if (v instanceof CharSequence s) out.write('"' + s.toString().replace("\"", "\"\"") + '"');
                else if (v != null) out.write(v.toString());
            }
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
