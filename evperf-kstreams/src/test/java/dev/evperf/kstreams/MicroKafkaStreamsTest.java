package dev.evperf.kstreams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.component.BrokerExtension;
import dev.evperf.suites.EngineRun;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.KafkaStreamsTranslator;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The chapter-4 tests the Kafka Streams translator writes in the adapter's pipeline language, run on
 * a real broker and checked row by row against the reference model: the direct time window (hopping
 * TimeWindows on TS; the data starts at W − P, the earliest start at which Kafka Streams has every
 * window the model has, or at 1 h), the all-to-all pattern (a self-join by ID within w) and the
 * in-memory table join (a stream–table join with a KTable of the 1 000 rows sent before the events).
 */
class MicroKafkaStreamsTest {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    /** 5 000 events at 1 000 ev/s: 5 s of event time, 49 windows of 2 s every 100 ms; ~1 pair per event. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "{test: time_window, function: avg, range: 2s, slide: 100ms, stream: {start: 1900}}",
                "{test: time_window, function: count, range: 2s, slide: 100ms, stream: {start: 3600000}}",
                "{test: pattern, within: 100ms, selectivity: 10, stream: {max_id: 100, event_rate: 10000}}",
                "{test: table_join, rows: 1000, stream: {event_rate: 10000}}"
            })
    void everyRowIsTheModels(String yaml) throws Exception {
        long events = 5000;
        QuerySpec spec = Specs.read(yaml, "test");
        Translation.Queries kstreams = (Translation.Queries) new KafkaStreamsTranslator().translate(spec);
        // the translator names its dialect; the adapter that runs it is kafka-streams
        Translation.Queries t = new Translation.Queries(
                "kafka-streams",
                kstreams.inputs(),
                kstreams.text(),
                kstreams.outputs(),
                kstreams.options(),
                kstreams.notes());
        Inputs inputs = new Inputs(spec);
        EngineRun.Outputs out = EngineRun.run(
                t, Map.of("bootstrap_servers", BROKER.bootstrap()), inputs.setup(), inputs::event, events, 0);
        assertThat(out.errors()).as("engine errors").isEmpty();
        List<Verdict> v = Validation.check(spec, t.outputs(), events, out.rows(), Tolerance.DEFAULT);
        System.out.println(spec.label() + ": " + v.get(0).summary());
        assertThat(v.get(0).valid())
                .as(v.get(0).summary() + " " + v.get(0).examples())
                .isTrue();
        assertThat(v.get(0).expected()).as("rows").isGreaterThanOrEqualTo(40);
        assertThat(v.get(0).produced()).isEqualTo(v.get(0).expected());
    }
}
