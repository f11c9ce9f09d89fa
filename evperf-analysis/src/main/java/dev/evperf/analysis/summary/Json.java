package dev.evperf.analysis.summary;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/** Jackson set-up shared by loading and rendering. */
public final class Json {
    private Json() {}

    /** Snake case, like the files the runner writes. */
    public static ObjectMapper writer() {
        return new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .registerModule(new SimpleModule()
                        .addSerializer(Double.class, UNDEFINED_AS_NULL)
                        .addSerializer(double.class, UNDEFINED_AS_NULL));
    }

    /** An undefined figure (NaN: no values, or a std of one value) is null, so every number field stays a number. */
    private static final JsonSerializer<Double> UNDEFINED_AS_NULL = new JsonSerializer<>() {
        @Override
        public void serialize(Double v, JsonGenerator gen, SerializerProvider p) throws IOException {
            if (v.isNaN() || v.isInfinite()) gen.writeNull();
            else gen.writeNumber(v);
        }
    };

    /** Jackson's messages span lines; bad input gets one line with where and what. */
    public static String oneLine(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return "invalid JSON" + where + ": "
                + e.getOriginalMessage().lines().findFirst().orElse("");
    }
}
