package dev.evperf.api;

import java.util.List;
import java.util.Map;

/**
 * What an engine is opened with: the input streams, the queries in the engine's own language,
 * the output streams evperf listens to, and engine-specific options from the workload.
 */
public record EngineSpec(List<StreamSchema> inputs, String queries, List<String> outputs, Map<String, Object> options) {
    public EngineSpec {
        inputs = List.copyOf(inputs);
        queries = queries == null ? "" : queries;
        outputs = List.copyOf(outputs);
        options = options == null ? Map.of() : Map.copyOf(options);
    }
}
