package dev.evperf.analysis.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.analysis.sql.WarmUps;
import dev.evperf.analysis.stats.TrialFiles;
import dev.evperf.analysis.trial.TrialData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MSER-5's warm-up over a trial's series, read from the trial's files as every analysis reads it ({@link WarmUps}). */
class WarmUpTest {
    @TempDir
    Path tmp;

    /** The warm-up of the trial's records, written as the trial runner writes them. */
    private WarmUp detect(TrialData d) {
        try {
            Path dir = Files.createTempDirectory(tmp, "trial");
            TrialFiles.write(d, dir);
            return WarmUps.detect(dir, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void burstyTrialsCutTheirFirstSlowBursts() {
        // 100 bursts of 10 events: the first 20 bursts' events take 50 µs decaying to 10 µs, then 10 µs ± noise.
        Random r = new Random(4);
        long[][] ns = new long[100][10];
        for (int b = 0; b < 100; b++) {
            for (int p = 0; p < 10; p++)
                ns[b][p] = 10_000 + (b < 20 ? (long) (40_000 * Math.exp(-b / 10.0)) : 0) + r.nextInt(1000);
        }
        TrialData d = TrialFiles.bursty(100, 10, 10_000_000, (b, p) -> ns[b][p]);
        WarmUp w = detect(d);
        assertThat(w.series()).isEqualTo(WarmUp.BURSTS);
        assertThat(w.points()).isEqualTo(100);
        assertThat(w.skipBursts()).isBetween(15, 25);
        assertThat(w.truncation()).isEqualTo(w.skipBursts());
        int first = w.skipBursts() * 10;
        assertThat(w.firstSteadySeq()).isEqualTo(first);
        assertThat(w.endNs()).isEqualTo(d.sendStart(first));
        assertThat(w.steady(first)).isTrue();
        assertThat(w.steady(first - 1)).isFalse();
        assertThat(w.transientMean()).isGreaterThan(w.steadyMean());
    }

    @Test
    void aSeriesThatNeverSettlesIsInconclusiveAndNothingIsCut() {
        // 20 bursts whose time keeps falling: MSER-5's minimum lands on its search limit (2 of 4 batches).
        TrialData d = TrialFiles.bursty(20, 10, 10_000_000, (b, p) -> 100_000L - 4_000L * b);
        assertThat(Mser.truncation(
                        new double[] {20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}))
                .isEqualTo(10);
        WarmUp w = detect(d);
        assertThat(w.inconclusive()).isTrue();
        assertThat(w.truncation()).isZero();
        assertThat(w.skipBursts()).isZero();
        assertThat(w.firstSteadySeq()).isZero();
        assertThat(w.steady(0)).isTrue();
        // a transient that ends well inside the searched half is conclusive
        TrialData settles = TrialFiles.bursty(20, 10, 10_000_000, (b, p) -> b < 5 ? 100_000L : 10_000L);
        WarmUp s = detect(settles);
        assertThat(s.inconclusive()).isFalse();
        assertThat(s.truncation()).isEqualTo(5);
    }

    @Test
    void theSearchLimitIsHalfTheBatches() {
        assertThat(Mser.atSearchLimit(10, 20)).isTrue(); // m = 4 batches, limit d = 2
        assertThat(Mser.atSearchLimit(5, 20)).isFalse();
        assertThat(Mser.atSearchLimit(10, 24)).isTrue(); // a partial batch does not count
        assertThat(Mser.atSearchLimit(20, 45)).isTrue(); // m = 9, limit d = 4
        assertThat(Mser.atSearchLimit(0, 4)).isFalse(); // fewer than two batches: no search
    }

    @Test
    void constantStreamsUseTheIntervalMedians() throws Exception {
        // 40 intervals of 250 ms; processing p50 100 µs for the first 8 (2 s), then 20 µs ± 1.
        StringBuilder csv =
                new StringBuilder("t_start_s,phase,whole,target_rate,intended_rate,input_rate,output_rate,lag_max_ms,"
                        + "processing_p50_us,processing_p99_us,processing_max_us,end_to_end_p50_us,end_to_end_p99_us,end_to_end_max_us,"
                        + "scheduled_p50_us,scheduled_p99_us,scheduled_max_us\n");
        csv.append("0.000,0,0,1000,1000,1000,1000,0,500,0,0,0,0,0,0,0,0\n"); // not whole: ignored
        for (int i = 0; i < 40; i++) {
            double p50 = i < 8 ? 100 - i : 20 + (i % 3) - 1;
            csv.append(String.format(
                    java.util.Locale.ROOT,
                    "%.3f,0,1,1000,1000,1000,1000,0,%.3f,0,0,0,0,0,0,0,0%n",
                    0.1 + i * 0.25,
                    p50));
        }
        Files.writeString(tmp.resolve("intervals.csv"), csv);
        WarmUp w = WarmUps.detect(tmp, null);
        assertThat(w.series()).isEqualTo(WarmUp.INTERVALS);
        assertThat(w.points()).isEqualTo(40);
        assertThat(w.truncation())
                .isEqualTo(10); // MSER-5 truncates whole batches: the first two (8 slow intervals + 2)
        assertThat(w.endNs()).isEqualTo(2_600_000_000L);
        assertThat(w.skipBursts()).isNull();
        assertThat(w.steadyAt(2_600_000_000L)).isTrue();
        assertThat(w.steadyAt(2_500_000_000L)).isFalse();
    }

    @Test
    void aTrialDirectoryIsReadFromItsFiles() {
        TrialData d = TrialFiles.bursty(30, 5, 5_000_000, (b, p) -> b < 10 ? 100_000 : 10_000);
        WarmUp w = detect(d);
        assertThat(w.skipBursts()).isEqualTo(10);
        assertThat(w.steadyMean()).isCloseTo(0.05, org.assertj.core.data.Offset.offset(1e-12)); // 5 × 10 µs in ms
    }
}
