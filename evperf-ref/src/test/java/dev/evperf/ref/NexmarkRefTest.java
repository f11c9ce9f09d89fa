package dev.evperf.ref;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.EngineRun;
import dev.evperf.suites.nexmark.NexmarkInputs;
import dev.evperf.suites.nexmark.NexmarkValidation;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.nexmark.translate.NexmarkRef;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Verdict;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Nexmark queries ref runs (q0, q1, q2 in its language; as specs q3's join of persons and
 * auctions, q5's hopping and q7's tumbling event-time windows, q8's tumbling windows of both streams),
 * run on ref through the engine SPI with the generator's events and validated against the suites'
 * Nexmark model, every row, and the patterns cep1 and cep2 (on in-order bids; out of order they are
 * unsupported with the reason).
 */
class NexmarkRefTest {
    static final String DATA = "{seed: 7, inter_event_delay: 10ms}";
    static final long EVENTS = 60_000;

    private static NexmarkQuery query(String name) {
        return Specs.read("{query: " + name + ", data: " + DATA + "}", NexmarkQuery.class, "test");
    }

    @ParameterizedTest(name = "{0} on ref")
    @ValueSource(strings = {"q0", "q1", "q2", "q3", "q5", "q7", "q8", "cep1", "cep2"})
    void theQueriesRefRunsValidateAgainstTheModel(String name) throws Exception {
        NexmarkQuery q = query(name);
        NexmarkRef translator = new NexmarkRef();
        Translation t = translator.translate(q);
        assertThat(t).as(t.toString()).isInstanceOf(Translation.Queries.class);
        NexmarkInputs inputs = new NexmarkInputs(q, EVENTS, translator.closesWindowsOnEvents());
        EngineRun.Outputs out = EngineRun.run(
                (Translation.Queries) t,
                List.of(),
                seq -> inputs.sent(seq) ? inputs.event(seq) : null,
                inputs.total(),
                0);
        assertThat(out.errors()).as("engine errors").isEmpty();
        List<Verdict> verdicts = NexmarkValidation.check(q, EVENTS, out.rows(), Tolerance.DEFAULT);
        String line = NexmarkValidation.line(q, "ref", verdicts);
        for (Verdict v : verdicts) {
            assertThat(v.valid()).as(line + "\n" + v.examples()).isTrue();
            assertThat(v.expected()).as(v.summary()).isPositive();
            assertThat(v.correct()).as(v.summary()).isEqualTo(v.expected());
        }
        assertThat(line).contains(": CORRECT (");
    }

    @ParameterizedTest(name = "{0} on out-of-order bids is not ref's")
    @ValueSource(strings = {"cep1", "cep2"})
    void patternsOnLateBidsSayWhatRefLacks(String name) {
        NexmarkQuery q = Specs.read(
                "{query: " + name + ", data: {seed: 7, inter_event_delay: 10ms, lateness: 2s}}",
                NexmarkQuery.class,
                "test");
        assertThat(new NexmarkRef().translate(q))
                .isInstanceOfSatisfying(Translation.Unsupported.class, u -> assertThat(u.reason())
                        .contains("out-of-order"));
    }
}
