package dev.evperf.suites.translate;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.spec.OutputSchema;
import java.util.List;
import java.util.Map;

/** What a translator made of a query spec for one engine: queries it runs, or why it cannot. */
public sealed interface Translation {

    String engine();

    /**
     * Queries in the engine's language, opened as an {@code EngineSpec(inputs, text, outputs' names,
     * options)}.
     *
     * @param outputs the rows the queries emit (usually the spec's; see {@code TimeWindow.sampledOutput})
     * @param notes   where the translation departs from the obvious form, and why
     */
    record Queries(
            String engine,
            List<StreamSchema> inputs,
            String text,
            List<OutputSchema> outputs,
            Map<String, Object> options,
            List<String> notes)
            implements Translation {
        public Queries {
            inputs = List.copyOf(inputs);
            outputs = List.copyOf(outputs);
            options = Map.copyOf(options);
            notes = List.copyOf(notes);
        }

        public List<String> outputNames() {
            return outputs.stream().map(OutputSchema::stream).toList();
        }
    }

    /** The engine cannot express the query; {@code reason} says what it lacks. */
    record Unsupported(String engine, String reason) implements Translation {}
}
