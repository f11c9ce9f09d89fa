package dev.evperf.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.analysis.figures.Adaptivity;
import dev.evperf.analysis.figures.Latency;
import dev.evperf.analysis.figures.LatencyStats;
import dev.evperf.analysis.figures.PhaseRate;
import dev.evperf.analysis.figures.Robust;
import dev.evperf.analysis.summary.TrialSummary;
import dev.evperf.analysis.summary.Warning;
import dev.evperf.analysis.summary.Warnings;
import dev.evperf.analysis.warmup.WarmUpCut;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warnings a summary carries: phases that were no steady state, adaptivity over them, warm-up, dominated means. */
class WarningsTest {
    @TempDir
    Path dir;

    static final LatencyStats CALM = new LatencyStats(1000, 10, 10, 11, 12, 13, 14, 20);

    static TrialSummary summary(List<PhaseRate> rates, Latency latency, Adaptivity adaptivity, WarmUpCut warmUp) {
        return new TrialSummary(
                "t",
                null,
                0,
                TrialSummary.OK,
                null,
                1000L,
                1000L,
                1000L,
                null,
                null,
                null,
                null,
                latency,
                rates,
                null,
                null,
                null,
                adaptivity,
                warmUp,
                null,
                null,
                null,
                null,
                null);
    }

    static TrialResult.Phase phase(String name, double target) {
        return new TrialResult.Phase(name, true, "constant", 0, 1000, target, null, 1_000_000_000L, null, null, null);
    }

    static TrialResult result(TrialResult.Phase... phases) {
        TrialResult.Draft r = DisturbanceTest.ok(1000);
        r.phases = List.of(phases);
        return r.result();
    }

    /** intervals.csv of one phase (0) whose generator lag is lag(i) ms in its i-th 250 ms interval. */
    void intervals(java.util.function.IntToDoubleFunction lag, int n) throws Exception {
        StringBuilder sb = new StringBuilder("t_start_s,phase,whole,lag_max_ms\n");
        for (int i = 0; i < n; i++)
            sb.append(String.format(Locale.ROOT, "%.3f,0,1,%.3f%n", i * 0.25, lag.applyAsDouble(i)));
        Files.writeString(dir.resolve("intervals.csv"), sb);
    }

    @Test
    void aPhaseThatFellShortAndBehindIsNoSteadyStateAndNeitherIsAdaptivityOverIt() throws Exception {
        intervals(i -> i * 25.0, 40); // 100 ms behind per s: 975 ms at the end
        List<PhaseRate> rates = List.of(new PhaseRate(0, "a.steady", "constant", 1000.0, null, 1000, 909.0, 975, 975));
        Adaptivity a = new Adaptivity(500, 900, 1200, 1300, 1.33, 0.0, 1.0);
        TrialResult r = result(phase("a.steady", 1000), phase("a.peak", 1500), phase("a.recovery", 1000));
        List<Warning> w = Warnings.of(summary(rates, null, a, null), r, dir);
        assertThat(w)
                .extracting(Warning::kind)
                .containsExactly(Warning.RATE_SHORT, Warning.LAG_GROWING, Warning.BEHIND_SCHEDULE, Warning.NOT_STEADY);
        assertThat(w.get(0).figure()).isEqualTo("phase a.steady");
        assertThat(w.get(0).message()).startsWith("achieved 909.0 ev/s, 90.9 % of its target 1000.0 ev/s");
        assertThat(w.get(1).message())
                .startsWith("the driver fell behind its schedule by 100.000 ± 0.000 ms per s over 40 intervals"
                        + " and ended the phase 975.000 ms behind");
        assertThat(w.get(2).message()).startsWith("events were sent up to 975.000 ms after their intended time");
        assertThat(w.get(3).figure()).isEqualTo("adaptivity");
        assertThat(w.get(3).message())
                .contains("degradation 1.33 and recovery 0.000 s compare the peak against that backlog");
    }

    @Test
    void aPhaseThatKeptUpHasNoWarning() throws Exception {
        intervals(i -> 0.2 + (i % 3) * 0.1, 40); // lag jitters, does not grow
        List<PhaseRate> rates = List.of(new PhaseRate(0, "m", "constant", 1000.0, null, 1000, 995.0, 0.4, 0.2));
        assertThat(Warnings.of(
                        summary(rates, new Latency(CALM, CALM, CALM), null, null), result(phase("m", 1000)), dir))
                .isEmpty();
    }

    @Test
    void aSenderThatWaitedForTheGeneratorIsSaidToBeGenerationBound() throws Exception {
        intervals(i -> 0.2, 40);
        List<PhaseRate> rates = List.of(new PhaseRate(0, "m", "constant", 1000.0, null, 1000, 995.0, 0.4, 0.2));
        TrialResult.Draft d = DisturbanceTest.ok(1000);
        d.phases = List.of(phase("m", 1000));
        d.harnessWaits = new TrialResult.HarnessWaits(3, 0);
        List<Warning> w = Warnings.of(summary(rates, new Latency(CALM, CALM, CALM), null, null), d.result(), dir);
        assertThat(w).extracting(Warning::kind).containsExactly(Warning.GENERATION_BOUND);
        assertThat(w.get(0).message()).startsWith("the sender waited 3 time(s) for the event supply");
        d.harnessWaits = new TrialResult.HarnessWaits(0, 5); // waits for the records writer are not generation's
        assertThat(Warnings.of(summary(rates, new Latency(CALM, CALM, CALM), null, null), d.result(), dir))
                .isEmpty();
    }

