package dev.evperf.core.workload;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.evperf.api.config.BindError;
import dev.evperf.api.config.Suggest;
import dev.evperf.results.Layout;
import dev.evperf.results.RunDir;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a workload file, binds it, expands the matrix and validates every trial's workload, so
 * that nothing runs until the whole plan is valid. Every failure is one {@link WorkloadException}
 * line naming the file and the position or field.
 */
public final class WorkloadLoader {
    public static final ObjectMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            // A mode is a word (receipt: send-end), never the position of a constant (receipt: 1).
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            // YAML keeps the last of two equal keys without a word; a workload must not mean something it does not say.
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            // An empty value, ~ or a bare null is "no value": rejected where it is bound, with its field, not an NPE
            // later.
            .defaultSetterInfo(JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL))
            // ... and so is "" where a number or an object is expected (Jackson would make it null, or 0)
            .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
            .build();

    private WorkloadLoader() {}

    /** Parses, binds and validates the file and every trial of its matrix. */
    public static Plan load(Path file, WorkloadValidator validator) {
        String where = file.toString();
        String text;
        try {
            text = Utf8Text.read(file);
        } catch (NoSuchFileException e) {
            throw new WorkloadException(where + ": no such workload file");
        } catch (IOException e) {
            throw new WorkloadException(where + ": cannot read: " + e.getMessage());
        }
        JsonNode tree;
        try {
            tree = YAML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new WorkloadException(where + YamlErrors.syntax(e));
        }
        if (tree == null || !tree.isObject()) {
            throw new WorkloadException(
                    where + ": expected a mapping of workload keys (streams, engine, load, …) at the top level");
        }
        Workload base;
        try {
            // Bound from the text, not the tree, so errors carry line and column.
            base = YAML.readValue(text, Workload.class);
        } catch (JsonProcessingException e) {
            throw new WorkloadException(
                    where + (e instanceof JsonMappingException ? describe(e, true) : YamlErrors.syntax(e)));
        }
        if (SpecWorkload.present(tree)) {
            // A neutral spec: the base as written for its own engine (the matrix's trials are expanded below).
            ObjectNode expanded = tree.deepCopy();
            SpecWorkload.expand(expanded, where);
            try {
                base = YAML.treeToValue(expanded, Workload.class);
            } catch (JsonProcessingException e) {
                throw new WorkloadException(where + describe(e, false));
            }
        }
        validator.validate(base, where);
        resolveSustained((ObjectNode) tree, file.toAbsolutePath().getParent(), where);

        List<TrialSpec> trials = new ArrayList<>();
        List<Map<String, JsonNode>> combos = combinations(base.matrix, where);
        int id = 1;
        for (Map<String, JsonNode> combo : combos) {
            ObjectNode trialTree = tree.deepCopy();
            List<String> jvm = new ArrayList<>(base.trial.jvm);
            for (Map.Entry<String, JsonNode> e : combo.entrySet()) {
                if (e.getKey().equals("jvm")) {
                    e.getValue().forEach(v -> jvm.add(v.asText()));
                } else {
                    // a copy: expanding a whole engine value must not change the trial's params (its label)
                    set(trialTree, e.getKey(), e.getValue().deepCopy(), where);
                }
            }
            trialTree.remove("matrix");
            String trialWhere = where + ": matrix " + describeCombo(combo);
            if (SpecWorkload.present(trialTree)) SpecWorkload.expand(trialTree, trialWhere);
            Workload w;
            try {
                w = YAML.treeToValue(trialTree, Workload.class);
            } catch (JsonProcessingException e) {
                throw new WorkloadException(trialWhere + describe(e, false));
            }
            validator.validate(w, trialWhere);
            for (int rep = 0; rep < base.repetitions; rep++) {
                trials.add(new TrialSpec(String.format("t%03d", id++), combo, rep, List.copyOf(jvm), trialTree, w));
            }
        }
        return new Plan(file, tree, base, trials);
    }

    /**
     * An adaptivity λ given as a fraction of a sustain run's rate becomes a plain rate here, once,
     * so every trial (and its JVM) sees the number that was used.
     */
    private static void resolveSustained(ObjectNode tree, Path baseDir, String where) {
        JsonNode phases = tree.path("load").path("phases");
        for (int i = 0; i < phases.size(); i++) {
            JsonNode a = phases.get(i).path("adaptivity");
            if (!a.isObject() || !a.has("fraction")) continue;
            String field = "load.phases[" + i + "].adaptivity.sustained";
            Path runDir = baseDir.resolve(a.path("sustained").asText());
            Path runJson = runDir.resolve(Layout.RUN_JSON);
            JsonNode rate;
            try {
                JsonNode sustain = RunDir.open(runDir).run().sustain();
                rate = sustain == null ? MissingNode.getInstance() : sustain.path("sustainable_rate");
            } catch (IllegalArgumentException e) {
                throw new WorkloadException(where + ": " + field
                        + ": cannot read the results directory of evperf sustain: " + e.getMessage());
            }
            if (!rate.isNumber() || !(rate.asDouble() > 0)) {
                throw new WorkloadException(where + ": " + field + ": " + runJson
                        + " holds no sustainable rate (not a sustain run, or it found none)");
            }
            ObjectNode obj = (ObjectNode) a;
            obj.put("rate", obj.get("fraction").asDouble() * rate.asDouble());
            obj.remove("fraction");
            obj.remove("sustained");
        }
    }

    private static List<Map<String, JsonNode>> combinations(Map<String, List<JsonNode>> matrix, String where) {
        List<Map<String, JsonNode>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<JsonNode>> axis : matrix.entrySet()) {
            if (axis.getValue() == null || axis.getValue().isEmpty()) {
                throw new WorkloadException(
                        where + ": matrix." + axis.getKey() + ": expected a non-empty list of values");
            }
            if (axis.getKey().equals("jvm")) {
                for (JsonNode set : axis.getValue()) {
                    if (!set.isArray()) {
                        throw new WorkloadException(where
                                + ": matrix.jvm: expected a list of option lists, e.g. [[], [-Xint]]; got " + set);
                    }
                    for (JsonNode option : set)
                        WorkloadValidator.jvmOption(
                                option.isTextual() ? option.asText() : option.toString(), "matrix.jvm", where);
                }
            }
            List<Map<String, JsonNode>> next = new ArrayList<>();
            for (Map<String, JsonNode> partial : out) {
                for (JsonNode value : axis.getValue()) {
                    Map<String, JsonNode> m = new LinkedHashMap<>(partial);
                    m.put(axis.getKey(), value);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }

    /** Sets a dotted path ({@code load.phases.measure.bursts.distance}); list items by index or name. */
    static void set(ObjectNode root, String path, JsonNode value, String where) {
        String[] parts = path.replaceAll("\\[(\\d+)]", ".$1").split("\\.");
        JsonNode node = root;
        StringBuilder walked = new StringBuilder();
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode child = child(node, parts[i]);
            if (child == null || !(child.isObject() || child.isArray())) {
                throw missing(where, path, walked.toString(), parts[i], node);
            }
            walked.append(walked.length() == 0 ? "" : ".").append(parts[i]);
            node = child;
        }
        String leaf = parts[parts.length - 1];
        if (node.isArray()) {
            // A whole list item, e.g. a phase by its name: the item is replaced.
            JsonNode item = child(node, leaf);
            if (item == null) throw missing(where, path, walked.toString(), leaf, node);
            int index = 0;
            while (node.get(index) != item) index++;
            ((ArrayNode) node).set(index, value);
            return;
        }
        if (!(node instanceof ObjectNode obj) || !obj.has(leaf)) {
            throw missing(where, path, walked.toString(), leaf, node);
        }
        obj.set(leaf, value);
    }

    private static JsonNode child(JsonNode node, String key) {
        if (node.isArray()) {
            if (key.matches("\\d+")) {
                return node.get(Integer.parseInt(key));
            }
            for (JsonNode item : node) {
                if (item.isObject() && key.equals(item.path("name").asText(null))) {
                    return item;
                }
            }
            return null;
        }
        return node.get(key);
    }

    private static WorkloadException missing(String where, String path, String walked, String key, JsonNode node) {
        List<String> keys = new ArrayList<>();
        if (node.isObject()) {
            node.fieldNames().forEachRemaining(keys::add);
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                keys.add(node.get(i).has("name") ? node.get(i).get("name").asText() : String.valueOf(i));
            }
        }
        String hint = Suggest.closest(key, keys);
        return new WorkloadException(
                where + ": matrix path '" + path + "' does not exist in the workload: no '" + key + "' under "
                        + (walked.isEmpty() ? "the top level" : "'" + walked + "'")
                        + (hint != null ? "; did you mean '" + hint + "'?" : "; there: " + String.join(", ", keys)));
    }

    private static String describeCombo(Map<String, JsonNode> combo) {
        StringBuilder sb = new StringBuilder("{");
        combo.forEach((k, v) ->
                sb.append(sb.length() > 1 ? ", " : "").append(k).append('=').append(TrialSpec.valueText(k, v)));
        return sb.append('}').toString();
    }

    /** One line for a binding error: position (when known), field path, and what was expected. */
    static String describe(JsonProcessingException e, boolean withLocation) {
        String line = BindError.line(e, "");
        // An unknown key names its parent in the sentence; every other error starts with its path.
        return (withLocation ? at(e.getLocation()) : "") + ": " + line;
    }

    private static String at(JsonLocation loc) {
        return YamlErrors.at(loc);
    }
}
