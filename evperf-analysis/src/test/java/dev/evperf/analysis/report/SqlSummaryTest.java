package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.analysis.stats.TrialFiles;
import dev.evperf.analysis.summary.AnalysisOptions;
import dev.evperf.analysis.summary.SqlSummary;
import dev.evperf.analysis.summary.TrialSummary;
import dev.evperf.analysis.trial.TrialData;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.results.TrialFixture;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary aggregated by DuckDB ({@link SqlSummary}, the one implementation of the summary's
 * figures) on trials made to reach every branch: warm-up phase, warm-up transient, bursts of several
 * sizes sent by two interleaved senders, events outside bursts, several output streams, outputs of
 * unknown cause and out of seq order, an adaptivity load, intervals.csv-based warm-up. The figures'
 * definitions are checked against values worked out by hand in AnalysesTest.
 */
class SqlSummaryTest {
    @TempDir
    Path tmp;

    private static final List<AnalysisOptions> OPTIONS = List.of(
            AnalysisOptions.DEFAULT,
            AnalysisOptions.DEFAULT.withCutWarmUp(false),
            new AnalysisOptions(3, 5, true),
            new AnalysisOptions(15, 5, true));

    @Test
    void aBurstyTrialWithAWarmUpTransientGivesTheSameFigures() throws Exception {
        Path dir = tmp.resolve("bursty");
        writeBursty(dir, new Random(7), false);
        for (AnalysisOptions o : OPTIONS) {
            TrialSummary jvm = TrialSummary.load("t", Map.of("k", 1L), 0, dir, o);
            assertThat(jvm.reason()).isNull();
            // the trial reaches what it is meant to
            assertThat(jvm.warmUp().series()).isEqualTo(WarmUp.BURSTS);
            assertThat(jvm.warmUp().truncation()).isPositive();
            assertThat(jvm.warmUp().applied()).isEqualTo(o.cutWarmUp());
            assertThat(jvm.rates()).hasSize(3);
            assertThat(jvm.rates().get(2).count()).isZero(); // a phase past the recorded events
            assertThat(jvm.topBursts()).hasSize(o.topBursts());
            assertThat(jvm.latency().endToEnd().count())
                    .isGreaterThan(jvm.latency().processing().count());
        }
        try (Db db = new Db()) {
            assertThat(new TrialQueries(db, dir).outputsAligned()).isFalse(); // the hash join
        }
    }

