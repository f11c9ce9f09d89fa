package dev.evperf.suites.nexmark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.run.NeutralQuery;
import dev.evperf.suites.spec.Specs;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The closing events in send order (what a trial's sink links a window row to) against
 * {@link ClosingEvents} on the generator's numbering, mapped to send order: the same event for every
 * window end, with terminal events (Siddhi, Esper, Kafka Streams) and without (Flink: -1 for the
 * windows only the end of input closes), in order and with 30 % of events up to 300 ms late.
 */
class SentClosingEventsTest {
    static final int SENT = 20_000;

    @ParameterizedTest
    @CsvSource({
        "q5,0ms,kafka-streams",
        "q7,0ms,kafka-streams",
        "q8,0ms,kafka-streams",
        "q7,0ms,flink",
        "q5,300ms,flink",
        "q7,300ms,flink",
        "q8,300ms,flink"
    })
    void theClosingEventInSendOrderIsTheGeneratorsMappedToSendOrder(String name, String lateness, String engine) {
        NexmarkQuery q = Specs.read(
                "{query: " + name + ", window: 2s" + (name.equals("q5") ? ", slide: 1s" : "")
                        + ", data: {seed: 3, inter_event_delay: 1ms"
                        + (lateness.equals("0ms") ? "" : ", lateness: " + lateness + ", late_fraction: 0.3") + "}}",
                NexmarkQuery.class,
                "test");
        Input[] sent = new NeutralQuery.Nexmark(q).events(SENT, engine);
        LongUnaryOperator inSendOrder = new NeutralQuery.Nexmark(q).closingEvents(sent);
        boolean terminal = engine.equals("kafka-streams");
        int terminals = terminal ? q.windows().kinds().size() : 0;

        // The generator's events the trial sent: the first k holding SENT − terminals of the query's streams.
        NexmarkInputs probe = new NexmarkInputs(q, Long.MAX_VALUE / 4, false);
        long k = 0;
        for (int found = 0; found < SENT - terminals; k++) if (probe.sent(k)) found++;
        NexmarkInputs inputs = new NexmarkInputs(q, k, terminal);
        Map<Long, Long> sendIndex = new HashMap<>();
        for (long seq = 0; seq < inputs.total(); seq++)
            if (inputs.sent(seq)) sendIndex.put(seq, (long) sendIndex.size());
        assertThat(sendIndex).hasSize(SENT);
        ClosingEvents generator = new ClosingEvents(q, inputs);

        NexmarkGenerator g = inputs.generator();
        int byTheEnd = 0, byEvents = 0;
        for (long wend = g.nominalTime(0) - g.nominalTime(0) % 2000 + 2000;
                wend <= g.nominalTime(k - 1) + 2000; // every window that holds an event
                wend += name.equals("q5") ? 1000 : 2000) {
            long expected = generator.closingSeq(wend);
            long actual = inSendOrder.applyAsLong(wend);
            assertThat(actual).as("wend %d", wend).isEqualTo(expected < 0 ? -1 : sendIndex.get(expected));
            if (actual < 0) byTheEnd++;
            else byEvents++;
        }
        assertThat(byEvents).as("windows closed by an event").isGreaterThanOrEqualTo(5);
        // without terminal events the last windows are closed by the end of input; with them, by a terminal event
        if (terminal) assertThat(byTheEnd).isZero();
        else assertThat(byTheEnd).isPositive();
    }
}
