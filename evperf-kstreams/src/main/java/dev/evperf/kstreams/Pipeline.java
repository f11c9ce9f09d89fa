package dev.evperf.kstreams;

import dev.evperf.api.Field;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.streams.kstream.KStream;

/**
 * One statement of {@link PipelineLanguage}: an input, its steps, the output and the output's fields.
 * The input is an input stream or an earlier statement's output; an output that a later statement
 * reads ({@code view}) stays inside the topology and is written to no topic.
 */
record Pipeline(String input, List<Step> steps, String output, List<Field> fields, boolean view) {

    /** @param views the rows of earlier statements' outputs that later ones read, by name; this one's added if {@code view} */
    void build(KafkaStreamsTopology.Builder b, Map<String, KStream<String, Object[]>> views) {
        Function<String, KStream<String, Object[]>> streams =
                name -> views.containsKey(name) ? views.get(name) : b.input(name);
        KStream<String, Object[]> s = streams.apply(input);
        for (Step step : steps) s = step.apply(s, streams);
        if (view) views.put(output, s);
        else b.output(output, fields, s);
    }
}
