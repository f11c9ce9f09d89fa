package dev.evperf.analysis.summary;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How a run's matrix parameters are named in tables and labels: each by the shortest end of its
 * dotted path that no other parameter of the run shares ({@code load.phases.measure.bursts.distance}
 * → {@code distance}), each value by a short text: a scalar as it is, a list of JVM options joined
 * by blanks ({@code default} when empty), a whole phase by its profile ({@code wave}, {@code
 * constant/poisson}), and only where two values of one parameter would read the same, by their
 * fields ({@code bursts{count: 5, size: 1000}}). The full values stay in run.json.
 */
public final class ParamNames {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Map<String, String> keys = new LinkedHashMap<>();
    /** Parameters whose values need their fields to be told apart. */
    private final Set<String> detailed = new HashSet<>();
    /** Whole engines of a matrix (objects with a name): the settings, as leaf paths, that differ among them. */
    private final Map<String, Set<String>> engines = new HashMap<>();

    private ParamNames() {}

    /**
     * The names for a run whose trials have these parameters (path → value; a nested value may be a
     * JsonNode or its JSON text, as run.json's summaries hold it).
     */
    public static ParamNames of(Collection<? extends Map<String, ?>> trials) {
        ParamNames n = new ParamNames();
        List<String> paths = new ArrayList<>();
        trials.forEach(t -> t.keySet().forEach(k -> {
            if (!paths.contains(k)) paths.add(k);
        }));
        for (String p : paths) n.keys.put(p, shortest(p, paths));
        for (String p : paths) {
            if (isEngine(p, trials)) {
                n.engines.put(p, differingLeaves(p, trials));
                continue;
            }
            Map<String, JsonNode> byText = new HashMap<>();
            for (Map<String, ?> t : trials) {
                if (!t.containsKey(p)) continue;
                JsonNode v = node(t.get(p));
                JsonNode seen = byText.putIfAbsent(brief(p, v), v);
                if (seen != null && !seen.equals(v)) n.detailed.add(p);
            }
        }
        return n;
    }

