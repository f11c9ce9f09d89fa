package dev.evperf.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * One trial of a plan: the workload with its matrix values applied, one repetition, and the JVM
 * options its child JVM starts with.
 *
 * @param params matrix path to the value this trial uses (jvm included), for labels and tables
 */
public record TrialSpec(
        String id, Map<String, JsonNode> params, int repetition, List<String> jvm, JsonNode tree, Workload workload) {

    /** A short human label such as {@code d=100ms jvm=-Xint}. */
    public String label() {
        StringBuilder sb = new StringBuilder();
        params.forEach((path, value) -> {
            if (sb.length() > 0) sb.append(' ');
            String key = path.contains(".") ? path.substring(path.lastIndexOf('.') + 1) : path;
            sb.append(key).append('=').append(valueText(path, value));
        });
        if (sb.length() == 0) sb.append("base");
        return sb + " rep=" + repetition;
    }

    static String valueText(String path, JsonNode value) {
        if (value.isArray()) {
            if (value.isEmpty()) return path.equals("jvm") ? "default" : "[]";
            StringBuilder sb = new StringBuilder();
            value.forEach(v -> sb.append(sb.length() == 0 ? "" : " ").append(v.asText()));
            return sb.toString();
        }
        if (value.isObject() && path.equals("engine") && value.has("name")) {
            // A whole engine (engines with options of their own in one run): its name and options,
            // e.g. "ref join=grace grace_batch=500".
            StringBuilder sb = new StringBuilder(value.get("name").asText());
            value.path("options").fields().forEachRemaining(f -> {
                if (f.getValue().isValueNode())
                    sb.append(' ')
                            .append(f.getKey())
                            .append('=')
                            .append(f.getValue().asText());
            });
            return sb.toString();
        }
        if (value.isObject() && (value.has("test") || value.has("query"))) {
            // A whole neutral spec (engine.query): its kind and its own parameters, e.g. "filter selectivity=5".
            StringBuilder sb = new StringBuilder(
                    value.has("test")
                            ? value.get("test").asText()
                            : value.get("query").asText());
            value.fields().forEachRemaining(f -> {
                if (!f.getKey().equals("test")
                        && !f.getKey().equals("query")
                        && f.getValue().isValueNode())
                    sb.append(' ')
                            .append(f.getKey())
                            .append('=')
                            .append(f.getValue().asText());
            });
            return sb.toString();
        }
        if (value.isObject()) {
            // A whole phase as a matrix value: name it by its profile (and Poisson arrivals).
            for (String profile : WorkloadValidator.PROFILES) {
                if (value.has(profile)) {
                    return profile
                            + (ArrivalProcess.POISSON
                                            .text()
                                            .equals(value.path("arrivals").asText())
                                    ? "/poisson"
                                    : "");
                }
            }
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }
}
