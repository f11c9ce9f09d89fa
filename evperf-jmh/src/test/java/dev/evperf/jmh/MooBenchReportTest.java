package dev.evperf.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.stats.Bootstrap;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MooBenchReportTest {
    /**
     * A hand-written JMH result file, entries out of order, with a ChannelBenchmark entry that must be
     * ignored. 10 µs: constant samples (overheads known exactly). 0 µs: none = {98, 100, 102, 100}
     * over two forks, identity the same values reordered, compressed the same shifted by +50.
     * 2 µs: no baseline.
     */
    static final String RESULT =
            """
            [
              {"benchmark": "dev.evperf.jmh.InstrumentedMethodBenchmark.monitoredCall", "mode": "avgt", "forks": 2,
               "params": {"busyWaitMicros": "10", "instrumentation": "buffered"},
               "primaryMetric": {"score": 10050, "scoreUnit": "ns/op", "rawData": [[10050, 10050], [10050, 10050]]}},
              {"benchmark": "dev.evperf.jmh.ChannelBenchmark.record", "mode": "avgt",
               "params": {"handler": "null"},
               "primaryMetric": {"score": 0.8, "scoreUnit": "ns/op", "rawData": [[0.8, 0.8]]}},
              {"benchmark": "dev.evperf.jmh.InstrumentedMethodBenchmark.monitoredCall", "mode": "avgt", "forks": 2,
               "params": {"busyWaitMicros": "10", "instrumentation": "null"},
               "primaryMetric": {"score": 10000, "scoreUnit": "ns/op", "rawData": [[10000, 10000, 10000]]}},
              {"benchmark": "dev.evperf.jmh.InstrumentedMethodBenchmark.monitoredCall", "mode": "avgt", "forks": 2,
               "params": {"busyWaitMicros": "10", "instrumentation": "none"},
               "primaryMetric": {"score": 10000, "scoreUnit": "ns/op", "rawData": [[10000, 10000], [10000]]}},
              {"benchmark": "dev.evperf.jmh.InstrumentedMethodBenchmark.monitoredCall", "mode": "avgt", "forks": 1,
               "params": {"busyWaitMicros": "2", "instrumentation": "null"},
               "primaryMetric": {"score": 2100, "scoreUnit": "ns/op", "rawData": [[2090, 2110]]}},
              {"benchmark": "dev.evperf.jmh.InstrumentedMethodBenchmark.monitoredCall", "mode": "avgt", "forks": 2,
               "params": {"busyWaitMicros": "0", "instrumentation": "compressed"},
               "primaryMetric": {"score": 150, "scoreUnit": "ns/op", "rawData": [[148, 150], [152, 150]]}},
              {"benchmark": "dev.evperf.jmh.InstrumentedMethodBenchmark.monitoredCall", "mode": "avgt", "forks": 2,
               "params": {"busyWaitMicros": "0", "instrumentation": "identity"},
               "primaryMetric": {"score": 100, "scoreUnit": "ns/op", "rawData": [[100, 102], [100, 98]]}},
              {"benchmark": "dev.evperf.jmh.InstrumentedMethodBenchmark.monitoredCall", "mode": "avgt", "forks": 2,
               "params": {"busyWaitMicros": "0", "instrumentation": "none"},
               "primaryMetric": {"score": 100, "scoreUnit": "ns/op", "rawData": [[98, 100], [102, 100]]}}
            ]
            """;

    static JsonNode result() throws Exception {
        return new ObjectMapper().readTree(RESULT);
    }

    static MooBenchReport.Row row(List<MooBenchReport.Row> rows, long wait, String instr) {
        return rows.stream()
                .filter(r -> r.busyWaitMicros() == wait && r.instrumentation().equals(instr))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void rowsComeByBusyWaitThenLadderAndPoolEveryForksIterations() throws Exception {
        List<MooBenchReport.Row> rows = MooBenchReport.rows(result(), 1000, 1);
        assertThat(rows)
                .extracting(r -> r.busyWaitMicros() + " " + r.instrumentation())
                .containsExactly("0 none", "0 identity", "0 compressed", "2 null", "10 none", "10 null", "10 buffered");
        assertThat(row(rows, 0, "none").samples()).containsExactly(98, 100, 102, 100);
        assertThat(row(rows, 10, "none").samples()).hasSize(3);
    }

    @Test
    void constantSamplesGiveExactMeansAndOverheads() throws Exception {
        List<MooBenchReport.Row> rows = MooBenchReport.rows(result(), 1000, 1);
        assertThat(row(rows, 10, "none").mean()).isEqualTo(new Bootstrap.Interval(10000, 10000, 10000));
        assertThat(row(rows, 10, "none").overhead()).isNull(); // the baseline itself
        assertThat(row(rows, 10, "null").overhead()).isEqualTo(new Bootstrap.Interval(0, 0, 0));
        assertThat(row(rows, 10, "buffered").overhead()).isEqualTo(new Bootstrap.Interval(50, 50, 50));
    }

    @Test
    void intervalsContainTheEstimateAndStayWithinWhatResamplingCanReach() throws Exception {
        List<MooBenchReport.Row> rows = MooBenchReport.rows(result(), 1000, 1);
        Bootstrap.Interval none = row(rows, 0, "none").mean();
        assertThat(none.estimate()).isEqualTo(100);
        // a resampled mean of {98, 100, 102, 100} lies in [98, 102]; the 95 % interval is strictly inside
        // around 100 (all four draws 98 has probability 1/256, below the 2.5 % tail)
        assertThat(none.lo()).isGreaterThan(98).isLessThan(100);
        assertThat(none.hi()).isGreaterThan(100).isLessThan(102);

        // identical values: overhead 0, but the two samples are resampled independently, so the
        // interval has a width and straddles 0
        Bootstrap.Interval identity = row(rows, 0, "identity").overhead();
        assertThat(identity.estimate()).isZero();
        assertThat(identity.lo()).isNegative();
        assertThat(identity.hi()).isPositive();

        Bootstrap.Interval compressed = row(rows, 0, "compressed").overhead();
        assertThat(compressed.estimate()).isEqualTo(50);
        assertThat(compressed.contains(50)).isTrue();
        assertThat(compressed.lo()).isGreaterThanOrEqualTo(46).isLessThan(50);
        assertThat(compressed.hi()).isGreaterThan(50).isLessThanOrEqualTo(54);
        assertThat(compressed.excludesZero()).isTrue();
        assertThat(row(rows, 0, "compressed").mean().lo())
                .isCloseTo(none.lo() + 50, offset(1e-9)); // same seed, same draws

        assertThat(row(rows, 2, "null").overhead()).as("no baseline at 2 µs").isNull();
    }

    @Test
    void sameSeedSameIntervals() throws Exception {
        List<MooBenchReport.Row> a = MooBenchReport.rows(result(), 500, 7), b = MooBenchReport.rows(result(), 500, 7);
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.get(i).mean()).isEqualTo(a.get(i).mean());
            assertThat(b.get(i).overhead()).isEqualTo(a.get(i).overhead());
        }
    }

    @Test
    void printsAMarkdownTable(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("moobench.json");
        Files.writeString(file, RESULT);
        PrintStream out = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            MooBenchReport.main(new String[] {file.toString()});
        } finally {
            System.setOut(out);
        }
        List<String> lines = buf.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(2 + 7);
        assertThat(lines.get(0))
                .isEqualTo(
                        "| busy wait (µs) | instrumentation | n | response time (ns/op) [95 % CI] | overhead vs none (ns/op) [95 % CI] |");
        assertThat(lines)
                .contains(
                        "| 10 | none | 3 | 10000 [10000, 10000] | — |",
                        "| 10 | null | 3 | 10000 [10000, 10000] | 0 [0, 0] |",
                        "| 10 | buffered | 4 | 10050 [10050, 10050] | +50.00 [50.00, 50.00] |",
                        "| 2 | null | 2 | 2100 [2090, 2110] | — |");
    }

    @Test
    void mixedUnitsAreRefused() throws Exception {
        JsonNode r = new ObjectMapper()
                .readTree(RESULT.replaceFirst("\"scoreUnit\": \"ns/op\"", "\"scoreUnit\": \"us/op\""));
        assertThatThrownBy(() -> MooBenchReport.unit(r)).hasMessageContaining("mixed score units");
    }
}
