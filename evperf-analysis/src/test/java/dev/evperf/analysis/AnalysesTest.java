package dev.evperf.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.evperf.analysis.figures.BurstStats;
import dev.evperf.analysis.figures.Cumulative;
import dev.evperf.analysis.figures.HeadTail;
import dev.evperf.analysis.figures.Latency;
import dev.evperf.analysis.figures.LatencyStats;
import dev.evperf.analysis.figures.PhaseRate;
import dev.evperf.analysis.figures.TopBursts;
import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.analysis.stats.TrialFiles;
import dev.evperf.analysis.summary.AnalysisOptions;
import dev.evperf.analysis.summary.TrialSummary;
import dev.evperf.analysis.trial.Burst;
import dev.evperf.analysis.trial.Bursts;
import dev.evperf.analysis.trial.EventTimes;
import dev.evperf.analysis.trial.TrialData;
import dev.evperf.results.Percentiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every figure of {@link SyntheticTrial} against values worked out by hand (see its table), as the
 * summary computes it: DuckDB over the trial's files written as the trial runner writes them.
 */
class AnalysesTest {
    private static final Offset<Double> EPS = within(1e-9);
    /** Nothing cut or skipped, every burst listed: the hand-worked values cover the whole trial. */
    private static final AnalysisOptions ALL = new AnalysisOptions(0, TopBursts.DEFAULT_K, false);

    private final TrialData d = SyntheticTrial.bursty();

    @TempDir
    Path tmp;

    /** The trial's files (events, bursts, its own outputs and, if given, result.json) in a new directory. */
    private Path write(TrialData t, String resultJson) throws Exception {
        Path dir = Files.createTempDirectory(tmp, "trial");
        TrialFiles.write(t, dir);
        TrialFiles.writeOutputs(t, dir);
        if (resultJson != null) Files.writeString(dir.resolve("result.json"), resultJson);
        return dir;
    }

    private TrialSummary summary(TrialData t, String resultJson, AnalysisOptions o) throws Exception {
        return TrialSummary.load("t", null, 0, write(t, resultJson), o);
    }

    private List<HeadTail.Row> headTail(int skip, int... ns) throws Exception {
        Path dir = write(d, null);
        try (Db db = new Db()) {
            TrialQueries q = new TrialQueries(db, dir);
            q.burstsFromEvents();
            return q.bursts().headTail(skip, ns);
        }
    }

    @Test
    void eventTimeIsSendEndMinusSendStart() {
        assertThat(d.eventTimeNs(0)).isEqualTo(1_000_000); // 1000 µs − 0
        assertThat(d.eventTimeNs(7)).isEqualTo(25_000); // 20330 − 20305 µs
        assertThat(EventTimes.measuredNs(d))
                .containsExactly(SyntheticTrial.us(100, 20, 30, 50, 300, 25, 15, 60, 40, 10, 10, 20));
    }

    @Test
    void burstsAreRunsOfOneIndexAndWarmUpIsNotMeasured() {
        List<Burst> all = Bursts.all(d);
        assertThat(all)
                .containsExactly(
                        new Burst(0, 0, 2, false),
                        new Burst(1, 2, 6, true),
                        new Burst(2, 6, 10, true),
                        new Burst(3, 10, 14, true));
        // Time(S_i,*) = send_end(last) − send_start(first): 1505−0, 10215−10000, 20415−20000, 30105−30010 µs
        assertThat(Bursts.timesNs(d, all)).containsExactly(SyntheticTrial.us(1505, 215, 415, 95));
    }

    @Test
    void burstStatsOverMeasuredBurstsInMs() throws Exception {
        // measured burst times 0.215, 0.415, 0.095 ms (warm-up 1.505 ms excluded)
        BurstStats s = summary(d, null, ALL).burstStats();
        assertThat(s.bursts()).isEqualTo(3);
        assertThat(s.meanMs()).isCloseTo(0.725 / 3, EPS); // 0.241667
        assertThat(s.minMs()).isCloseTo(0.095, EPS);
        assertThat(s.maxMs()).isCloseTo(0.415, EPS);
        assertThat(s.sumMs()).isCloseTo(0.725, EPS);
        // deviations from 725/3 µs: −80/3, 520/3, −440/3; squares sum 470400/9; /(n−1 = 2) → 235200/9
        // std = √235200 / 3 = 161.658 µs = 0.161658 ms
        assertThat(s.stdMs()).isCloseTo(Math.sqrt(235200) / 3 / 1000, EPS);
        assertThat(s.stdMs()).isCloseTo(0.161658, within(1e-6));
    }