    @Test
    void waitsForTheSupplyDuringAWarmUpAreNotTheMeasuredPhasesConcern() throws Exception {
        intervals(i -> 0.2, 40);
        List<PhaseRate> rates = List.of(new PhaseRate(0, "m", "constant", 1000.0, null, 1000, 995.0, 0.4, 0.2));
        TrialResult.Draft d = DisturbanceTest.ok(1000);
        TrialResult.Phase warm = new TrialResult.Phase("warm", false, "max", 0, 1000, null, null, 0, null, null, null);
        d.phases = List.of(warm, phase("m", 1000));
        Map<String, Long> byPhase = new LinkedHashMap<>();
        byPhase.put("warm", 4L);
        byPhase.put("m", 0L);
        d.harnessWaits = new TrialResult.HarnessWaits(4, 0, byPhase);
        assertThat(Warnings.of(summary(rates, new Latency(CALM, CALM, CALM), null, null), d.result(), dir))
                .isEmpty();
        byPhase.put("m", 2L);
        d.harnessWaits = new TrialResult.HarnessWaits(6, 0, byPhase);
        List<Warning> w = Warnings.of(summary(rates, new Latency(CALM, CALM, CALM), null, null), d.result(), dir);
        assertThat(w).extracting(Warning::kind).containsExactly(Warning.GENERATION_BOUND);
        assertThat(w.get(0).figure()).isEqualTo("phase m");
        assertThat(w.get(0).message())
                .startsWith("the sender waited 2 time(s) for the event supply")
                .contains("supply_by_phase: warm 4, m 2");
    }

    @Test
    void aPoissonPhaseIsMeasuredAgainstTheRateItsArrivalsDrew() throws Exception {
        intervals(i -> 0.2, 40);
        // asked 1000 ev/s, drew 970: sending 965 ev/s kept its schedule; 950 did not
        List<PhaseRate> kept = List.of(new PhaseRate(0, "m", "constant", 1000.0, 970.0, 1000, 965.0, 0.4, 0.2));
        assertThat(Warnings.of(summary(kept, new Latency(CALM, CALM, CALM), null, null), result(phase("m", 1000)), dir))
                .isEmpty();
        List<PhaseRate> fell = List.of(new PhaseRate(0, "m", "constant", 1000.0, 970.0, 1000, 950.0, 0.4, 0.2));
        assertThat(Warnings.of(summary(fell, new Latency(CALM, CALM, CALM), null, null), result(phase("m", 1000)), dir))
                .extracting(Warning::message)
                .anyMatch(m -> m.startsWith("achieved 950.0 ev/s, 97.9 % of its intended rate 970.0 ev/s"));
    }

    @Test
    void lagThatGrowsButEndsCloseToScheduleIsNotALaggingPhase() throws Exception {
        intervals(i -> i * 0.2, 40); // 0.8 ms per s, 7.8 ms at the end: below both limits
        List<PhaseRate> rates = List.of(new PhaseRate(0, "m", "constant", 1000.0, null, 1000, 999.0, 7.8, 7.8));
        assertThat(Warnings.of(summary(rates, null, null, null), result(phase("m", 1000)), dir))
                .isEmpty();
    }

    @Test
    void anInconclusiveWarmUpAndAMeanOneEventDominatesAreSaidWithTheRobustFigures() {
        LatencyStats oneSlow = new LatencyStats(20_000, 1.088, 0.407, 0.8, 2.978, 49.1, 1839.7, 4032.8);
        WarmUpCut inconclusive = new WarmUpCut(false, "bursts", 20, 0, null, 0L, 0, true);
        List<Warning> w = Warnings.of(summary(null, new Latency(oneSlow, CALM, CALM), null, inconclusive), null, null);
        assertThat(w).extracting(Warning::kind).containsExactly(Warning.WARM_UP, Warning.DOMINATED);
        assertThat(w.get(0).message()).startsWith("MSER-5 found no end of warm-up in 20 bursts");
        assertThat(w.get(1).figure()).isEqualTo("processing mean");
        // without the 4032.8 µs event the mean of the other 19 999 is 0.886 µs: it lifts the mean by 18.5 %
        assertThat(w.get(1).message())
                .isEqualTo("one event of 4032.800 µs among 20000 lifts the mean to 1.088 µs, by 18.5 %:"
                        + " read p50 (0.407 µs) and p99 (2.978 µs) beside it");
    }

    @Test
    void robustFiguresResistOneExtremeValue() {
        Robust r = Robust.of(new long[] {10, 12, 11, 9, 1000, 10, 11, 12, 10, 9});
        assertThat(r.median()).isEqualTo(10); // nearest rank: the 5th of 10 sorted values
        assertThat(r.trimmedMean()).isEqualTo(10.625); // 9 and 1000 left out
        assertThat(r.maxIndex()).isEqualTo(4);
        assertThat(r.minIndex()).isEqualTo(3);
        assertThat(r.maxShift())
                .isCloseTo((109.4 - 10.444444444444445) / 109.4, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Robust.dominated(r.maxShift())).isTrue();
        assertThat(Robust.dominated(Robust.of(new long[] {10, 12, 11, 9}).maxShift()))
                .isFalse();
    }
}
