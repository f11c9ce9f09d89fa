package dev.evperf.core.load;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A load pattern as a rate function r(t), in events/s, of the time t in seconds since the phase
 * started (SPBench's patterns, generalised). The schedule integrates r(t) into absolute intended
 * send times, so the pattern's resolution never depends on the event rate and nothing drifts.
 */
public interface RateFunction {
    double rate(double t);

    /** Seconds the phase lasts. */
    double duration();

    /** The highest rate the function reaches (for scaling charts and shape errors). */
    double maxRate();

    /**
     * Times in (0, duration) where r jumps. The integrator ends a step exactly there, so
     * square waves and stairs are integrated without smearing their edges.
     */
    default double[] jumps() {
        return new double[0];
    }

    record Constant(double r, double duration) implements RateFunction {
        public double rate(double t) {
            return r;
        }

        public double maxRate() {
            return r;
        }
    }

    /** Linear from {@code from} to {@code to} over the whole duration. */
    record Linear(double from, double to, double duration) implements RateFunction {
        public double rate(double t) {
            return from + (to - from) * Math.min(1, t / duration);
        }

        public double maxRate() {
            return Math.max(from, to);
        }
    }

    /** Each level in turn for {@code step} seconds. */
    record Stairs(List<Double> levels, double step) implements RateFunction {
        public double rate(double t) {
            return levels.get((int) Math.min(levels.size() - 1, Math.floor(t / step)));
        }

        public double duration() {
            return levels.size() * step;
        }

        public double maxRate() {
            return levels.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        }

        public double[] jumps() {
            double[] j = new double[levels.size() - 1];
            for (int i = 0; i < j.length; i++) j[i] = (i + 1) * step;
            return j;
        }
    }

    /** SPBench's wave: A·sin(2πt/period) + (A + min), A = (max − min)/2; starts mid-range, rising. */
    record Wave(double min, double max, double period, double duration) implements RateFunction {
        public double rate(double t) {
            double a = (max - min) / 2;
            return a * Math.sin(2 * Math.PI * t / period) + a + min;
        }

        public double maxRate() {
            return max;
        }
    }

    /** SPBench's binary pattern: a square wave, half a period at each level, starting at min. */
    record Binary(double min, double max, double period, double duration) implements RateFunction {
        public double rate(double t) {
            return (t % period) < period / 2 ? min : max;
        }

        public double maxRate() {
            return max;
        }

        public double[] jumps() {
            return halfPeriods(period / 2, duration);
        }
    }

    /** Linear from min to max over one period, then clamped at max (SPBench overshoots; evperf does not). */
    record Increasing(double min, double max, double period, double duration) implements RateFunction {
        public double rate(double t) {
            return min + (max - min) * Math.min(1, t / period);
        }

        public double maxRate() {
            return max;
        }
    }

    /** Linear from max to min over one period, then clamped at min. */
    record Decreasing(double min, double max, double period, double duration) implements RateFunction {
        public double rate(double t) {
            return max - (max - min) * Math.min(1, t / period);
        }

        public double maxRate() {
            return max;
        }
    }

    /**
     * SPBench's spike: min for the first (100 − size)% of each period, then a linear rise to max
     * over the last size%, then back to min at the period's end (a saw-tooth spike).
     */
    record Spike(double min, double max, double period, double sizePercent, double duration) implements RateFunction {
        public double rate(double t) {
            double phase = t % period;
            double start = period * (1 - sizePercent / 100);
            return phase < start ? min : min + (max - min) * (phase - start) / (period - start);
        }

        public double maxRate() {
            return max;
        }

        public double[] jumps() {
            return halfPeriods(period, duration);
        }
    }

    /**
     * A bounded random walk: every {@code interval} seconds the rate moves by a uniform step in
     * [−step, +step], kept within [min, max]; seeded, so every trial sees the same walk.
     */
    final class RandomWalk implements RateFunction {
        private final double[] levels;
        private final double interval;
        private final double duration;
        private final double max;

        public RandomWalk(
                double min, double max, double start, double step, double interval, double duration, long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            this.levels = new double[(int) Math.ceil(duration / interval)];
            double r = start;
            for (int i = 0; i < levels.length; i++) {
                levels[i] = r;
                r = Math.max(min, Math.min(max, r + (random.nextDouble() * 2 - 1) * step));
            }
            this.interval = interval;
            this.duration = duration;
            this.max = max;
        }

        public double rate(double t) {
            return levels[(int) Math.min(levels.length - 1, Math.floor(t / interval))];
        }

        public double duration() {
            return duration;
        }

        public double maxRate() {
            return max;
        }

        public double[] jumps() {
            double[] j = new double[levels.length - 1];
            for (int i = 0; i < j.length; i++) j[i] = (i + 1) * interval;
            return j;
        }
    }

    private static double[] halfPeriods(double every, double duration) {
        int n = (int) Math.ceil(duration / every);
        double[] j = new double[Math.max(0, n - 1)];
        for (int i = 0; i < j.length; i++) j[i] = (i + 1) * every;
        return j;
    }
}