    @Test
    void headTailForN1AndN2() throws Exception {
        List<HeadTail.Row> rows = headTail(0, 1, 2, 4, 5);
        assertThat(rows).extracting(HeadTail.Row::n).containsExactly(1, 2, 4); // 5 > burst size 4
        // N=1: first events 100, 300, 40 → A = 440/3; last events 50, 60, 20 → B = 130/3
        HeadTail.Row n1 = rows.get(0);
        assertThat(n1.bursts()).isEqualTo(3);
        assertThat(n1.aUs()).isCloseTo(146.666667, within(1e-5));
        assertThat(n1.bUs()).isCloseTo(43.333333, within(1e-5));
        assertThat(n1.aMinusBUs()).isCloseTo(103.333333, within(1e-5)); // 310/3
        assertThat(n1.aOverB()).isCloseTo(3.384615, within(1e-6)); // 440/130
        // N=2: heads 100+20, 300+25, 40+10 → A = 495/3 = 165; tails 30+50, 15+60, 10+20 → B = 185/3
        HeadTail.Row n2 = rows.get(1);
        assertThat(n2.aUs()).isCloseTo(165.0, within(1e-9));
        assertThat(n2.bUs()).isCloseTo(61.666667, within(1e-5));
        assertThat(n2.aMinusBUs()).isCloseTo(103.333333, within(1e-5)); // 310/3
        assertThat(n2.aOverB()).isCloseTo(2.675676, within(1e-6)); // 495/185
        // N = burst size: head and tail are the whole burst, (200+400+80)/3 each
        assertThat(rows.get(2).aUs()).isCloseTo(226.666667, within(1e-5));
        assertThat(rows.get(2).aOverB()).isCloseTo(1.0, EPS);
    }

    @Test
    void headTailDefaultNsStopAtBurstSizeAndSkipsWarmUpBursts() throws Exception {
        assertThat(summary(d, null, ALL).headTail()).extracting(HeadTail.Row::n).containsExactly(1);
        // skip burst 1: N=1 over bursts 2, 3: A = (300+40)/2 = 170, B = (60+20)/2 = 40, A/B = 4.25
        HeadTail.Row r = headTail(1, 1).get(0);
        assertThat(r.bursts()).isEqualTo(2);
        assertThat(r.aUs()).isCloseTo(170.0, EPS);
        assertThat(r.bUs()).isCloseTo(40.0, EPS);
        assertThat(r.aMinusBUs()).isCloseTo(130.0, EPS);
        assertThat(r.aOverB()).isCloseTo(4.25, EPS);
        assertThat(headTail(3, HeadTail.DEFAULT_N)).isEmpty();
    }

    @Test
    void cumulativeCountsEventsStrictlyBelowEachThreshold() throws Exception {
        // measured event times sorted: 10 10 15 20 20 25 30 40 50 60 100 300 µs (12 events)
        Cumulative c = summary(d, null, ALL).cumulative();
        assertThat(c.events()).isEqualTo(12);
        assertThat(c.rows())
                .extracting(Cumulative.Row::thresholdUs)
                .containsExactly(
                        20.0, 30.0, 40.0, 50.0, 100.0, 150.0, 200.0, 300.0, 500.0, 750.0, 1000.0, 2000.0, 5000.0,
                        10000.0);
        // <20: 10 10 15 → 3; <30: +20 20 25 → 6; <40: +30 → 7; <50: +40 → 8; <100: +50 60 → 10;
        // <150, <200, <300: +100 → 11 (300 is not below 300); <500 and up: 12
        assertThat(c.rows())
                .extracting(Cumulative.Row::count)
                .containsExactly(3L, 6L, 7L, 8L, 10L, 11L, 11L, 11L, 12L, 12L, 12L, 12L, 12L, 12L);
        assertThat(c.rows().get(0).percent()).isCloseTo(25.0, EPS); // 3/12
        assertThat(c.rows().get(1).percent()).isCloseTo(50.0, EPS); // 6/12
        assertThat(c.rows().get(2).percent()).isCloseTo(58.333333, within(1e-5)); // 7/12
        assertThat(c.rows().get(3).percent()).isCloseTo(66.666667, within(1e-5)); // 8/12
        assertThat(c.rows().get(4).percent()).isCloseTo(83.333333, within(1e-5)); // 10/12
        assertThat(c.rows().get(7).percent()).isCloseTo(91.666667, within(1e-5)); // 11/12
        assertThat(c.rows().get(8).percent()).isCloseTo(100.0, EPS);
        assertThat(c.maxUs()).isCloseTo(300.0, EPS);
    }

