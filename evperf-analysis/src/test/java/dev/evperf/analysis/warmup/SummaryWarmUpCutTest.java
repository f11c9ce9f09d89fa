package dev.evperf.analysis.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.analysis.stats.RunSamples;
import dev.evperf.analysis.stats.TrialFiles;
import dev.evperf.analysis.summary.AnalysisOptions;
import dev.evperf.analysis.summary.TrialSummary;
import dev.evperf.analysis.trial.TrialData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary's steady-state tables leave the detected warm-up out by default, and say so. */
class SummaryWarmUpCutTest {
    @TempDir
    Path tmp;

    /** The summary of the trial's files, written as the trial runner writes them. */
    private TrialSummary summary(TrialData d, AnalysisOptions o) {
        try {
            Path dir = Files.createTempDirectory(tmp, "trial");
            TrialFiles.write(d, dir);
            return TrialSummary.load("t", null, 0, dir, o);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** 40 bursts of 10 events: the first 8 bursts' events take 100 µs, then exactly 10 µs. */
    private static TrialData trial() {
        return TrialFiles.bursty(40, 10, 10_000_000, (b, p) -> b < 8 ? 100_000L : 10_000L);
    }

    @Test
    void theTransientIsLeftOutOfLatencyAndBurstTablesButNotOutOfTheCounts() {
        TrialData d = trial();
        TrialSummary s = summary(d, AnalysisOptions.DEFAULT);
        WarmUpCut w = s.warmUp();
        assertThat(w.applied()).isTrue();
        assertThat(w.series()).isEqualTo(WarmUp.BURSTS);
        int cutBursts = w.bursts();
        assertThat(cutBursts).isGreaterThanOrEqualTo(8); // MSER-5 cuts whole batches of 5 points: 10 here
        assertThat(w.events()).isEqualTo(cutBursts * 10L);
        assertThat(w.endS()).isEqualTo(d.sendStart(cutBursts * 10) / 1e9);
        // counts are of every measured event; the tables only of the steady ones, all exactly 10 µs
        assertThat(s.measuredEvents()).isEqualTo(400);
        assertThat(s.burstStats().bursts()).isEqualTo(40 - cutBursts);
        assertThat(s.latency().processing().count()).isEqualTo(400 - cutBursts * 10L);
        assertThat(s.latency().processing().maxUs()).isEqualTo(10.0);
        assertThat(s.burstStats().meanMs()).isEqualTo(0.1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.cumulative().events()).isEqualTo(400 - cutBursts * 10L);
    }

    @Test
    void skipBurstsCountsFromTheFirstMeasuredBurstSoTheStricterRuleWins() {
        TrialData d = trial();
        int cut = summary(d, AnalysisOptions.DEFAULT).warmUp().bursts(); // 10
        // skip_bursts above the cut: head-tail starts after burst skip_bursts, as without a cut
        TrialSummary more = summary(d, new AnalysisOptions(cut + 5, 10, true));
        assertThat(more.headTail().get(0).bursts()).isEqualTo(40 - (cut + 5));
        // skip_bursts below the cut: the cut alone
        TrialSummary less = summary(d, new AnalysisOptions(3, 10, true));
        assertThat(less.headTail().get(0).bursts()).isEqualTo(40 - cut);
        // warm-up kept: skip_bursts alone
        TrialSummary kept = summary(d, new AnalysisOptions(3, 10, false));
        assertThat(kept.headTail().get(0).bursts()).isEqualTo(37);
    }

    @Test
    void keepingTheWarmUpReportsItButCutsNothing() {
        TrialSummary s = summary(trial(), AnalysisOptions.DEFAULT.withCutWarmUp(false));
        assertThat(s.warmUp().applied()).isFalse();
        assertThat(s.warmUp().events()).isPositive();
        assertThat(s.burstStats().bursts()).isEqualTo(40);
        assertThat(s.latency().processing().maxUs()).isEqualTo(100.0);
    }

    @Test
    void aSteadyTrialLosesNothing() {
        TrialSummary s = summary(TrialFiles.bursty(40, 10, 10_000_000, (b, p) -> 10_000L), AnalysisOptions.DEFAULT);
        assertThat(s.warmUp().found()).isFalse();
        assertThat(s.warmUp().applied()).isFalse();
        assertThat(s.burstStats().bursts()).isEqualTo(40);
    }

    @Test
    void compareCutsTheSameWarmUpAsTheSummary() {
        Path run = TrialFiles.run(tmp.resolve("run"), List.of(trial()));
        WarmUpCut summary = TrialSummary.load("t001", null, 0, run.resolve("trials/t001"), AnalysisOptions.DEFAULT)
                .warmUp();
        WarmUp compare = RunSamples.load(run, true).warmUps().get("t001");
        assertThat(compare.series()).isEqualTo(summary.series());
        assertThat(compare.skipBursts()).isEqualTo(summary.bursts());
        assertThat(compare.endNs() / 1e9).isEqualTo(summary.endS());
        assertThat(compare.firstSteadySeq()).isEqualTo(summary.events()); // seq from 0, all measured
    }
}
