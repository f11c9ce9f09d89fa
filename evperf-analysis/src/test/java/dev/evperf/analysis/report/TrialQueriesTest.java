package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.evperf.analysis.figures.HeadTail;
import dev.evperf.analysis.sql.BurstQueries;
import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.Dist;
import dev.evperf.analysis.sql.Distribution;
import dev.evperf.analysis.sql.SeriesQueries;
import dev.evperf.analysis.sql.TrialQueries;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's SQL aggregations against figures computed by hand on {@link TinyTrial}. */
class TrialQueriesTest {
    @TempDir
    Path tmp;

    @Test
    void processingTimesOfTheMeasuredEvents() throws Exception {
        try (Db db = new Db()) {
            TrialQueries q = new TrialQueries(db, TinyTrial.write(tmp.resolve("t"), true));
            Distribution d = q.processing();
            // measured event times, sorted: 10 20 20 30 40 50 100 300
            assertThat(d.count()).isEqualTo(8);
            assertThat(d.min()).isEqualTo(10);
            assertThat(d.max()).isEqualTo(300);
            assertThat(d.mean()).isEqualTo(71.25);
            assertThat(d.std()).isCloseTo(Math.sqrt(65287.5 / 7), within(1e-9));
            // nearest rank: p12.5 → rank 1, p25 → 2, p50 → 4, p75 → 6, p90 → 8 (⌈7.2⌉), p100 → 8
            assertThat(d.percentiles(0, 12.5, 25, 50, 75, 90, 99.9, 100))
                    .containsExactly(10, 10, 20, 30, 50, 300, 300, 300);
            assertThat(d.countBelow(10, 30, 100, 301)).containsExactly(0, 3, 6, 8);
        }
    }

    @Test
    void burstStatisticsHeadTailAndPositions() throws Exception {
        try (Db db = new Db()) {
            TrialQueries q = new TrialQueries(db, TinyTrial.write(tmp.resolve("t"), true));
            assertThat(q.bursts().hasBursts()).isTrue();
            Distribution b = q.bursts().burstTimes();
            assertThat(b.count()).isEqualTo(2); // burst 0 is warm-up
            assertThat(b.mean()).isEqualTo(285.0);
            assertThat(b.percentiles(50, 100)).containsExactly(200, 370);

            List<HeadTail.Row> ht = q.bursts().headTail(0, 1, 2, 4, 5);
            assertThat(ht).extracting(HeadTail.Row::n).containsExactly(1, 2, 4); // 5 > burst size
            // N=1: A = (100 + 300)/2 = 200 ns, B = (20 + 10)/2 = 15 ns
            assertThat(ht.get(0).aUs()).isCloseTo(0.200, within(1e-12));
            assertThat(ht.get(0).bUs()).isCloseTo(0.015, within(1e-12));
            assertThat(ht.get(0).aOverB()).isCloseTo(200.0 / 15, within(1e-9));
            assertThat(ht.get(0).bursts()).isEqualTo(2);
            // N=2: A = (150 + 340)/2 = 245, B = (50 + 30)/2 = 40
            assertThat(ht.get(1).aUs()).isCloseTo(0.245, within(1e-12));
            assertThat(ht.get(1).bUs()).isCloseTo(0.040, within(1e-12));
            assertThat(ht.get(1).aMinusBUs()).isCloseTo(0.205, within(1e-12));
            // N = burst size: A = B = mean burst sum
            assertThat(ht.get(2).aUs()).isCloseTo(0.285, within(1e-12));
            assertThat(ht.get(2).aOverB()).isCloseTo(1.0, within(1e-12));
            // skipping the first measured burst leaves burst 2: A = 300, B = 10
            List<HeadTail.Row> skipped = q.bursts().headTail(1, 1);
            assertThat(skipped.get(0).bursts()).isEqualTo(1);
            assertThat(skipped.get(0).aOverB()).isCloseTo(30.0, within(1e-9));
            assertThat(q.bursts().headTail(2, 1)).isEmpty();

            List<BurstQueries.PositionRow> pos = q.bursts().positions(0);
            // j = 1, 2, 3 and n (j = 5 … 25 exceed the burst size of 4)
            assertThat(pos).extracting(BurstQueries.PositionRow::j).containsExactly(1, 2, 3, BurstQueries.LAST);
            BurstQueries.PositionRow first = pos.get(0);
            assertThat(first.bursts()).isEqualTo(2);
            assertThat(first.min()).isEqualTo(100);
            assertThat(first.max()).isEqualTo(300);
            assertThat(first.mean()).isEqualTo(200.0);
            // POSITION_P = 5 25 50 75 95 99 over {100, 300}: ranks 1 1 1 2 2 2
            assertThat(first.p()).containsExactly(100, 100, 100, 300, 300, 300);
            assertThat(pos.get(1).min()).isEqualTo(40);
            assertThat(pos.get(1).max()).isEqualTo(50);
            BurstQueries.PositionRow last = pos.get(3);
            assertThat(last.min()).isEqualTo(10);
            assertThat(last.max()).isEqualTo(20);

            Map<Integer, long[][]> series = q.bursts().positionSeries(100, 1, BurstQueries.LAST);
            assertThat(series.get(1)[0]).containsExactly(1, 2);
            assertThat(series.get(1)[1]).containsExactly(100, 300);
            assertThat(series.get(BurstQueries.LAST)[1]).containsExactly(20, 10);
        }
    }

