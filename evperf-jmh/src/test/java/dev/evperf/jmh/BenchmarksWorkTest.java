package dev.evperf.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs each benchmark body twice outside JMH (no timing), with the same setup and checks, so that
 * the build catches a benchmark that no longer does its work (e.g. an engine that stops emitting).
 */
class BenchmarksWorkTest {

    @Test
    void driverLoopVariantsDeliverEveryEvent() throws Exception {
        DriverLoopBenchmark b = new DriverLoopBenchmark();
        DriverLoopBenchmark.Events ev = new DriverLoopBenchmark.Events();
        ev.prepare();

        DriverLoopBenchmark.WithRecords rec = new DriverLoopBenchmark.WithRecords();
        rec.open();
        for (int i = 0; i < 2; i++) {
            assertThat(b.driverWithRecords(ev, rec)).isEqualTo(DriverLoopBenchmark.BATCH);
            rec.check();
        }
        assertThat(rec.sendEnd[DriverLoopBenchmark.BATCH - 1]).isGreaterThanOrEqualTo(rec.sendStart[0]);
        rec.close();

        DriverLoopBenchmark.Counting counting = new DriverLoopBenchmark.Counting();
        counting.open();
        for (int i = 0; i < 2; i++) {
            assertThat(b.plainLoopCounting(ev, counting)).isEqualTo(DriverLoopBenchmark.BATCH);
            counting.check();
        }
        counting.close();

        DriverLoopBenchmark.DriverCounting dc = new DriverLoopBenchmark.DriverCounting();
        dc.open();
        for (int i = 0; i < 2; i++) {
            assertThat(b.driverCountingOnly(ev, dc)).isEqualTo(DriverLoopBenchmark.BATCH);
            dc.check();
        }
        dc.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"siddhi", "esper"})
    void harnessShareVariantsDoTheSameEngineWork(String engine) throws Exception {
        HarnessShareBenchmark b = new HarnessShareBenchmark();

        HarnessShareBenchmark.Raw raw = new HarnessShareBenchmark.Raw();
        raw.engine = engine;
        raw.open();
        try {
            for (int i = 0; i < 2; i++) {
                raw.freshEvents(); // checks the previous invocation's output count
                b.raw(raw);
            }
            raw.freshEvents();
        } finally {
            raw.close();
        }

        HarnessShareBenchmark.Evperf evperf = new HarnessShareBenchmark.Evperf();
        evperf.engine = engine;
        evperf.open();
        try {
            for (int i = 0; i < 2; i++) {
                evperf.freshEvents();
                assertThat(b.evperf(evperf)).isEqualTo(HarnessShareBenchmark.BATCH);
            }
            evperf.freshEvents();
        } finally {
            evperf.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"real", "plainCounter", "noClock"})
    void sinkVariantsRecordEveryOutput(String sink) throws Exception {
        SinkVariantsBenchmark b = new SinkVariantsBenchmark();
        b.sink = sink;
        b.open();
        for (int i = 0; i < 2; i++) {
            b.driverWithSink();
            b.check();
        }
        b.close();
    }
}
