package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.agent.clock.SkewedClock;

/** Checks a trial's mapped figures against the truth the test-only clock skews make known. */
final class Truth {
    private Truth() {}

    /**
     * Every event's send, receipt and latency on the controller's clock lie within their bounds of
     * the truth: every process on one host reads the same raw clock, which is the controller's.
     */
    static void withinBounds(
            AgentFigures f, String driver, SkewedClock driverClock, String sink, SkewedClock sinkClock) {
        for (int i = 0; i < f.planned(); i++) {
            long trueSend = driverClock.unskew(f.sendOnAgent(i));
            long trueReceipt = sinkClock.unskew(f.receiptOnAgent(i));
            assertThat(Math.abs(f.send(i) - trueSend))
                    .as("send %d", i)
                    .isLessThanOrEqualTo(f.relation(driver).boundAt(f.sendOnAgent(i)) + 1);
            assertThat(Math.abs(f.receipt(i) - trueReceipt))
                    .as("receipt %d", i)
                    .isLessThanOrEqualTo(f.relation(sink).boundAt(f.receiptOnAgent(i)) + 1);
            assertThat(Math.abs(f.latency(i) - (trueReceipt - trueSend)))
                    .as("latency %d", i)
                    .isLessThanOrEqualTo(f.bound(i) + 2);
        }
    }
}
