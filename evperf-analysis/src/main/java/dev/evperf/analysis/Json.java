package dev.evperf.analysis;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;

/** Jackson set-up shared by loading and rendering. */
final class Json {
    private Json() {}

    /** Snake case, like the files the runner writes; NaN is written as the string "NaN" (Jackson's default). */
    static ObjectMapper writer() {
        return new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** Jackson's messages span lines; bad input gets one line with where and what. */
    static String oneLine(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String where = at == null ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ";
        return "invalid JSON at " + where + e.getOriginalMessage().lines().findFirst().orElse("");
    }
}
