package dev.evperf.suites.nexmark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.EngineRun;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.nexmark.translate.NexmarkEsper;
import dev.evperf.suites.nexmark.translate.NexmarkSiddhi;
import dev.evperf.suites.nexmark.translate.NexmarkTranslator;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.StreamCheck;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Nexmark query, translated for Siddhi and Esper, run on the real engine with the events the
 * generator makes, and validated against its model: CORRECT, every expected row produced. Both
 * engines deliver inside {@code send}, so each row's cause is known: the row's own input for
 * per-input rows, and for window rows the event {@link ClosingEvents} names, which the test checks.
 */
class NexmarkEngineTest {
    /** 10 ms of event time per event: a 10 s window holds 1 000 events, 60 000 events span 600 s. */
    static final String DATA = "{seed: 7, inter_event_delay: 10ms}";

    static final long EVENTS = 60_000;
    static final List<String> QUERIES = List.of("q0", "q1", "q2", "q3", "q5", "q7", "q8", "cep1", "cep2");

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String engine : List.of("siddhi", "esper")) {
            for (String q : QUERIES) {
                cases.add(Arguments.of(engine, q));
            }
        }
        return cases.stream();
    }

    static NexmarkTranslator translator(String engine) {
        return engine.equals("siddhi") ? new NexmarkSiddhi() : new NexmarkEsper();
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("cases")
    void everyQueryValidatesAgainstItsModel(String engine, String name) throws Exception {
        NexmarkQuery q = Specs.read("{query: " + name + ", data: " + DATA + "}", NexmarkQuery.class, "test");
        NexmarkTranslator translator = translator(engine);
        Translation t = translator.translate(q);
        assertThat(t).as(t.toString()).isInstanceOf(Translation.Queries.class);
        Translation.Queries queries = (Translation.Queries) t;
        NexmarkInputs inputs = new NexmarkInputs(q, EVENTS, translator.closesWindowsOnEvents());
        EngineRun.Outputs out = EngineRun.run(
                queries, List.of(), seq -> inputs.sent(seq) ? inputs.event(seq) : null, inputs.total(), 0);

        // an engine that threw inside a statement is not correct, whatever rows reached the output
        assertThat(out.errors()).as("engine errors (%d)", out.errors().size()).isEmpty();
        List<Verdict> verdicts = NexmarkValidation.check(q, EVENTS, out.rows(), Tolerance.DEFAULT);
        String line = NexmarkValidation.line(q, engine, verdicts);
        System.out.println(line);
        for (Verdict v : verdicts) {
            assertThat(v.valid())
                    .as(line + "\n" + queries.text() + v.examples())
                    .isTrue();
            assertThat(v.expected()).as(v.summary()).isPositive();
            assertThat(v.correct()).as(v.summary()).isEqualTo(v.expected());
        }
        assertThat(line).contains(": CORRECT (");

        // every row arrived while its cause was being sent
        OutputSchema o = q.outputs().get(0);
        StreamCheck slots = new StreamCheck(o, Tolerance.DEFAULT, List.of());
        ClosingEvents closing = q.windows() == null ? null : new ClosingEvents(q, inputs);
        List<Object[]> rows = out.rows().get(o.stream());
        List<Long> during = out.sentDuring().get(o.stream());
        for (int i = 0; i < rows.size(); i++) {
            long slot = slots.slotOf(rows.get(i));
            long cause = closing == null ? slot : closing.closingSeq(slot);
            assertThat(during.get(i))
                    .as("row %s of %s", java.util.Arrays.toString(rows.get(i)), name)
                    .isEqualTo(cause);
        }
    }
}
