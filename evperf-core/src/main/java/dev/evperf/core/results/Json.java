package dev.evperf.core.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.results.ResultsJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writing the results files (run.json, trial.json, result.json, env.json): atomically, a full disk said as such. */
public final class Json {
    /** evperf-results' mapper: one set of settings for writing and reading the results files. */
    public static final ObjectMapper MAPPER = ResultsJson.MAPPER;

    private Json() {}

    /**
     * Writes atomically (temp file + move), so a reader never sees half a file; a write that fails
     * (disk full) removes its temp file and leaves the previous version in place.
     */
    public static void write(Path file, Object value) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            MAPPER.writeValue(tmp.toFile(), value);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the directory refuses even this; the error below says why
            }
            throw new UncheckedIOException("cannot write " + file + ": " + WriteFaults.describe(e), e);
        }
    }
}