    @Test
    void topBurstsByBurstTimeWithTheirEventTimes() throws Exception {
        List<TopBursts.Entry> top =
                summary(d, null, new AnalysisOptions(0, 2, false)).topBursts();
        assertThat(top).extracting(TopBursts.Entry::burst).containsExactly(2, 1);
        // burst 2: 0.415 ms; events 300 25 15 60: max 300, mean 100, deviations 200 −75 −85 −40,
        // squares 54450, /(4−1) → 18150, std √18150 = 134.722
        TopBursts.Entry b2 = top.get(0);
        assertThat(b2.size()).isEqualTo(4);
        assertThat(b2.timeMs()).isCloseTo(0.415, EPS);
        assertThat(b2.maxEventUs()).isCloseTo(300.0, EPS);
        assertThat(b2.meanEventUs()).isCloseTo(100.0, EPS);
        assertThat(b2.stdEventUs()).isCloseTo(134.722, within(1e-3));
        // burst 1: 0.215 ms; events 100 20 30 50: max 100, mean 50, squares 2500+900+400+0 = 3800, /3, √ = 35.590
        TopBursts.Entry b1 = top.get(1);
        assertThat(b1.timeMs()).isCloseTo(0.215, EPS);
        assertThat(b1.maxEventUs()).isCloseTo(100.0, EPS);
        assertThat(b1.meanEventUs()).isCloseTo(50.0, EPS);
        assertThat(b1.stdEventUs()).isCloseTo(35.590, within(1e-3));
        // default k=10 lists all 3 measured bursts; burst 3: 0.095 ms, events 40 10 10 20: max 40, mean 20, std
        // √(600/3) = 14.142
        List<TopBursts.Entry> all = summary(d, null, ALL).topBursts();
        assertThat(all).extracting(TopBursts.Entry::burst).containsExactly(2, 1, 3);
        assertThat(all.get(2).timeMs()).isCloseTo(0.095, EPS);
        assertThat(all.get(2).maxEventUs()).isCloseTo(40.0, EPS);
        assertThat(all.get(2).meanEventUs()).isCloseTo(20.0, EPS);
        assertThat(all.get(2).stdEventUs()).isCloseTo(14.142, within(1e-3));
    }