    /** The names for one JSON object of parameters (a single trial: nothing to tell apart). */
    public static ParamNames of(JsonNode params) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        if (params != null) params.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue()));
        return of(List.of(m));
    }

    /** The parameter's short name. */
    public String key(String path) {
        return keys.getOrDefault(path, path);
    }

    /** The value's short text. */
    public String value(String path, Object value) {
        JsonNode v = node(value);
        if (engines.containsKey(path)) return engine(v, engines.get(path));
        return detailed.contains(path) ? detail(v) : brief(path, v);
    }

    /** "key=value key=value" for headings and labels. */
    public String text(Map<String, ?> params) {
        return params.entrySet().stream()
                .map(e -> key(e.getKey()) + "=" + value(e.getKey(), e.getValue()))
                .collect(Collectors.joining(" "));
    }

    /** The same for a JSON object of parameters. */
    public String text(JsonNode params) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        if (params != null) params.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue()));
        return text(m);
    }

    /** A matrix over whole engines: the parameter {@code engine}, each value an object with a name. */
    private static boolean isEngine(String path, Collection<? extends Map<String, ?>> trials) {
        if (!path.equals("engine")) return false;
        for (Map<String, ?> t : trials) {
            if (!t.containsKey(path)) continue;
            JsonNode v = node(t.get(path));
            if (!v.isObject() || !v.path("name").isValueNode()) return false;
        }
        return true;
    }

    /** Leaf paths (dotted, below the engine) whose values are not the same in every engine of the matrix. */
    private static Set<String> differingLeaves(String path, Collection<? extends Map<String, ?>> trials) {
        List<Map<String, String>> all = new ArrayList<>();
        Set<String> leaves = new LinkedHashSet<>();
        for (Map<String, ?> t : trials) {
            if (!t.containsKey(path)) continue;
            Map<String, String> flat = new LinkedHashMap<>();
            flatten("", node(t.get(path)), flat);
            all.add(flat);
            leaves.addAll(flat.keySet());
        }
        leaves.remove("name");
        leaves.removeIf(leaf -> all.stream().map(f -> f.get(leaf)).distinct().count() == 1);
        return leaves;
    }

    private static void flatten(String prefix, JsonNode v, Map<String, String> out) {
        if (v.isObject()) {
            v.fields()
                    .forEachRemaining(
                            e -> flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out));
        } else {
            out.put(prefix, detail(v));
        }
    }

    /** {@code ref (join: grace, grace_batch: 1000)}: the engine's name and the settings that set it apart. */
    private static String engine(JsonNode v, Set<String> differing) {
        Map<String, String> flat = new LinkedHashMap<>();
        flatten("", v, flat);
        List<String> shown = new ArrayList<>();
        for (String leaf : differing) {
            if (!flat.containsKey(leaf)) continue;
            shown.add(leaf.substring(leaf.lastIndexOf('.') + 1) + ": " + flat.get(leaf));
        }
        String name = v.path("name").asText();
        return shown.isEmpty() ? name : name + " (" + String.join(", ", shown) + ")";
    }

    private static String shortest(String path, List<String> all) {
        String[] parts = path.split("\\.");
        for (int n = 1; n < parts.length; n++) {
            String tail = String.join(".", List.of(parts).subList(parts.length - n, parts.length));
            boolean unique =
                    all.stream().filter(o -> !o.equals(path)).noneMatch(o -> o.equals(tail) || o.endsWith("." + tail));
            if (unique) return tail;
        }
        return path;
    }

    private static String brief(String path, JsonNode v) {
        if (v == null || v.isNull()) return "";
        if (v.isValueNode()) return v.asText();
        if (v.isArray()) {
            if (v.isEmpty()) return path.equals("jvm") ? "default" : "[]";
            if (allScalars(v)) {
                List<String> items = new ArrayList<>();
                v.forEach(x -> items.add(x.asText()));
                return String.join(" ", items);
            }
            return detail(v);
        }
        // A whole phase: its profile is the one field holding an object (batch is not a profile).
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isObject() && !e.getKey().equals("batch")) {
                String arrivals = v.path("arrivals").asText("");
                return e.getKey() + (arrivals.isEmpty() || arrivals.equals("deterministic") ? "" : "/" + arrivals);
            }
        }
        return detail(v);
    }

    /** A nested value without JSON's quotes: {@code bursts{count: 5, size: 1000}}, {@code [a, b]}. */
    private static String detail(JsonNode v) {
        if (v.isValueNode()) return v.asText();
        if (v.isArray()) {
            List<String> items = new ArrayList<>();
            v.forEach(x -> items.add(detail(x)));
            return "[" + String.join(", ", items) + "]";
        }
        List<String> fields = new ArrayList<>();
        String profile = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals("name")) continue; // a phase's name is the matrix path's, the same in every value
            if (profile == null && e.getValue().isObject() && !e.getKey().equals("batch")) {
                profile = e.getKey() + detail(e.getValue());
                continue;
            }
            fields.add(e.getKey() + ": " + detail(e.getValue()));
        }
        String rest = fields.isEmpty() ? "" : "{" + String.join(", ", fields) + "}";
        return profile == null ? (rest.isEmpty() ? "{}" : rest) : profile + (rest.isEmpty() ? "" : " " + rest);
    }

    private static boolean allScalars(JsonNode v) {
        for (JsonNode x : v) if (!x.isValueNode()) return false;
        return true;
    }

    /** A value as a tree: JSON text (how run.json's summaries keep nested values) parsed, scalars as they are. */
    private static JsonNode node(Object value) {
        if (value instanceof JsonNode j) return j;
        if (value instanceof String s && (s.startsWith("{") || s.startsWith("["))) {
            try {
                return MAPPER.readTree(s);
            } catch (JsonProcessingException e) {
                return MAPPER.getNodeFactory().textNode(s);
            }
        }
        return MAPPER.valueToTree(value);
    }
}
