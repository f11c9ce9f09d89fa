package dev.evperf.monitor.sensors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A component's CPU counts the processes it forks (a database's backend per connection), whether they
 * still run or the component has reaped them. The waits are bounded by CPU time the child must have
 * used, not by wall time, so a busy machine only makes them longer.
 */
class ProcessCpuTest {

    @Test
    void aRunningChildCountsInItsParentsTree() throws Exception {
        Process parent = new ProcessBuilder("bash", "-c", "bash -c 'while :; do :; done' & wait").start();
        try {
            double tree = waitFor(parent.pid(), 0.3, 120);
            assertThat(tree - ProcessCpu.seconds(parent.pid())).isGreaterThanOrEqualTo(0.3);
            assertThat(ProcessCpu.seconds(parent.pid())).isLessThan(0.3);
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aReapedChildStillCountsInItsParentsTree() throws Exception {
        // The child counts to 100 000 and ends; bash waits for it (reaps it) and then sleeps.
        Process parent = new ProcessBuilder(
                        "bash", "-c", "bash -c 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'; sleep 120; true")
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            // Until the counting child has been reaped: sleep is then the only child.
            while (System.nanoTime() < deadline
                    && parent.children()
                            .noneMatch(c -> c.info().command().orElse("").endsWith("sleep"))) {
                Thread.sleep(20);
            }
            double ownSeconds = ProcessCpu.seconds(parent.pid());
            double tree = ProcessCpu.treeSeconds(parent.pid());
            assertThat(tree - ownSeconds)
                    .as("the reaped child's CPU (cutime + cstime)")
                    .isGreaterThan(0.02);
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcessThatIsGoneReadsAsNaN() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor(10, TimeUnit.SECONDS);
        long pid = p.pid();
        assertThat(ProcessCpu.treeSeconds(pid)).isNaN();
        assertThat(ProcessCpu.seconds(pid)).isNaN();
    }

    /** Polls until the tree of pid has used at least cpu seconds, or the wall-clock limit passes. */
    private static double waitFor(long pid, double cpu, int limitSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitSeconds);
        double tree;
        while ((tree = ProcessCpu.treeSeconds(pid)) < cpu && System.nanoTime() < deadline) Thread.sleep(20);
        return tree;
    }
}
