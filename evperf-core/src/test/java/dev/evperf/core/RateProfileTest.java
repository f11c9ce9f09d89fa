package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.evperf.api.config.Dur;
import dev.evperf.core.load.Profile;
import dev.evperf.core.load.RateFunction;
import dev.evperf.core.load.RateIntegrator;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.ArrivalProcess;
import dev.evperf.core.workload.Workload;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Each pattern's r(t), and the intended times the integrator makes of it. */
class RateProfileTest {
    @Test
    void waveStartsMidRangeAndRisesFirst() {
        var f = new RateFunction.Wave(100, 300, 4, 8);
        assertThat(f.rate(0)).isCloseTo(200, offset(1e-9));
        assertThat(f.rate(1)).isCloseTo(300, offset(1e-9)); // quarter period: the top
        assertThat(f.rate(3)).isCloseTo(100, offset(1e-9));
    }

    @Test
    void binaryIsASquareWaveStartingAtMin() {
        var f = new RateFunction.Binary(10, 50, 2, 6);
        assertThat(f.rate(0.5)).isEqualTo(10);
        assertThat(f.rate(1.5)).isEqualTo(50);
        assertThat(f.rate(2.5)).isEqualTo(10);
        assertThat(f.jumps()).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void increasingAndDecreasingClampAtTheirEndLevel() {
        assertThat(new RateFunction.Increasing(10, 110, 2, 5).rate(1)).isCloseTo(60, offset(1e-9));
        assertThat(new RateFunction.Increasing(10, 110, 2, 5).rate(4)).isEqualTo(110);
        assertThat(new RateFunction.Decreasing(10, 110, 2, 5).rate(1)).isCloseTo(60, offset(1e-9));
        assertThat(new RateFunction.Decreasing(10, 110, 2, 5).rate(4)).isEqualTo(10);
    }

    @Test
    void spikeRisesOverTheLastSizePercentOfEachPeriod() {
        var f = new RateFunction.Spike(100, 1100, 10, 20, 30);
        assertThat(f.rate(7.9)).isEqualTo(100); // first 80 % at min
        assertThat(f.rate(9)).isCloseTo(600, offset(1e-9)); // half-way up the spike
        assertThat(f.rate(10.5)).isEqualTo(100); // back to min in the next period
    }

    @Test
    void stairsAndRandomWalkArePiecewiseConstantAndTheWalkIsSeededAndBounded() {
        var s = new RateFunction.Stairs(List.of(10.0, 20.0, 30.0), 2);
        assertThat(s.rate(0)).isEqualTo(10);
        assertThat(s.rate(3)).isEqualTo(20);
        assertThat(s.rate(5.9)).isEqualTo(30);
        assertThat(s.duration()).isEqualTo(6);
        var a = new RateFunction.RandomWalk(100, 200, 150, 30, 0.5, 60, 7);
        var b = new RateFunction.RandomWalk(100, 200, 150, 30, 0.5, 60, 7);
        for (double t = 0; t < 60; t += 0.25) {
            assertThat(a.rate(t)).isEqualTo(b.rate(t)).isBetween(100.0, 200.0);
        }
        assertThat(a.rate(0)).isEqualTo(150);
    }

    @Test
    void deterministicArrivalsAreExactForPiecewiseConstantRates() {
        // 1000 ev/s for 1 s then 3000 ev/s for 1 s: event i at i ms, then every 1/3 ms.
        long[] t = RateIntegrator.arrivals(new RateFunction.Stairs(List.of(1000.0, 3000.0), 1), Long.MAX_VALUE, null);
        assertThat(t).hasSize(4000);
        assertThat(t[999]).isEqualTo(999_000_000L);
        assertThat(t[1000]).isEqualTo(1_000_000_000L);
        assertThat(t[1003]).isEqualTo(1_001_000_000L);
        assertThat(t[3999]).isEqualTo(1_999_666_667L);
    }

    @Test
    void intendedTimesFollowTheWaveCountPerSecondOfTheIntegral() {
        // ∫ of the wave over whole periods is the mean rate × time: 200 ev/s × 8 s.
        long[] t = RateIntegrator.arrivals(new RateFunction.Wave(100, 300, 4, 8), Long.MAX_VALUE, null);
        assertThat(t).hasSize(1600);
        // Over the first second Λ(1) = 200·1 + 100·4/(2π)·(1 − cos(π/2)) = 200 + 200/π ≈ 263.66.
        long inFirstSecond =
                java.util.Arrays.stream(t).filter(x -> x < 1_000_000_000L).count();
        assertThat(inFirstSecond).isEqualTo(264); // events 0..263
    }

    @Test
    void poissonArrivalsHaveTheRightMeanAndVarianceAndAreReproducible() {
        double rate = 10_000;
        long[] a =
                RateIntegrator.arrivals(new RateFunction.Constant(rate, 20), Long.MAX_VALUE, new SplittableRandom(42));
        long[] b =
                RateIntegrator.arrivals(new RateFunction.Constant(rate, 20), Long.MAX_VALUE, new SplittableRandom(42));
        assertThat(a).isEqualTo(b);
        // Count over 20 s: Poisson(200 000), sd ≈ 447: 5 sd either side.
        assertThat(a.length).isBetween(200_000 - 2_236, 200_000 + 2_236);
        // Gaps: exponential with mean 100 µs and variance (100 µs)²; standard errors ~0.22 % and ~0.45 %.
        double sum = 0, sq = 0;
        for (int i = 1; i < a.length; i++) {
            double g = a[i] - a[i - 1];
            sum += g;
            sq += g * g;
        }
        int n = a.length - 1;
        double mean = sum / n, var = sq / n - mean * mean;
        assertThat(mean).isCloseTo(100_000, offset(100_000 * 0.012));
        assertThat(var).isCloseTo(1e10, offset(1e10 * 0.025));
        // Counts per 10 ms window: Poisson(100), so variance ≈ mean.
        long[] per = new long[2000];
        for (long x : a) per[(int) Math.min(1999, x / 10_000_000L)]++;
        double m = java.util.Arrays.stream(per).average().orElseThrow();
        double v =
                java.util.Arrays.stream(per).mapToDouble(c -> (c - m) * (c - m)).sum() / (per.length - 1);
        assertThat(v / m).isBetween(0.85, 1.15);
    }

    @Test
    void poissonWithACountStopsAtTheCount() {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.constant = new Workload.ConstantDef();
        p.constant.rate = 5000;
        p.constant.count = 1234L;
        p.arrivals = ArrivalProcess.POISSON;
        Profile profile = Profile.of(p);
        assertThat(profile.arrivals().count()).isEqualTo(1234);
        // The target is what was asked; the intended times' own rate is the draw's, near it.
        assertThat(profile.targetRate()).isEqualTo(5000.0);
        assertThat(profile.intendedRate()).isCloseTo(5000, offset(5000 * 0.15)).isNotEqualTo(5000.0);
        p.constant.duration = Dur.parse("1s");
        p.constant.count = null;
        assertThat(Profile.of(p).span()).isEqualTo(1_000_000_000L);
    }

    @Test
    void aPoissonPhaseKeepsTheTargetItAskedForBesideTheRateItDrew() {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.constant = new Workload.ConstantDef();
        p.constant.rate = 50_000;
        p.constant.duration = Dur.parse("2s");
        p.arrivals = ArrivalProcess.POISSON;
        p.seed = 5;
        Profile poisson = Profile.of(p);
        assertThat(poisson.targetRate()).isEqualTo(50_000.0);
        assertThat(poisson.intendedRate())
                .isEqualTo(poisson.arrivals().count() / 2.0)
                .isNotEqualTo(50_000.0);
        Schedule.PhaseInfo info = Schedule.of(java.util.List.of(p)).phases.get(0);
        assertThat(info.rateText())
                .isEqualTo(String.format(
                        java.util.Locale.ROOT,
                        "target 50000.0 ev/s, intended %.1f ev/s (Poisson arrivals)",
                        poisson.intendedRate()));
        // A wave asks for the mean of its rate function: 110 000 ev/s between 20 000 and 200 000.
        p.arrivals = null;
        p.constant = null;
        p.wave = new Workload.PatternDef();
        p.wave.min = 20_000.0;
        p.wave.max = 200_000.0;
        p.wave.period = Dur.parse("2s");
        p.wave.duration = Dur.parse("6s");
        Profile wave = Profile.of(p);
        assertThat(wave.targetRate()).isCloseTo(110_000, offset(1e-6)).isEqualTo(wave.intendedRate());
        p.arrivals = ArrivalProcess.POISSON;
        assertThat(Profile.of(p).targetRate()).isCloseTo(110_000, offset(1.0));
        assertThat(Schedule.of(java.util.List.of(p)).phases.get(0).rateText())
                .startsWith("target 110000.0 ev/s, intended ");
    }
}
