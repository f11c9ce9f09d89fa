package dev.evperf.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.analysis.figures.Disturbance;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stalls, the senders' involuntary switches and steal, placed in the intervals they fell in. */
class DisturbanceTest {
    @TempDir
    Path dir;

    static TrialResult result(long stalls, double totalMs, double maxMs, Long switches, Double steal) {
        TrialResult.Draft r = ok(100);
        r.runNs = 1_000_000_000L;
        r.disturbance = new TrialResult.Disturbance(
                new TrialResult.Stalls(1, stalls, totalMs, maxMs, (int) stalls), switches, steal, null, null, null);
        return r.result();
    }

    /** An ok trial's result.json with {@code events} sent and as many outputs, delivered on the sending thread. */
    static TrialResult.Draft ok(long events) {
        TrialResult.Draft r = new TrialResult.Draft();
        r.status = "ok";
        r.eventsSent = events;
        r.outputsReceived = events;
        r.drainNs = 0L;
        r.records = true;
        r.outputDelivery = "sending-thread";
        return r;
    }

    @Test
    void eachDisturbanceGoesToTheIntervalItFellIn() throws Exception {
        Files.writeString(dir.resolve("intervals.csv"), "t_start_s,phase\n0.000,0\n0.250,0\n0.500,0\n0.750,0\n");
        // a 2 ms stall inside the first interval, a 100 ms one across the second and third
        Files.writeString(dir.resolve("stalls.csv"), "start_ns,end_ns\n100000000,102000000\n450000000,550000000\n");
        // switches rise by 3 in the sample at 0.7 s; steal by 10 ms at 0.9 s; a rise after the loop (1.1 s) is not the
        // loop's
        Files.writeString(
                dir.resolve("sensors.csv"),
                """
                t_ns,sensor,value
                100000000,sensor://procfs/driver/ctx_switches#nonvoluntary,5
                100000000,sensor://procfs/cpu/steal_ms#all,40
                700000000,sensor://procfs/driver/ctx_switches#nonvoluntary,8
                900000000,sensor://procfs/cpu/steal_ms#all,50
                1100000000,sensor://procfs/driver/ctx_switches#nonvoluntary,20
                """);
        Disturbance d = Disturbance.load(dir, result(2, 102, 100, 3L, 10.0));
        assertThat(d.disturbed()).isTrue();
        assertThat(d.disturbedIntervals()).isEqualTo(4);
        assertThat(d.intervals()).isEqualTo(4);
        List<Disturbance.Interval> all = Disturbance.intervals(dir, result(2, 102, 100, 3L, 10.0));
        assertThat(all).extracting(Disturbance.Interval::startS).containsExactly(0.0, 0.25, 0.5, 0.75);
        assertThat(all.get(0).stallMs()).isEqualTo(2.0);
        assertThat(all.get(1).stallMs()).isEqualTo(50.0);
        assertThat(all.get(2).stallMs()).isEqualTo(50.0);
        assertThat(all.get(2).switches()).isEqualTo(3);
        assertThat(all.get(3).stealMs()).isEqualTo(10.0);
        assertThat(d.worst().get(0).stallMs()).isEqualTo(50.0);
        assertThat(d.describe())
                .startsWith(
                        "the machine took the core away from the driver during the timed loop: 2 stalls of the driver"
                                + " while it waited (> 1 ms between two clock reads: 102.000 ms in all, the longest 100.000 ms), 3 involuntary context"
                                + " switches of the sender thread(s), 10 ms of CPU time stolen by the host; 4 of 4 intervals disturbed");
    }

    @Test
    void aCalmLoopIsNotDisturbedAndOldResultsHaveNoRecord() throws Exception {
        Files.writeString(dir.resolve("intervals.csv"), "t_start_s,phase\n0.000,0\n0.250,0\n");
        Disturbance d = Disturbance.load(dir, result(0, 0, 0, 0L, 0.0));
        assertThat(d.disturbed()).isFalse();
        assertThat(d.disturbedIntervals()).isZero();
        TrialResult.Draft plain = ok(1);
        plain.outputDelivery = null;
        assertThat(Disturbance.load(dir, plain.result())).isNull();
    }
}
