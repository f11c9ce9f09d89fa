package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.evperf.core.load.Phases;
import dev.evperf.core.load.Profile;
import dev.evperf.core.load.RateFunction;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.ArrivalProcess;
import dev.evperf.core.workload.Workload.BatchDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The schedule a trial generates chunk by chunk is exactly the one the whole-run arrays gave:
 * checked against a copy of that earlier algorithm (integrate each phase into an array, number
 * bursts across phases, then cut batches over the arrays).
 */
class ScheduleGenerationTest {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{phases: [{name: w, measure: false, bursts: {count: 3, size: 5, distance: 10ms}}, {bursts: {count: 4, size: 7, distance: 0ms}}]}",
                "{phases: [{constant: {rate: 10000, duration: 1s}}, {ramp: {from: 100, to: 30000, duration: 2s}}]}",
                "{phases: [{constant: {rate: 20000, duration: 1s}, arrivals: poisson, seed: 4}, {constant: {rate: 5000, count: 777}, arrivals: poisson}]}",
                "{phases: [{wave: {min: 1000, max: 9000, period: 1s, duration: 3s}}, {stairs: {levels: [100, 3000, 700], step: 500ms}}]}",
                "{phases: [{spike: {min: 500, max: 20000, period: 1s, size: 10, duration: 2s}}, {max: {count: 1000}}]}",
                "{phases: [{random_walk: {min: 100, max: 5000, step: 300, interval: 100ms, duration: 2s, seed: 9}, arrivals: poisson}]}",
                "{batch: {size: 10, interval: 5ms}, phases: [{constant: {rate: 3000, duration: 1s}}, {bursts: {count: 5, size: 33, distance: 20ms}}]}",
                "{batch: {size: {from: 1, to: 50}}, phases: [{ramp: {from: 1000, to: 20000, duration: 1s}, batch: {size: 7, interval: 1ms}}, {constant: {rate: 9000, duration: 1s}}]}",
                "{phases: [{constant: {rate: 1000, duration: 1s}, batch: {size: 4}}, {constant: {rate: 2000, duration: 500ms}}]}",
                "{phases: [{adaptivity: {rate: 2000, ramp: 1s, steady: 2s, peak: 1s, recovery: 1s}}]}"
            })
    void generatedChunkByChunkIsTheWholeRunSchedule(String load) throws Exception {
        var node = YAML.readTree(load);
        List<PhaseDef> phases = Arrays.asList(YAML.treeToValue(node.get("phases"), PhaseDef[].class));
        BatchDef batch = node.has("batch") ? YAML.treeToValue(node.get("batch"), BatchDef.class) : null;
        Schedule.Columns got = Schedule.of(phases, batch).columns();
        Reference want = Reference.of(phases, batch);
        assertThat(got.intended).isEqualTo(want.intended);
        assertThat(got.phase).isEqualTo(want.phase);
        assertThat(got.burst).isEqualTo(want.burst);
        assertThat(got.position).isEqualTo(want.position);
        assertThat(got.batchFirst).isEqualTo(want.batchFirst);
        assertThat(got.batchDue).isEqualTo(want.batchDue);
        assertThat(got.intended.length).isPositive();
        if (batch == null && phases.stream().allMatch(p -> p.batch == null)) {
            // What the supply uses: bulk fills of a few events at a time, across phase ends.
            int n = want.intended.length;
            long[] intended = new long[n];
            int[] phase = new int[n], burst = new int[n], position = new int[n];
            Schedule.Cursor c = Schedule.of(phases, null).cursor(0);
            int at = 0, k;
            while ((k = c.fill(intended, phase, burst, position, at, Math.min(7, n - at))) > 0) at += k;
            assertThat(at).isEqualTo(n);
            assertThat(intended).isEqualTo(want.intended);
            assertThat(phase).isEqualTo(want.phase);
            assertThat(burst).isEqualTo(want.burst);
            assertThat(position).isEqualTo(want.position);
        }
    }

    /** The earlier whole-run algorithm, kept here as the reference. */
    static final class Reference {
        long[] intended;
        int[] phase, burst, position, batchFirst;
        long[] batchDue;

        static Reference of(List<PhaseDef> phasesIn, BatchDef defaultBatch) {
            List<PhaseDef> defs = Phases.expand(phasesIn);
            long[][] offsets = new long[defs.size()][];
            int[][] bursts = new int[defs.size()][], positions = new int[defs.size()][];
            long[] spans = new long[defs.size()];
            int total = 0;
            for (int ph = 0; ph < defs.size(); ph++) {
                Profile p = Profile.of(defs.get(ph));
                spans[ph] = p.span();
                if (p instanceof Profile.RateProfile rp) {
                    PhaseDef d = defs.get(ph);
                    long max = d.constant != null && d.constant.count != null ? d.constant.count : Long.MAX_VALUE;
                    offsets[ph] = arrivals(
                            rp.function(),
                            max,
                            d.arrivals == ArrivalProcess.POISSON ? new SplittableRandom(d.seed) : null);
                } else if (p instanceof Profile.Bursts b) {
                    int n = (int) (b.bursts() * b.size());
                    offsets[ph] = new long[n];
                    bursts[ph] = new int[n];
                    positions[ph] = new int[n];
                    for (int i = 0; i < n; i++) {
                        bursts[ph][i] = (int) (i / b.size());
                        positions[ph][i] = (int) (i % b.size());
                        offsets[ph][i] = bursts[ph][i] * b.distance();
                    }
                } else {
                    offsets[ph] = new long[(int) p.count()];
                }
                total += offsets[ph].length;
            }
            Reference r = new Reference();
            r.intended = new long[total];
            r.phase = new int[total];
            r.burst = new int[total];
            r.position = new int[total];
            int[] firstSeq = new int[defs.size()];
            int k = 0, burstBase = 0;
            long start = 0;
            for (int ph = 0; ph < defs.size(); ph++) {
                firstSeq[ph] = k;
                int nb = 0;
                for (int i = 0; i < offsets[ph].length; i++, k++) {
                    r.intended[k] = start + offsets[ph][i];
                    r.phase[k] = ph;
                    r.burst[k] = bursts[ph] == null ? -1 : burstBase + bursts[ph][i];
                    r.position[k] = positions[ph] == null ? -1 : positions[ph][i];
                    if (bursts[ph] != null) nb = Math.max(nb, bursts[ph][i] + 1);
                }
                burstBase += nb;
                start += spans[ph];
            }
            boolean any = defaultBatch != null || defs.stream().anyMatch(p -> p.batch != null);
            if (!any) return r;
            int[] first = new int[total + 1];
            long[] due = new long[total];
            int b = 0;
            for (int ph = 0; ph < defs.size(); ph++) {
                BatchDef def = defs.get(ph).batch != null ? defs.get(ph).batch : defaultBatch;
                int from = firstSeq[ph], to = from + offsets[ph].length;
                long phaseStart = from < to ? r.intended[from] : 0;
                long span = Math.max(1, spans[ph]);
                int i = from;
                while (i < to) {
                    long open = r.intended[i];
                    int size = def == null ? 1 : size(def, (open - phaseStart) / (double) span);
                    long interval = def == null || def.interval == null ? Long.MAX_VALUE : def.interval.nanos();
                    int j = i + 1;
                    while (j < to && j - i < size && r.intended[j] - open < interval) j++;
                    boolean full = j - i == size;
                    first[b] = i;
                    due[b] = full || interval == Long.MAX_VALUE ? r.intended[j - 1] : open + interval;
                    b++;
                    i = j;
                }
            }
            first[b] = total;
            r.batchFirst = Arrays.copyOf(first, b + 1);
            r.batchDue = Arrays.copyOf(due, b);
            return r;
        }

        static int size(BatchDef def, double fraction) {
            if (!def.size.isObject()) return def.size.asInt();
            int from = def.size.get("from").asInt(), to = def.size.get("to").asInt();
            return (int) Math.max(1, Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction))));
        }

        /** The earlier integrator: whole arrays, the same steps and the same solve. */
        static long[] arrivals(RateFunction r, long maxCount, SplittableRandom random) {
            double duration = r.duration();
            long[] out = new long[16];
            int n = 0;
            double lambda = 0;
            double target = random == null ? 0 : -Math.log(1 - random.nextDouble());
            double[] jumps = r.jumps();
            int nextJump = 0;
            double t = 0;
            while (n < maxCount && t < duration) {
                double end = Math.min(duration, t + 1e-4);
                if (nextJump < jumps.length && jumps[nextJump] <= end) {
                    end = Math.max(t, jumps[nextJump++]);
                    if (end == t) continue;
                }
                double start = t, dt = end - t;
                double r0 = Math.max(0, r.rate(t + dt * 1e-9)), r1 = Math.max(0, r.rate(end - dt * 1e-9));
                t = end;
                double stepLambda = (r0 + r1) / 2 * dt;
                while (target < lambda + stepLambda && n < maxCount) {
                    double at = start + solve(r0, r1, dt, target - lambda);
                    if (at >= duration * (1 - 1e-12)) break;
                    if (n == out.length) out = Arrays.copyOf(out, out.length * 2);
                    out[n++] = Math.round(at * 1e9);
                    target += random == null ? 1 : -Math.log(1 - random.nextDouble());
                }
                lambda += stepLambda;
            }
            return Arrays.copyOf(out, n);
        }

        static double solve(double r0, double r1, double dt, double need) {
            double a = (r1 - r0) / (2 * dt);
            if (Math.abs(a) < 1e-12) return r0 > 0 ? need / r0 : 0;
            double disc = Math.max(0, r0 * r0 + 4 * a * need);
            return Math.max(0, Math.min(dt, (-r0 + Math.sqrt(disc)) / (2 * a)));
        }
    }
}
