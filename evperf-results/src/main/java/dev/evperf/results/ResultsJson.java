package dev.evperf.results;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Path;

/** The one JSON mapper of results files (run.json, trial.json, result.json, env.json), and their reading with one-line errors. */
public final class ResultsJson {
    public static final ObjectMapper MAPPER =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ResultsJson() {}

    /** @throws IllegalArgumentException one line: the file (with line and column) and what is wrong */
    public static JsonNode readTree(Path file) {
        try {
            JsonNode n = MAPPER.readTree(file.toFile());
            if (n == null || n.isMissingNode())
                throw new IllegalArgumentException(file + ": not valid JSON: the file is empty");
            return n;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr();
            throw new IllegalArgumentException(file + where + ": not valid JSON: " + firstLine(e));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** The file as a record of {@code type}; one-line errors as {@link #readTree}, type mismatches with the field's path. */
    public static <T> T read(Path file, Class<T> type) {
        JsonNode tree = readTree(file);
        try {
            return MAPPER.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": " + oneLine(e));
        }
    }

    /** Jackson's messages span lines; bad input gets one line with where and what. */
    public static String oneLine(JsonProcessingException e) {
        StringBuilder path = new StringBuilder();
        if (e instanceof JsonMappingException m) {
            for (JsonMappingException.Reference r : m.getPath()) {
                if (r.getFieldName() != null)
                    path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
                else if (r.getIndex() >= 0)
                    path.append('[').append(r.getIndex()).append(']');
            }
        }
        return (path.length() == 0 ? "" : path + ": ") + "unexpected value: " + firstLine(e);
    }

    private static String firstLine(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? e.getMessage() : e.getOriginalMessage();
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse("");
    }
}
