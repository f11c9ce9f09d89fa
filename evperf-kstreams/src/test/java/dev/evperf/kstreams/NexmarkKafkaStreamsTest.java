package dev.evperf.kstreams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.component.BrokerExtension;
import dev.evperf.suites.EngineRun;
import dev.evperf.suites.nexmark.NexmarkInputs;
import dev.evperf.suites.nexmark.NexmarkValidation;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.nexmark.translate.NexmarkKafkaStreams;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Nexmark on the kafka-streams adapter: q0, q1 and q2, the windowed q5 and q7 on event time, and
 * the joins q3 (stream–stream) and q8 (two windowed reduces joined) (what its pipeline language
 * expresses) run on a real broker and validate against the reference model; the CEP tier is
 * unsupported, with the reason.
 */
class NexmarkKafkaStreamsTest {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    static final String DATA = "{seed: 7, inter_event_delay: 10ms}";

    static NexmarkQuery query(String name) {
        return Specs.read("{query: " + name + ", data: " + DATA + "}", NexmarkQuery.class, "test");
    }

    /** 20 000 events hold 18 400 bids: q0 and q1 give one row each, q2 the bids whose auction is a multiple of 123. */
    @ParameterizedTest
    @CsvSource({"q0,18400", "q1,18400", "q2,"})
    void projectionsAndSelectionValidate(String name, Integer rows) throws Exception {
        List<Verdict> v = runAndValidate(name);
        assertThat(NexmarkValidation.line(query(name), "kafka-streams", v))
                .startsWith(name + " kafka-streams: CORRECT (Out: " + (rows != null ? rows + " rows)" : ""));
        if (rows == null)
            assertThat(v.get(0).expected())
                    .as("q2 selects some bids")
                    .isPositive()
                    .isLessThan(18_400);
    }

    /**
     * 20 000 events at 10 ms: 200 s of event time, 20 tumbling windows of 10 s for q7 and q8 and 100
     * hopping ends for q5; q3: every (auction of category 10, seller in OR/ID/CA) pair once, whichever
     * side came first. The last windows are closed by the terminal events the suite sends after the
     * input (the end of input does not advance Kafka Streams' stream time); every window must be
     * there, with every tie.
     */
    @ParameterizedTest
    @CsvSource({"q5,100", "q7,20", "q3,20", "q8,20"})
    void eventTimeWindowsAndJoinsValidate(String name, int atLeast) throws Exception {
        List<Verdict> v = runAndValidate(name);
        assertThat(NexmarkValidation.line(query(name), "kafka-streams", v))
                .startsWith(name + " kafka-streams: CORRECT (Out: ");
        assertThat(v.get(0).expected()).as("rows").isGreaterThanOrEqualTo(atLeast);
    }

    /** The first 20 000 events on the broker, the query's rows checked against its model; prints the verdict line. */
    private static List<Verdict> runAndValidate(String name) throws Exception {
        long events = 20_000;
        NexmarkQuery q = query(name);
        NexmarkKafkaStreams ks = new NexmarkKafkaStreams();
        Translation.Queries t = (Translation.Queries) ks.translate(q);
        NexmarkInputs inputs = new NexmarkInputs(q, events, ks.closesWindowsOnEvents());
        EngineRun.Outputs out = EngineRun.run(
                t,
                Map.of("bootstrap_servers", BROKER.bootstrap()),
                List.of(),
                seq -> inputs.sent(seq) ? inputs.event(seq) : null,
                inputs.total(),
                0);
        assertThat(out.errors()).as("engine errors").isEmpty();
        List<Verdict> v = NexmarkValidation.check(q, events, out.rows(), Tolerance.DEFAULT);
        System.out.println(NexmarkValidation.line(q, "kafka-streams", v));
        return v;
    }

    @Test
    void theCepTierIsUnsupportedWithItsReason() {
        for (String name : List.of("cep1", "cep2")) {
            Translation t = new NexmarkKafkaStreams().translate(query(name));
            assertThat(t).as(name).isInstanceOf(Translation.Unsupported.class);
            assertThat(((Translation.Unsupported) t).reason()).as(name).isNotBlank();
        }
    }
}
