package dev.evperf.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.api.StreamSchema;
import dev.evperf.core.component.BrokerExtension;
import dev.evperf.core.component.FlinkExtension;
import dev.evperf.suites.EngineRun;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.nexmark.ClosingEvents;
import dev.evperf.suites.nexmark.NexmarkInputs;
import dev.evperf.suites.nexmark.NexmarkValidation;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.nexmark.translate.NexmarkFlinkSql;
import dev.evperf.suites.run.SuiteTests;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.spec.TimeWindow;
import dev.evperf.suites.translate.FlinkSqlTranslator;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.StreamCheck;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Nexmark queries' Flink SQL on a real Flink MiniCluster JVM between topics of a real broker,
 * both started once for the module's test classes: event time from the generator (option timestamp), the end of input
 * as the end-of-time watermark; every query's rows validated against its model. The queries run
 * as one job (each view renamed to its query's name), so the class submits two jobs, not eighteen.
 * The micro suite's event-time tests (time windows, the pattern) run here too, in a third job, on
 * the same cluster.
 */
class NexmarkFlinkTest {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    @RegisterExtension
    static final FlinkExtension FLINK = new FlinkExtension();

    static final long EVENTS = 30_000;

    @Test
    void everyQueryValidatesAgainstItsModel() throws Exception {
        check("{seed: 7, inter_event_delay: 10ms}", List.of("q0", "q1", "q2", "q3", "q5", "q7", "q8", "cep1", "cep2"));
    }

    /** 20 % of events up to 2 s late: the watermark held back by 2 s, the windows are still exact. */
    @Test
    void windowsValidateWithLateEvents() throws Exception {
        check("{seed: 11, inter_event_delay: 10ms, lateness: 2s, late_fraction: 0.2}", List.of("q3", "q5", "q7", "q8"));
    }

    /**
     * The micro suite's quick time_direct, time_paned and pattern points (their specs from {@link SuiteTests}, the
     * suite's default event rate, a quick trial's 30 000 events each), as one job: every expected row correct, the
     * windows open at the end of input closed by Flink's end-of-time watermark with the model's values, and the
     * pattern's interval join reaching the end of input (its watermark is held back by the interval).
     */
    @Test
    void microEventTimeTestsValidateUnderTheEndOfInputConvention() throws Exception {
        List<String> names = List.of("time_direct", "time_paned", "pattern");
        int events = 30_000; // a --quick trial: 10 000 warm-up + 20 000 measured
        FlinkSqlTranslator flink = new FlinkSqlTranslator();
        List<QuerySpec> specs = new ArrayList<>();
        List<Inputs> data = new ArrayList<>();
        List<StreamSchema> inputs = new ArrayList<>();
        List<OutputSchema> outputs = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        Map<String, Object> options = new HashMap<>();
        for (String name : names) {
            String point = SuiteTests.select(SuiteTests.micro(true), List.of(name))
                    .get(0)
                    .points()
                    .get(0)
                    .spec();
            assertThat(point).contains("stream: {");
            // the suite's --rate default, as the suite sets it
            QuerySpec q = Specs.read(point.replace("stream: {", "stream: {event_rate: 10000, "), name);
            Translation.Queries t = (Translation.Queries) flink.translate(q);
            specs.add(q);
            data.add(new Inputs(q));
            // each test reads its own data: stream1 becomes <test>_stream1, its views <test> and <test>_Panes
            text.append(t.text()
                    .replace("stream1", name + "_stream1")
                    .replace("`Panes`", "`" + name + "_Panes`")
                    .replace("`Out`", "`" + name + "`"));
            inputs.add(new StreamSchema(name + "_stream1", t.inputs().get(0).fields()));
            outputs.add(t.outputs().get(0).renamed(name));
            options.putAll(t.options());
        }
        Translation.Queries together =
                new Translation.Queries("flink", inputs, text.toString(), outputs, options, List.of());
        int tests = names.size();
        // event j of test i is sent as seq j·tests + i: the three streams advance together
        EngineRun.Outputs out = EngineRun.run(
                together,
                Map.of("bootstrap_servers", BROKER.bootstrap(), "rest", FLINK.rest()),
                List.of(),
                seq -> new Input(
                        inputs.get((int) (seq % tests)).name(),
                        data.get((int) (seq % tests)).event(seq / tests).row()),
                (long) events * tests,
                0);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < tests; i++) {
            QuerySpec q = specs.get(i);
            Verdict v = Validation.check(
                            q, q.outputs(), events, Map.of("Out", out.rows().get(names.get(i))), Tolerance.DEFAULT)
                    .get(0);
            lines.add(names.get(i) + ": " + v.summary());
            assertThat(v.valid()).as(v.summary() + "\n" + v.examples()).isTrue();
            assertThat(v.expected()).as(v.summary()).isPositive();
            assertThat(v.correct()).as(v.summary()).isEqualTo(v.expected());
            if (q instanceof TimeWindow w) {
                // the end-of-time watermark closes every window holding the last event
                assertThat(v.openAtEnd()).as(v.summary()).isEqualTo(w.panes());
                assertThat(v.closedAtEnd()).as(v.summary()).isEqualTo(w.panes());
            } else {
                assertThat(v.openAtEnd()).as(v.summary()).isZero();
            }
        }
        System.out.println(String.join("\n", lines));
    }

    private static void check(String data, List<String> names) throws Exception {
        NexmarkFlinkSql flink = new NexmarkFlinkSql();
        List<NexmarkQuery> queries = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        List<OutputSchema> outputs = new ArrayList<>();
        Map<String, Object> options = new HashMap<>();
        for (String name : names) {
            NexmarkQuery q = Specs.read("{query: " + name + ", data: " + data + "}", NexmarkQuery.class, "test");
            Translation.Queries t = (Translation.Queries) flink.translate(q);
            queries.add(q);
            text.append(t.text().replace("VIEW `Out`", "VIEW `" + name + "`"));
            outputs.add(t.outputs().get(0).renamed(name));
            options.putAll(t.options());
        }
        Map<String, StreamSchema> inputs = new LinkedHashMap<>();
        queries.forEach(q -> q.inputs().forEach(s -> inputs.put(s.name(), s)));
        Translation.Queries together = new Translation.Queries(
                "flink", List.copyOf(inputs.values()), text.toString(), outputs, options, List.of());
        NexmarkInputs all = new NexmarkInputs(queries.get(0), EVENTS, flink.closesWindowsOnEvents());
        EngineRun.Outputs out = EngineRun.run(
                together,
                Map.of("bootstrap_servers", BROKER.bootstrap(), "rest", FLINK.rest()),
                List.of(),
                seq -> inputs.containsKey(all.generator().stream(seq)) ? all.event(seq) : null,
                EVENTS,
                0);

        List<String> lines = new ArrayList<>();
        for (NexmarkQuery q : queries) {
            List<Verdict> v =
                    NexmarkValidation.check(q, EVENTS, Map.of("Out", out.rows().get(q.name())), Tolerance.DEFAULT);
            lines.add(NexmarkValidation.line(q, "flink", v));
            assertThat(v.get(0).valid())
                    .as(lines.get(lines.size() - 1) + "\n" + v.get(0).examples())
                    .isTrue();
            assertThat(v.get(0).expected()).as(v.get(0).summary()).isPositive();
            causesCameFirst(q, out);
        }
        System.out.println(String.join("\n", lines));
    }

    /**
     * No row arrived before its cause was sent: the row's input, or the event that closed its
     * window (a watermark cannot pass a window's end before that event has been read).
     */
    private static void causesCameFirst(NexmarkQuery q, EngineRun.Outputs out) {
        OutputSchema o = q.outputs().get(0);
        StreamCheck slots = new StreamCheck(o, Tolerance.DEFAULT, List.of());
        ClosingEvents closing = q.windows() == null ? null : new ClosingEvents(q, new NexmarkInputs(q, EVENTS, false));
        List<Object[]> rows = out.rows().get(q.name());
        for (int i = 0; i < rows.size(); i++) {
            long slot = slots.slotOf(rows.get(i));
            long cause = closing == null ? slot : closing.closingSeq(slot);
            if (cause >= 0) {
                assertThat(out.received().get(q.name()).get(i))
                        .as("%s row %d", q.name(), i)
                        .isGreaterThan(out.sent(cause));
            }
        }
    }

    static {
        assertThat(NexmarkStreams.ALL).hasSize(3);
    }
}
