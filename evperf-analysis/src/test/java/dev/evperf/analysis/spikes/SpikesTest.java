package dev.evperf.analysis.spikes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.analysis.stats.TrialFiles;
import dev.evperf.analysis.trial.TrialData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A synthetic trial: 4 bursts of 100 events of 20 µs, bursts 100 ms apart, starting at 1 ms
 * (burst b's event p starts at 1 ms + b·100 ms + p·20 µs). Slow events (burst, pos → time):
 * <pre>
 *   (0, 0)  seq 0    10 ms   the run's first event: never a spike
 *   (1, 10) seq 110   6 ms   GC pause inside it                        → gc-pause
 *   (2, 50) seq 250   5 ms   GC pause overlapping its start, and a JIT
 *                            compilation running through it            → gc-pause (jit-compilation also listed)
 *   (2, 70) seq 270   4.5 ms JIT compilation only                      → jit-compilation
 *   (3, 5)  seq 305   4.2 ms nothing overlaps                          → unattributed
 *   (3, 90) seq 390   3 ms   below the 4 ms threshold, overlaps a GC pause: not a spike
 * </pre>
 * Later events of a burst shift by the extra time of the slow ones before them.
 */
class SpikesTest {
    @TempDir
    Path tmp;

    static final long MS = 1_000_000;

    static long eventNs(int b, int p) {
        if (b == 0 && p == 0) return 10 * MS;
        if (b == 1 && p == 10) return 6 * MS;
        if (b == 2 && p == 50) return 5 * MS;
        if (b == 2 && p == 70) return 4_500_000;
        if (b == 3 && p == 5) return 4_200_000;
        if (b == 3 && p == 90) return 3 * MS;
        return 20_000;
    }

    static TrialData trial() {
        return TrialFiles.bursty(4, 100, 100 * MS, SpikesTest::eventNs);
    }

    @Test
    void slowEventsAreAttributedToWhatOverlapsThem() throws Exception {
        TrialData d = trial();
        Path t = tmp.resolve("t001");
        TrialFiles.write(d, t);
        long s110 = d.sendStart(110), s250 = d.sendStart(250), s270 = d.sendStart(270), s390 = d.sendStart(390);
        Files.writeString(
                t.resolve("jvm-events.csv"),
                "kind,start_ns,end_ns,duration_ns,detail\n"
                        + "gc-pause," + (s110 + MS) + "," + (s110 + 4 * MS) + "," + 3 * MS + ",\"GC Pause, young\"\n"
                        + "gc-pause," + (s250 - MS) + "," + (s250 + 2 * MS) + "," + 3 * MS + ",\"GC Pause\"\n"
                        + "jit-compilation," + (s250 - 10 * MS) + "," + (s270 + 10 * MS) + "," + 40 * MS
                        + ",\"a.B.c tier 4\"\n"
                        + "gc-pause," + s390 + "," + (s390 + 2 * MS) + "," + 2 * MS + ",\"GC Pause\"\n"
                        + "deoptimization,500000000,500000000,0,\"x.Y.z unstable_if\"\n");
        TrialSpikes spikes = Spikes.load(t, SpikeOptions.DEFAULT);
        SpikeReport ev = spikes.events();
        assertThat(ev.thresholdNs()).isEqualTo(4 * MS);
        assertThat(ev.candidates()).isEqualTo(399); // the first event left out
        assertThat(ev.spikes()).extracting(Spike::seq).containsExactly(110L, 250L, 270L, 305L);
        assertThat(ev.spikes())
                .extracting(Spike::cause)
                .containsExactly(Cause.GC_PAUSE, Cause.GC_PAUSE, Cause.JIT_COMPILATION, Cause.UNATTRIBUTED);
        Spike s250spike = ev.spikes().get(1);
        assertThat(s250spike.burst()).isEqualTo(2);
        assertThat(s250spike.pos()).isEqualTo(50);
        assertThat(s250spike.timeMs()).isEqualTo(5.0);
        assertThat(s250spike.causes()).extracting(Cause::cause).containsExactly(Cause.GC_PAUSE, Cause.JIT_COMPILATION);
        assertThat(s250spike.causes().get(0).detail()).isEqualTo("GC Pause");
        assertThat(ev.spikes().get(0).causes().get(0).detail()).isEqualTo("GC Pause, young");
        assertThat(ev.spikes().get(3).causes()).isEmpty();

        Map<String, Integer> by = ev.byCause();
        assertThat(by)
                .containsEntry(Cause.GC_PAUSE, 2)
                .containsEntry(Cause.JIT_COMPILATION, 1)
                .containsEntry(Cause.UNATTRIBUTED, 1)
                .containsEntry(Cause.SAFEPOINT, 0)
                .containsEntry(Cause.PAGE_FAULTS, 0)
                .containsEntry(Cause.FREQUENCY_DROP, 0);
        assertThat(by.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(ev.count());
        assertThat(ev.overlapping()).containsEntry(Cause.GC_PAUSE, 2).containsEntry(Cause.JIT_COMPILATION, 2);
        // In words, for the report: the causes that occurred, no map, no -1.
        assertThat(SpikeText.byCause(ev))
                .isEqualTo("4 slow events (above 4.000 ms): 2 during a GC pause, 1 during a JIT compilation,"
                        + " 1 with no cause found");
        assertThat(SpikeText.what(s250spike)).isEqualTo("event 250 (burst 2, position 50), 5.000 ms");

        // Bursts: 11.98, 7.98, 11.46 and 9.16 ms. The default threshold, twice the median (9.16 ms), leaves none.
        SpikeReport bursts = spikes.bursts();
        assertThat(bursts.candidates()).isEqualTo(4);
        assertThat(bursts.thresholdNs()).isEqualTo(2 * (d.sendEnd(399) - d.sendStart(300)));
        assertThat(bursts.spikes()).isEmpty();
        SpikeReport over10 = Spikes.load(t, SpikeOptions.DEFAULT.withBurstThresholdNs(10 * MS))
                .bursts();
        assertThat(over10.spikes()).extracting(Spike::burst).containsExactly(0, 2);
        assertThat(over10.spikes()).extracting(Spike::cause).containsExactly(Cause.UNATTRIBUTED, Cause.GC_PAUSE);
        assertThat(over10.spikes().get(1).timeMs()).isCloseTo(11.46, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(SpikeText.what(over10.spikes().get(1)))
                .startsWith("burst 2 (from event 200), 11.460 ms")
                .doesNotContain("-1");
        assertThat(SpikeText.byCause(bursts)).isEqualTo("no slow bursts");
    }

    @Test
    void thresholdIsConfigurable() throws Exception {
        Path t = tmp.resolve("t003");
        TrialFiles.write(trial(), t);
        SpikeOptions o = SpikeOptions.DEFAULT.withEventThresholdNs(2 * MS);
        SpikeReport ev = Spikes.load(t, o).events();
        assertThat(ev.spikes()).extracting(Spike::seq).containsExactly(110L, 250L, 270L, 305L, 390L);
        assertThat(ev.byCause()).containsEntry(Cause.UNATTRIBUTED, 5);
        // Without bursts an event has no burst or position to name.
        Spike flat = new Spike(Spike.EVENT, 313, -1, -1, true, 0, 89_186_000, 89.186, Cause.JIT_COMPILATION, List.of());
        assertThat(SpikeText.what(flat)).isEqualTo("event 313, 89.186 ms");
        assertThat(SpikeText.cause(Cause.JIT_COMPILATION)).isEqualTo("JIT compilation");
    }

    @Test
    void pageFaultBurstsAndFrequencyDropsFromSensors() throws Exception {
        TrialData d = trial();
        Path t = tmp.resolve("t002");
        TrialFiles.write(d, t);
        long s110 = d.sendStart(110), s305 = d.sendStart(305);
        // Samples every 50 ms from 0. Minor faults: +100 per sample (2 000/s), except +5 000 (100 000/s) in the
        // interval holding seq 110. cpufreq: 2.9 GHz, except 1.2 GHz on cpu1 at the sample after seq 305.
        StringBuilder csv = new StringBuilder("t_ns,sensor,value\n");
        long faults = 0;
        for (long ts = 0; ts <= 500 * MS; ts += 50 * MS) {
            boolean burst = ts > s110 && ts - 50 * MS < s110 + 6 * MS;
            faults += ts == 0 ? 0 : burst ? 5000 : 100;
            csv.append(ts)
                    .append(",sensor://procfs/process/page_faults#minor,")
                    .append(faults)
                    .append('\n');
            csv.append(ts).append(",sensor://procfs/process/page_faults#major,0\n");
            boolean drop = ts > s305 && ts - 50 * MS < s305;
            csv.append(ts).append(",sensor://cpufreq/cpu/frequency_khz#cpu0,2900000\n");
            csv.append(ts)
                    .append(",sensor://cpufreq/cpu/frequency_khz#cpu1,")
                    .append(drop ? 1200000 : 2900000)
                    .append('\n');
        }
        Files.writeString(t.resolve("sensors.csv"), csv);
        SpikeReport ev = Spikes.load(t, SpikeOptions.DEFAULT).events();
        assertThat(ev.spikes()).extracting(Spike::seq).containsExactly(110L, 250L, 270L, 305L);
        assertThat(ev.spikes())
                .extracting(Spike::cause)
                .containsExactly(Cause.PAGE_FAULTS, Cause.UNATTRIBUTED, Cause.UNATTRIBUTED, Cause.FREQUENCY_DROP);
        assertThat(ev.spikes().get(0).causes().get(0).detail()).contains("minor page faults: 5000 in 50 ms (100000/s)");
        assertThat(ev.spikes().get(3).causes().get(0).detail()).isEqualTo("cpu1 at 1.20 GHz (highest 2.90 GHz)");
    }

    @Test
    void malformedJvmEventsAreOneLineErrors() throws Exception {
        Path t = tmp.resolve("bad");
        Files.createDirectories(t);
        Files.writeString(t.resolve("jvm-events.csv"), "kind,start_ns,end_ns\ngc-pause,12,abc\n");
        assertThatThrownBy(() -> JvmEvent.load(t))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jvm-events.csv:2")
                .hasMessageContaining("integers");
        assertThat(JvmEvent.load(tmp)).isEmpty(); // no file: no JFR, nothing to attribute
    }
}
