package dev.evperf.api.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TracerTest {
    @Test
    void tracepointsRegisterOnceWithTheirLocationAndRecordIntoThePerThreadBuffer() throws Exception {
        Tracepoint a = Tracepoint.register("test.a");
        assertThat(Tracepoint.register("test.a")).isSameAs(a);
        assertThat(a.location()).contains("TracerTest.tracepointsRegisterOnce");
        Thread t = new Thread(
                () -> {
                    a.record(1); // off: nothing is recorded
                    Tracer.enable(3);
                    Tracer.Buffer b = Tracer.buffer();
                    for (long seq = 10; seq < 15; seq++) a.record(seq);
                    Tracer.disable();
                    assertThat(b.size()).isEqualTo(3);
                    assertThat(b.lost()).isEqualTo(2); // the buffer holds 3; the rest are counted, not kept
                    assertThat(b.seq(0)).isEqualTo(10);
                    assertThat(b.seq(2)).isEqualTo(12);
                    assertThat(b.point(1)).isEqualTo(a.id());
                    assertThat(b.time(2)).isGreaterThanOrEqualTo(b.time(0));
                    assertThat(b.thread()).isEqualTo("tracer-test");
                },
                "tracer-test");
        t.start();
        t.join();
        assertThat(Tracer.buffers()).anyMatch(b -> b.thread().equals("tracer-test"));
    }
}