    @Test
    void nearestRankPercentiles() {
        long[] ten = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertThat(Percentiles.nearestRank(ten, 0)).isEqualTo(1); // rank clamped to 1
        assertThat(Percentiles.nearestRank(ten, 10)).isEqualTo(1); // ⌈1⌉
        assertThat(Percentiles.nearestRank(ten, 50)).isEqualTo(5); // ⌈5⌉
        assertThat(Percentiles.nearestRank(ten, 55)).isEqualTo(6); // ⌈5.5⌉
        assertThat(Percentiles.nearestRank(ten, 90)).isEqualTo(9); // ⌈9⌉
        assertThat(Percentiles.nearestRank(ten, 99)).isEqualTo(10); // ⌈9.9⌉
        assertThat(Percentiles.nearestRank(ten, 100)).isEqualTo(10);
        long[] thousand = new long[1000];
        for (int i = 0; i < 1000; i++) thousand[i] = i + 1;
        assertThat(Percentiles.nearestRank(thousand, 99.9)).isEqualTo(999); // ⌈999⌉, not 1000 from float error
        assertThat(Percentiles.nearestRank(thousand, 99.99)).isEqualTo(1000); // ⌈999.9⌉
        assertThatThrownBy(() -> Percentiles.nearestRank(ten, 101)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void latencyModes() throws Exception {
        Latency l = summary(d, null, ALL).latency();
        // processing: sorted 10 10 15 20 20 25 30 40 50 60 100 300; sum 680
        LatencyStats p = l.processing();
        assertThat(p.count()).isEqualTo(12);
        assertThat(p.meanUs()).isCloseTo(680.0 / 12, EPS); // 56.667
        assertThat(p.p50Us()).isEqualTo(25.0); // rank ⌈6⌉ = 6
        assertThat(p.p90Us()).isEqualTo(100.0); // rank ⌈10.8⌉ = 11
        assertThat(p.p99Us()).isEqualTo(300.0); // rank ⌈11.88⌉ = 12
        assertThat(p.p999Us()).isEqualTo(300.0);
        assertThat(p.p9999Us()).isEqualTo(300.0);
        assertThat(p.maxUs()).isEqualTo(300.0);
        // end-to-end (outputs of measured inputs 2, 6, 6, 9, 13): 90 290 320 55 15 → sorted 15 55 90 290 320
        LatencyStats e = l.endToEnd();
        assertThat(e.count()).isEqualTo(5);
        assertThat(e.meanUs()).isCloseTo(154.0, EPS); // 770/5
        assertThat(e.p50Us()).isEqualTo(90.0); // rank ⌈2.5⌉ = 3
        assertThat(e.p90Us()).isEqualTo(320.0); // rank ⌈4.5⌉ = 5
        assertThat(e.p99Us()).isEqualTo(320.0);
        assertThat(e.maxUs()).isEqualTo(320.0);
        // scheduled: 90 290 320 410 100 → sorted 90 100 290 320 410; seq 9 waited 355 µs before it was sent
        LatencyStats s = l.scheduled();
        assertThat(s.count()).isEqualTo(5);
        assertThat(s.meanUs()).isCloseTo(242.0, EPS); // 1210/5
        assertThat(s.p50Us()).isEqualTo(290.0);
        assertThat(s.p90Us()).isEqualTo(410.0);
        assertThat(s.p9999Us()).isEqualTo(410.0);
        assertThat(s.maxUs()).isEqualTo(410.0);
    }

    @Test
    void ratesAndGeneratorLagPerMeasuredPhase() throws Exception {
        TrialSummary s = summary(d, SyntheticTrial.BURSTY_RESULT, ALL);
        List<PhaseRate> rates = s.rates();
        assertThat(rates).hasSize(1); // the warm-up phase is not measured
        PhaseRate main = rates.get(0);
        assertThat(main.phase()).isEqualTo(1);
        assertThat(main.name()).isEqualTo("main");
        assertThat(main.profile()).isEqualTo("bursts");
        assertThat(main.targetRate()).isEqualTo(600.0);
        assertThat(main.count()).isEqualTo(12);
        // 12 events from send_start 10000 µs to send_end 30105 µs: 12 / 0.020105 s = 596.87 events/s
        assertThat(main.achievedRate()).isCloseTo(12 / 0.020105, within(1e-6));
        // lag: max at seq 9 (20355 − 20000 = 355 µs), at the last event seq 13 (30085 − 30000 = 85 µs)
        assertThat(main.maxLagMs()).isCloseTo(0.355, EPS);
        assertThat(main.lastLagMs()).isCloseTo(0.085, EPS);
        assertThat(s.achievedRate()).isCloseTo(12 / 0.020105, within(1e-6));

        // without result.json the measured phase is found from the phase column; target unknown
        PhaseRate guessed = summary(d, null, ALL).rates().get(0);
        assertThat(guessed.name()).isEqualTo("phase 1");
        assertThat(guessed.profile()).isNull();
        assertThat(guessed.targetRate()).isNull();
        assertThat(guessed.count()).isEqualTo(12);
        assertThat(guessed.achievedRate()).isCloseTo(12 / 0.020105, within(1e-6));
        assertThat(guessed.maxLagMs()).isCloseTo(0.355, EPS);
    }

    @Test
    void constantStreamHasNoBurstTables() throws Exception {
        TrialData c = SyntheticTrial.constant();
        assertThat(Bursts.all(c)).isEmpty();
        TrialSummary s = summary(c, null, AnalysisOptions.DEFAULT);
        assertThat(s.burstStats()).isNull();
        assertThat(s.headTail()).isNull();
        assertThat(s.topBursts()).isNull();
        // 4 events from 0 to 3042000 ns: 4 / 0.003042 s = 1314.92 events/s; lag max and last 2000 ns
        assertThat(s.achievedRate()).isCloseTo(4 / 0.003042, within(1e-6));
        assertThat(s.rates().get(0).maxLagMs()).isCloseTo(0.002, EPS);
        assertThat(s.rates().get(0).lastLagMs()).isCloseTo(0.002, EPS);
        // no outputs: end-to-end and scheduled are empty, not zero
        assertThat(s.latency().endToEnd().count()).isZero();
        assertThat(s.latency().scheduled().p99Us()).isNaN();
        // processing 10 20 30 40 µs: p50 rank 2 → 20, p99 rank ⌈3.96⌉ = 4 → 40, mean 25
        assertThat(s.latency().processing().p50Us()).isEqualTo(20.0);
        assertThat(s.latency().processing().p99Us()).isEqualTo(40.0);
        assertThat(s.latency().processing().meanUs()).isCloseTo(25.0, EPS);
    }

    @Test
    void rejectsColumnsThatAreNotTheRunnerFormat() {
        assertThatThrownBy(() -> new TrialData(
                        new long[] {0, 2},
                        new int[2],
                        new boolean[2],
                        new int[2],
                        new int[2],
                        new long[2],
                        new long[2],
                        new long[2]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("row 1 has seq 2");
        TrialData split = new TrialData(
                SyntheticTrial.seq(3),
                new int[3],
                new boolean[] {true, true, true},
                new int[] {0, 1, 0},
                new int[3],
                new long[3],
                new long[3],
                new long[3]);
        assertThatThrownBy(() -> Bursts.all(split))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("burst 0 at seq 2");
    }
}