    @Test
    void topBurstsAndTheBurstSeries() throws Exception {
        try (Db db = new Db()) {
            TrialQueries q = new TrialQueries(db, TinyTrial.write(tmp.resolve("t"), true));
            List<BurstQueries.TopBurst> top = q.bursts().topBursts(5);
            assertThat(top).extracting(BurstQueries.TopBurst::burst).containsExactly(2, 1); // warm-up burst 0 left out
            BurstQueries.TopBurst b2 = top.get(0);
            assertThat(b2.timeNs()).isEqualTo(370);
            assertThat(b2.events()).isEqualTo(4);
            assertThat(b2.startNs()).isEqualTo(2000);
            assertThat(b2.maxEventNs()).isEqualTo(300);
            assertThat(b2.meanEventNs()).isEqualTo(92.5);
            assertThat(b2.stdEventNs()).isCloseTo(Math.sqrt(57875.0 / 3), within(1e-9));

            List<BurstQueries.BurstPoint> all = q.bursts().burstSeries(100);
            assertThat(all)
                    .containsExactly(
                            new BurstQueries.BurstPoint(10, 40, false),
                            new BurstQueries.BurstPoint(1000, 200, true),
                            new BurstQueries.BurstPoint(2000, 370, true));
        }
    }

    @Test
    void endToEndAndScheduledLatencyByPositionAndByHashJoin() throws Exception {
        try (Db db = new Db()) {
            TrialQueries aligned = new TrialQueries(db, TinyTrial.write(tmp.resolve("a"), true));
            assertThat(aligned.outputsAligned()).isTrue();
            Dist[] a = aligned.joined();
            // e2e = received − send_start = event time − 5: 5 15 15 25 35 45 95 295
            assertThat(a[0].count()).isEqualTo(8);
            assertThat(a[0].percentiles(0, 50, 90, 100)).containsExactly(5, 25, 295, 295);
            assertThat(a[0].mean()).isEqualTo(66.25);
            // scheduled = received − intended: 95 145 175 195 | 295 335 355 365
            assertThat(a[1].percentiles(0, 50, 75, 100)).containsExactly(95, 195, 335, 365);
            assertThat(a[1].max()).isEqualTo(365);

            TrialQueries shuffled = new TrialQueries(db, TinyTrial.write(tmp.resolve("b"), false));
            assertThat(shuffled.outputsAligned()).isFalse();
            Dist[] b = shuffled.joined();
            // the same plus a second output of seq 5 (e2e 60, scheduled 160); seq −1 is left out
            assertThat(b[0].count()).isEqualTo(9);
            assertThat(b[0].percentiles(50, 100)).containsExactly(35, 295);
            assertThat(b[1].percentiles(50, 100)).containsExactly(195, 365);
        }
    }

    @Test
    void jvmEventsIntervalsAndSensors() throws Exception {
        try (Db db = new Db()) {
            TrialQueries q = new TrialQueries(db, TinyTrial.write(tmp.resolve("t"), true));
            List<SeriesQueries.JvmKind> kinds =
                    q.series().jvmKinds(0, 3000); // the GC pause before the origin is left out
            assertThat(kinds)
                    .containsExactly(
                            new SeriesQueries.JvmKind("gc-pause", 1, 200, 200),
                            new SeriesQueries.JvmKind("jit-compilation", 2, 450, 400),
                            new SeriesQueries.JvmKind("safepoint", 1, 10, 10));
            assertThat(q.series().jvmMarks("jit-compilation", 0, 3000, 1))
                    .containsExactly(new SeriesQueries.JvmMark("jit-compilation", 2100, 2500, "d.E.f tier 3"));
            assertThat(q.series().jvmMarks("gc-pause", 0, 3000, 10))
                    .extracting(SeriesQueries.JvmMark::detail)
                    .containsExactly("G1 Young, Pause");

            Map<String, double[]> iv = q.series().intervals();
            assertThat(iv.get("t_start_s")).containsExactly(0.0, 0.001, 0.002);
            assertThat(iv.get("processing_max_us")).containsExactly(0.01, 0.1, 0.3);
            assertThat(iv.get("phase")).containsExactly(0.0, 1.0, 1.0);

            Map<String, double[][]> s = q.series().sensors();
            assertThat(s.get("sensor://procfs/process/page_faults#minor")[1]).containsExactly(100.0, 300.0, 350.0);
            assertThat(s.get("sensor://jvm/heap/used_bytes")[0]).containsExactly(0.0, 1e9, 2e9);
            assertThat(s.get("sensor://procfs/cpu/utilization_percent#all")[1]).containsExactly(50.5);
        }
    }
}
