package dev.evperf.suites.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.data.Stream1Generator;
import dev.evperf.suites.run.NeutralQuery;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * stream1's period: ID and A1..AN repeat every period events, seq and TS go on; the default period
 * covers the query's reach (no window holds a data row twice) and at least what 256 MiB of rows hold.
 */
class Stream1PeriodTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void eventsOnePeriodApartDifferOnlyInSeqAndEventTime() {
        QuerySpec q =
                Specs.read("{test: window_join, rows: 50, matches: 1, stream: {period: 256, event_rate: 5000}}", "t");
        Inputs inputs = new Inputs(q);
        Stream1Generator g = inputs.generator();
        assertThat(q.period()).isEqualTo(256);
        int ts = q.data().tsIndex();
        for (long seq : new long[] {0, 1, 7, 255, 1000}) {
            Object[] a = inputs.event(seq).row(), b = inputs.event(seq + 256).row();
            assertThat(Arrays.copyOfRange(b, 1, ts))
                    .as("ID, A1..AN of %d and %d", seq, seq + 256)
                    .containsExactly(Arrays.copyOfRange(a, 1, ts));
            assertThat(b[0]).isEqualTo(seq + 256);
            assertThat((long) b[ts] - (long) a[ts])
                    .as("event time goes on")
                    .isEqualTo(g.ts(seq + 256) - g.ts(seq))
                    .isPositive();
            // an even period: both go to the same stream of the join
            assertThat(inputs.streamOf(seq + 256)).isEqualTo(inputs.streamOf(seq));
        }
        // within a period nothing repeats
        assertThat(inputs.event(3).row()[2]).isNotEqualTo(inputs.event(3 + 128).row()[2]);
    }

    @Test
    void theDefaultPeriodCoversTheReachAndAtLeast256MiBOfRows() {
        assertThat(Specs.read("{test: filter, selectivity: 25}", "t").period()).isEqualTo(1L << 20);
        // 125 attributes: about 2.5 KB a row, 2^16 rows are 168 MB
        assertThat(Specs.read("{test: filter, selectivity: 100, stream: {attributes: 125}}", "t")
                        .period())
                .isEqualTo(1L << 16);
        // the thesis's largest count window, 500 K events of the stream
        assertThat(Specs.read("{test: count_window, function: max, rows: 500000}", "t")
                        .period())
                .isEqualTo(1L << 20);
        // a multi-query's similar joins up to 600 K rows a stream span 1.2 M events of the input
        assertThat(Specs.read("{test: multi_query, queries: 4, kind: similar, rows: 400000, max_rows: 600000}", "t")
                        .period())
                .isEqualTo(1L << 21);
        // a minute of event time at 100 000 events/s
        QuerySpec w = Specs.read(
                "{test: time_window, function: avg, range: 60s, slide: 1s, stream: {event_rate: 100000}}", "t");
        assertThat(w.reach()).isEqualTo(6_000_001);
        assertThat(w.period()).isEqualTo(1L << 23);
        assertThat(Specs.read("{test: pattern, within: 1s, stream: {event_rate: 10000}}", "t")
                        .reach())
                .isEqualTo(10_001);
    }

    @Test
    void aPeriodIsEvenAndCoversTheReach() throws Exception {
        assertThatThrownBy(() -> Specs.read("{test: filter, selectivity: 25, stream: {period: 255}}", "w.yaml"))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("period must be an even number of events, at least 2, not 255");
        assertThatThrownBy(() -> NeutralQuery.read(
                        YAML.readTree("{test: count_window, function: max, rows: 500, stream: {period: 256}}"),
                        "w.yaml: engine.query"))
                .isInstanceOf(SpecException.class)
                .hasMessage("w.yaml: engine.query: stream.period 256 is shorter than the 500 events the query's largest"
                        + " window spans: a window would hold the same data twice");
        assertThat(NeutralQuery.read(
                                YAML.readTree("{test: count_window, function: max, rows: 500, stream: {period: 512}}"),
                                "w.yaml: engine.query")
                        .period())
                .isEqualTo(512);
        // Nexmark's events do not repeat
        assertThat(NeutralQuery.read(YAML.readTree("{query: q1}"), "w.yaml: engine.query")
                        .period())
                .isEqualTo(Long.MAX_VALUE);
    }
}
