package dev.evperf.core.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The one JSON mapper of results files (run.json, trial.json, result.json, env.json). */
public final class Json {
    public static final ObjectMapper MAPPER =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

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
