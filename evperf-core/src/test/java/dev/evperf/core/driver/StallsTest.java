package dev.evperf.core.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.monitor.sensors.Descheduling;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the driver records of its own descheduling: stalls while waiting, and its involuntary switches. */
class StallsTest {
    @AfterEach
    void reset() {
        Stalls.reset();
    }

    @Test
    void stallsAreCountedSummedAndWrittenOnTheTrialsAxis(@TempDir Path dir) throws Exception {
        Stalls.reset();
        Stalls.record(1_000_000_000L, 1_003_000_000L);
        Stalls.record(2_000_000_000L, 2_001_500_000L);
        assertThat(Stalls.summary()).isEqualTo(new TrialResult.Stalls(1.0, 2, 4.5, 3.0, 2));
        Stalls.write(dir, 1_000_000_000L);
        assertThat(Files.readAllLines(dir.resolve(Stalls.FILE)))
                .containsExactly("start_ns,end_ns", "0,3000000", "1000000000,1001500000");
    }

    @Test
    void theSendingThreadsInvoluntarySwitchesAreReadFromProcfs() {
        Descheduling.reset();
        Descheduling.begin();
        long x = 0;
        for (int i = 0; i < 5_000_000; i++) x += i ^ (x >>> 3); // some work to be preempted in
        Descheduling.end();
        TrialResult.Disturbance m = Descheduling.summary(Stalls.summary(), Descheduling.stealMs());
        assertThat(x).isNotZero();
        // Linux has /proc/thread-self: a count (0 or more), not null; steal over no time is 0 (or null without a steal
        // column)
        assertThat(m.driverInvoluntarySwitches()).isNotNull().isGreaterThanOrEqualTo(0L);
        assertThat(m.stealMs() == null || m.stealMs() >= 0).isTrue();
    }
}
