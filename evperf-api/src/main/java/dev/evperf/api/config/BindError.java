package dev.evperf.api.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One line for a Jackson binding error: the field's path and what was expected, with a suggestion
 * for an unknown key or word. The one wording of binding errors: the workload loader (which adds
 * the file and position) and the monitor's channel and pipeline sections (bound on their own by
 * tests and benchmarks) both use it.
 */
public final class BindError {
    /** As strict as the workload loader's mapper about keys, words and numbers. */
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .build();

    private BindError() {}

    /**
     * Binds a section given on its own (a test's or a benchmark's configuration, not a workload file).
     *
     * @throws IllegalArgumentException with {@link #line} of the binding error, paths starting at {@code prefix}
     */
    public static <T> T bind(JsonNode tree, TypeReference<T> type, String prefix) {
        try {
            return STRICT.treeToValue(tree, STRICT.getTypeFactory().constructType(type));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(line(e, prefix), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(prefix + ": " + e.getMessage(), e);
        }
    }

    /**
     * "path: what was expected" (or "unknown key 'k' in parent; did you mean …"); {@code prefix},
     * if not empty, goes before the path, for a section bound on its own (e.g. "channels").
     */
    public static String line(JsonProcessingException e, String prefix) {
        String path = e instanceof JsonMappingException jm ? path(prefix, jm.getPath()) : prefix;
        if (path.isEmpty()) path = "(top level)";
        if (e instanceof UnrecognizedPropertyException u) {
            List<String> known = new ArrayList<>();
            if (u.getKnownPropertyIds() != null) u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
            known.sort(null);
            String parent = path.contains(".") ? path.substring(0, path.lastIndexOf('.')) : "the top level";
            String hint = Suggest.closest(u.getPropertyName(), known);
            return "unknown key '" + u.getPropertyName() + "' in " + parent
                    + (hint != null
                            ? "; did you mean '" + hint + "'?"
                            : known.isEmpty() ? "; it takes no keys" : "; valid keys: " + String.join(", ", known));
        }
        if (e instanceof InvalidNullException) {
            return path
                    + ": no value (YAML reads an empty value, ~ and a bare null as none; give a value or leave the key out"
                    + (path.equals("engine.name") ? "; write \"null\" in quotes for the null engine" : "") + ")";
        }
        if (e instanceof ValueInstantiationException v && v.getCause() != null) {
            return path + ": " + v.getCause().getMessage();
        }
        if (e instanceof InvalidFormatException f
                && f.getTargetType() != null
                && Keyword.class.isAssignableFrom(f.getTargetType())) {
            return path + ": "
                    + Keyword.expected(f.getTargetType().asSubclass(Keyword.class), String.valueOf(f.getValue()));
        }
        if (e instanceof InvalidFormatException f) {
            return path + ": expected " + expected(f.getTargetType()) + ", got '" + f.getValue() + "'";
        }
        if (e instanceof MismatchedInputException m) {
            return path + ": expected " + expected(m.getTargetType());
        }
        return path + ": " + firstLine(e.getOriginalMessage());
    }

    private static String expected(Class<?> type) {
        if (type == null) return "a different kind of value";
        if (type == long.class || type == Long.class || type == int.class || type == Integer.class)
            return "a whole number";
        if (type == double.class || type == Double.class || type == float.class) return "a number";
        if (type == boolean.class || type == Boolean.class) return "true or false";
        if (type == String.class) return "a string";
        if (List.class.isAssignableFrom(type)) return "a list";
        if (Map.class.isAssignableFrom(type) || type.getName().startsWith("dev.evperf")) return "a mapping of keys";
        return "a " + type.getSimpleName();
    }

    private static String path(String prefix, List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder(prefix);
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    /** The first line of a message, trimmed (Jackson's and SnakeYAML's run on with context). */
    public static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }
}