    @Test
    void theReportCutsTheSameWarmUpAsTheSummaryWhenSendersInterleave() throws Exception {
        Path run = tmp.resolve("run");
        Path dir = run.resolve("trials/t001");
        writeBursty(dir, new Random(7), false);
        Files.writeString(
                run.resolve("run.json"),
                "{\"format\":\"evperf-run/1\",\"trials\":[{\"id\":\"t001\",\"dir\":\"trials/t001\","
                        + "\"params\":{},\"status\":\"ok\"}]}");
        TrialSummary summary = TrialSummary.load("t001", null, null, dir, AnalysisOptions.DEFAULT);
        Path html = run.resolve("report.html");
        new ReportWriter(ReportOptions.DEFAULT, ReportAnnotations.NONE).writeReport(run, html);
        com.fasterxml.jackson.databind.JsonNode t =
                ReportWriterTest.data(Files.readString(html)).path("trials").get(0);
        assertThat(t.path("warmUp").path("events").asLong())
                .isEqualTo(summary.warmUp().events())
                .isPositive();
        assertThat(t.path("events").path("count").asLong())
                .isEqualTo(summary.latency().processing().count());
        assertThat(t.path("bursts").path("stats").path("count").asInt())
                .isEqualTo(summary.burstStats().bursts());
        assertThat(t.path("bursts").path("stats").path("meanMs").asDouble())
                .isCloseTo(summary.burstStats().meanMs(), org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void withoutResultJsonThePhasesComeFromTheEvents() throws IOException {
        Path dir = tmp.resolve("bursty");
        writeBursty(dir, new Random(8), false);
        Files.delete(dir.resolve("result.json"));
        TrialSummary jvm = TrialSummary.load("t", null, null, dir, AnalysisOptions.DEFAULT);
        assertThat(jvm.reason()).isNull();
        assertThat(jvm.rates()).extracting(r -> r.name()).containsExactly("phase 1", "phase 2");
    }

    @Test
    void outputsInLineWithTheirInputsAreJoinedByPosition() throws Exception {
        Path dir = tmp.resolve("aligned");
        writeBursty(dir, new Random(9), true);
        try (Db db = new Db()) {
            assertThat(new TrialQueries(db, dir).outputsAligned()).isTrue();
        }
        for (AnalysisOptions o : OPTIONS) {
            TrialSummary s = TrialSummary.load("t", null, null, dir, o);
            assertThat(s.reason()).isNull();
            assertThat(s.latency().endToEnd().count()).isPositive();
        }
    }

    @Test
    void aSteadyLoadWithAnAdaptivityPeakAndAWarmUpInItsIntervals() throws IOException {
        Path dir = tmp.resolve("adaptivity");
        writeAdaptivity(dir, new Random(11));
        for (AnalysisOptions o : OPTIONS) {
            TrialSummary jvm = TrialSummary.load("t", null, 2, dir, o);
            assertThat(jvm.reason()).isNull();
            assertThat(jvm.burstStats()).isNull();
            assertThat(jvm.warmUp().series()).isEqualTo(WarmUp.INTERVALS);
            assertThat(jvm.warmUp().events()).isPositive();
            assertThat(jvm.adaptivity()).isNotNull();
            assertThat(jvm.adaptivity().recoveryS()).isNotNull();
            assertThat(jvm.adaptivity().postPeakVariation()).isNotNull();
            assertThat(jvm.rateShape()).isNotNull();
        }
    }

    @Test
    void aboveTheJoinLimitEndToEndAndScheduledComeFromTheHdrHistogramLogsAndTheReasonSaysSo() throws IOException {
        Path dir = tmp.resolve("hlog");
        writeBursty(dir, new Random(12), false);
        Histogram e2e = new Histogram(3), sched = new Histogram(3);
        for (long v = 1000; v < 200_000; v += 997) {
            e2e.recordValue(v);
            sched.recordValue(2 * v);
        }
        writeHlog(dir.resolve("latency-end-to-end.hlog"), e2e);
        writeHlog(dir.resolve("latency-scheduled.hlog"), sched);
        TrialSummary s = SqlSummary.of("t", null, null, dir, TrialResult.load(dir), AnalysisOptions.DEFAULT, 0);
        assertThat(s.reason())
                .contains("HdrHistogram logs", "3 significant digits", "the warm-up cut to the log's intervals");
        // the log's one interval, [0, 1 s), ends after the warm-up: kept whole
        assertThat(s.latency().endToEnd().count()).isEqualTo(e2e.getTotalCount());
        assertThat(s.latency().scheduled().p99Us()).isEqualTo(sched.getValueAtPercentile(99) / 1000.0);
        assertThat(s.latency().scheduled().maxUs()).isEqualTo(sched.getMaxValue() / 1000.0);
        // processing stays exact
        TrialSummary jvm = TrialSummary.load("t", null, null, dir, AnalysisOptions.DEFAULT);
        assertThat(s.latency().processing()).isEqualTo(jvm.latency().processing());
        assertThat(jvm.reason()).isNull();
    }

    @Test
    void filesTheTrialRunnerDoesNotWriteAreRejected() {
        // burst 0 comes back after burst 1: not what the trial runner writes
        long[] seq = {0, 1, 2, 3};
        TrialData d = new TrialData(
                seq,
                new int[4],
                new boolean[] {true, true, true, true},
                new int[] {0, 1, 1, 0},
                new int[] {0, 0, 1, 1},
                new long[4],
                new long[] {0, 10, 20, 30},
                new long[] {5, 15, 25, 35});
        Path dir = tmp.resolve("bad");
        TrialFiles.write(d, dir);
        assertThatThrownBy(() -> TrialSummary.load("t", null, null, dir, AnalysisOptions.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not contiguous or not increasing");
    }

    // ---- trials --------------------------------------------------------------------------------

    /** Rows of a trial under construction, written by the one fixture writer ({@link TrialFixture}). */
    private static final class Cols {
        final List<TrialFixture.Event> events = new ArrayList<>();
        final List<TrialFixture.Output> outputs = new ArrayList<>();

        void event(int phase, boolean measured, int burst, int pos, long intended, long start, long end) {
            events.add(new TrialFixture.Event(events.size(), phase, measured, burst, pos, intended, start, end));
        }

        void output(String stream, long seq, long received) {
            outputs.add(new TrialFixture.Output(stream, seq, received));
        }

        /** events.parquet, bursts.parquet and outputs.parquet, as the trial runner writes them. */
        void write(Path dir) {
            TrialFixture.events(dir, events);
            TrialFixture.outputs(dir, outputs);
        }
    }

    /**
     * 4 unmeasured warm-up bursts of 24 events, then 50 measured bursts of 24–33 events whose first
     * 10 are slow (a transient), sent by two senders taking turns (so send_start is not monotonic in
     * seq), then 150 measured events outside bursts. Outputs: stream A for every input, stream B
     * for every third and for five inputs of unknown cause, shuffled; or, aligned, one per input in
     * seq order.
     */
    private static void writeBursty(Path dir, Random r, boolean aligned) throws IOException {
        Cols c = new Cols();
        long t = 1_000_000;
        int burst = 0;
        int[] counts = new int[3];
        for (int phase = 0; phase < 2; phase++) {
            int bursts = phase == 0 ? 4 : 50;
            for (int b = 0; b < bursts; b++, burst++) {
                int size = phase == 0 ? 24 : 24 + r.nextInt(10);
                long base = phase == 1 && b < 10 ? 60_000 - 4_000L * b : 10_000;
                long[] free = {t + r.nextInt(2_000), t + r.nextInt(2_000)};
                for (int p = 0; p < size; p++) {
                    int sender = p % 2;
                    long start = free[sender] + r.nextInt(500);
                    long end = start + base + r.nextInt(3_000) + (p < 3 ? 20_000 : 0);
                    free[sender] = end;
                    c.event(phase, phase == 1, burst, p, t, start, end);
                }
                counts[phase] += size;
                t = Math.max(free[0], free[1]) + 2_000_000;
            }
        }
        for (int i = 0; i < 150; i++) {
            long intended = t + i * 50_000L;
            long start = intended + r.nextInt(5_000);
            c.event(2, true, -1, -1, intended, start, start + 5_000 + r.nextInt(5_000));
        }
        counts[2] = 150;
        int n = c.events.size();
        for (int i = 0; i < n; i++) {
            long end = c.events.get(i).sendEnd();
            if (aligned) {
                c.output("A", i, end + 100 + r.nextInt(1_000));
                continue;
            }
            c.output("A", i, end + 1_000 + r.nextInt(50_000) + (r.nextInt(100) == 0 ? 1_000_000 : 0));
            if (i % 3 == 0) c.output("B", i, end + 60_000 + r.nextInt(50_000));
        }
        if (!aligned) {
            for (int k = 0; k < 5; k++) c.output("B", -1L, t + k);
            Collections.shuffle(c.outputs, r);
        }
        c.write(dir);
        Files.writeString(
                dir.resolve("result.json"),
                String.format(
                        Locale.ROOT,
                        "{\"status\": \"ok\", \"senders\": 2, \"events_sent\": %d,"
                                + " \"outputs_received\": %d, \"records\": true, \"phases\": [%s, %s, %s, %s]}",
                        n,
                        c.outputs.size(),
                        phase("warmup", false, "bursts", 0, counts[0], null),
                        phase("measure", true, "bursts", counts[0], counts[1], 500.0),
                        phase("tail", true, "constant", counts[0] + counts[1], counts[2], 20_000.0),
                        phase("never", true, "constant", n, 10, 1.0)));
    }

    /**
     * 4000 measured events outside bursts at 10 000/s, 20 000/s in the peak: phases x.steady,
     * x.peak, x.recovery. Processing time is high for the first 300 events; scheduled latency
     * climbs through the peak and comes back down in the recovery. intervals.csv (10 ms) shows
     * the warm-up in its processing medians.
     */
    private static void writeAdaptivity(Path dir, Random r) throws IOException {
        Cols c = new Cols();
        int[] count = {1500, 1000, 1500};
        long intended = 1_000_000;
        int i = 0;
        for (int phase = 0; phase < 3; phase++) {
            for (int k = 0; k < count[phase]; k++, i++) {
                intended += phase == 1 ? 50_000 : 100_000;
                long start = intended + r.nextInt(2_000);
                long cost = (i < 300 ? 80_000 - 200L * i : 10_000) + r.nextInt(2_000);
                long queue =
                        switch (phase) {
                            case 0 -> 50_000;
                            case 1 -> 50_000 + 5_000L * k;
                            default -> k < 500 ? 5_000_000 - 9_900L * k : 50_000;
                        };
                c.event(phase, true, -1, -1, intended, start, start + cost);
                c.output("out", i, intended + queue + r.nextInt(20_000));
                if (k % 7 == 0) c.output("alarm", i, intended + queue + 30_000 + r.nextInt(20_000));
            }
        }
        c.output("alarm", -1L, intended);
        c.write(dir);
        Files.delete(dir.resolve("bursts.parquet")); // a trial without bursts
        StringBuilder csv =
                new StringBuilder("t_start_s,phase,whole,target_rate,intended_rate,input_rate,output_rate,lag_max_ms,"
                        + "processing_p50_us,processing_p99_us,processing_max_us,end_to_end_p50_us,end_to_end_p99_us,end_to_end_max_us,"
                        + "scheduled_p50_us,scheduled_p99_us,scheduled_max_us\n");
        for (int k = 0; k < 36; k++) {
            double p50 = k < 6 ? 80 - 5 * k : 10 + r.nextDouble();
            int phase = k < 15 ? 0 : k < 20 ? 1 : 2;
            double target = phase == 1 ? 20_000 : 10_000;
            csv.append(String.format(
                    Locale.ROOT,
                    "%.3f,%d,1,%.1f,%.1f,%.1f,%.1f,0.1,%.3f,0,0,0,0,0,%.3f,0,0%n",
                    k * 0.01,
                    phase,
                    target,
                    target,
                    target * (0.98 + 0.04 * r.nextDouble()),
                    target,
                    p50,
                    50 + 100.0 * k));
        }
        Files.writeString(dir.resolve("intervals.csv"), csv);
        Files.writeString(
                dir.resolve("result.json"),
                String.format(
                        Locale.ROOT,
                        "{\"status\": \"ok\", \"senders\": 2, \"events_sent\": %d,"
                                + " \"outputs_received\": %d, \"records\": true, \"phases\": [%s, %s, %s]}",
                        i,
                        c.outputs.size(),
                        phase("x.steady", true, "constant", 0, count[0], 10_000.0),
                        phase("x.peak", true, "constant", count[0], count[1], 20_000.0),
                        phase("x.recovery", true, "constant", count[0] + count[1], count[2], 10_000.0)));
    }

    private static String phase(
            String name, boolean measure, String profile, long firstSeq, long count, Double target) {
        return String.format(
                Locale.ROOT,
                "{\"name\": \"%s\", \"measure\": %s, \"profile\": \"%s\", \"first_seq\": %d, \"count\": %d,"
                        + " \"target_rate\": %s, \"achieved_rate\": 1.0, \"max_lag_ms\": 0.0, \"last_lag_ms\": 0.0}",
                name,
                measure,
                profile,
                firstSeq,
                count,
                target == null ? "null" : target.toString());
    }

    private static void writeHlog(Path file, Histogram h) throws IOException {
        try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(file))) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputLogFormatVersion();
            w.outputLegend();
            h.setStartTimeStamp(0);
            h.setEndTimeStamp(1000);
            w.outputIntervalHistogram(h);
        }
    }
}
