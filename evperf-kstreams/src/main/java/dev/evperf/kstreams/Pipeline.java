package dev.evperf.kstreams;

import dev.evperf.api.Field;
import java.util.List;
import org.apache.kafka.streams.kstream.KStream;

/** One statement of {@link PipelineLanguage}: an input, its steps, the output and the output's fields. */
record Pipeline(String input, List<Step> steps, String output, List<Field> fields) {

    void build(KafkaStreamsTopology.Builder b) {
        KStream<String, Object[]> s = b.input(input);
        for (Step step : steps) s = step.apply(s);
        b.output(output, fields, s);
    }
}
