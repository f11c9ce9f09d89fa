package dev.evperf.suites.spec;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.Arrays;
import java.util.Locale;

/** Reads query specs from YAML (or a tree already parsed from a workload) with one-line errors. */
public final class Specs {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private Specs() {}

    /** @throws SpecException "source:line:column: what is wrong" */
    public static QuerySpec read(String yaml, String source) {
        return read(yaml, QuerySpec.class, source);
    }

    /** Any spec type of the suites (e.g. a Nexmark query), with the same one-line errors. */
    public static <T> T read(String yaml, Class<T> type, String source) {
        try {
            return YAML.readValue(yaml, type);
        } catch (JsonProcessingException e) {
            throw describe(e, source);
        }
    }

    /** A spec given as a node of a larger document (e.g. a workload's {@code engine.query}). */
    public static QuerySpec read(JsonNode node, String source) {
        return read(node, QuerySpec.class, source);
    }

    /** Any spec type given as a node of a larger document. */
    public static <T> T read(JsonNode node, Class<T> type, String source) {
        try {
            return YAML.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw describe(e, source);
        }
    }

    /** The spec as YAML, as read back by {@link #read(String, String)}. */
    public static String write(Object spec) {
        try {
            return YAML.writeValueAsString(spec);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static SpecException describe(JsonProcessingException e, String source) {
        JsonLocation at = e.getLocation();
        String where = source + (at == null || at.getLineNr() < 1 ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr());
        String path = e instanceof JsonMappingException m ? m.getPathReference() : null;
        Throwable cause = e instanceof ValueInstantiationException && e.getCause() != null ? e.getCause() : null;
        String message = cause != null ? cause.getMessage() : e.getOriginalMessage();
        if (path != null && cause == null) {
            message = message + " (at " + path.replaceAll("dev\\.evperf\\.suites\\.(spec\\.|nexmark\\.)", "") + ")";
        }
        return new SpecException((where + ": " + message).replaceAll("\\s*\\R\\s*", " "), e);
    }

    /** A spec field's rule; the message names the field. */
    public static void check(boolean ok, String field, String message) {
        if (!ok) {
            throw new SpecException(field + " " + message);
        }
    }

    /** An enum constant by its YAML name (lower case), or one line listing the names. */
    public static <E extends Enum<E>> E named(E[] values, String name, String what) {
        for (E e : values) {
            if (yamlName(e).equalsIgnoreCase(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + name + "'; expected one of "
                + Arrays.stream(values).map(Specs::yamlName).toList());
    }

    public static String yamlName(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** 5 rather than 5.0, 0.1 as 0.1. */
    public static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
