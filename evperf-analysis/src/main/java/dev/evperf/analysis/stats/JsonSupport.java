package dev.evperf.analysis.stats;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/**
 * Jackson set-up of the statistics packages, the same conventions as the summary's JSON:
 * snake_case names, an undefined figure (NaN, infinite) written as null so every number field
 * stays a number, and a null read back as NaN.
 */
public final class JsonSupport {
    private JsonSupport() {}

    public static ObjectMapper mapper() {
        return new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .registerModule(new SimpleModule()
                        .addSerializer(Double.class, UNDEFINED_AS_NULL)
                        .addSerializer(double.class, UNDEFINED_AS_NULL)
                        .addDeserializer(Double.class, NULL_AS_UNDEFINED)
                        .addDeserializer(double.class, NULL_AS_UNDEFINED));
    }

    /** {@code value} as indented JSON with a final newline. */
    public static String write(Object value) {
        try {
            return mapper().writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    /** And back: a null number is NaN (Jackson would make it 0 for a primitive double). */
    private static final JsonDeserializer<Double> NULL_AS_UNDEFINED = new JsonDeserializer<>() {
        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
            return p.getValueAsDouble(Double.NaN);
        }

        @Override
        public Double getNullValue(DeserializationContext ctx) {
            return Double.NaN;
        }
    };

    private static final JsonSerializer<Double> UNDEFINED_AS_NULL = new JsonSerializer<>() {
        @Override
        public void serialize(Double v, JsonGenerator gen, SerializerProvider p) throws IOException {
            if (v.isNaN() || v.isInfinite()) gen.writeNull();
            else gen.writeNumber(v);
        }
    };
}
