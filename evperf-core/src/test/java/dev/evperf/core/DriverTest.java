package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.OutputRecords;
import org.junit.jupiter.api.Test;

class DriverTest {
    @Test
    void recordsSendTimesAndOutputsOfASynchronousEngine() {
        int n = 1000;
        Object[][] events = new Object[n][];
        for (int i = 0; i < n; i++) events[i] = new Object[] {(long) i};
        long[] intended = new long[n];
        long origin = System.nanoTime();
        OutputRecords out = new OutputRecords(n, origin);
        var listener = out.listener(0, 0);
        long[] start = new long[n];
        long[] end = new long[n];
        Driver.run(listener::onOutput, events, intended, origin, start, end);
        assertThat(out.recorded()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(out.seq[i]).isEqualTo(i);
            assertThat(start[i]).isLessThanOrEqualTo(out.received[i]);
            assertThat(out.received[i]).isLessThanOrEqualTo(end[i]);
            if (i > 0) assertThat(start[i]).isEqualTo(end[i - 1]); // one clock read per event in a burst
        }
    }

    @Test
    void waitsForTheAbsoluteScheduleAndCountsOutputsBeyondCapacity() {
        int n = 5;
        Object[][] events = new Object[n][];
        long[] intended = new long[n];
        for (int i = 0; i < n; i++) {
            events[i] = new Object[] {(long) i};
            intended[i] = 2_000_000L * i; // every 2 ms
        }
        long origin = System.nanoTime();
        OutputRecords out = new OutputRecords(3, origin);
        var l = out.listener(0, 0);
        long[] start = new long[n];
        long[] end = new long[n];
        Driver.run(e -> { l.onOutput(e); l.onOutput(e); }, events, intended, origin, start, end);
        for (int i = 0; i < n; i++) assertThat(start[i]).isGreaterThanOrEqualTo(intended[i]);
        assertThat(out.count()).isEqualTo(10);
        assertThat(out.recorded()).isEqualTo(3);
    }
}
