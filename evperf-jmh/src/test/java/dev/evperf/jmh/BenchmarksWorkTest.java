package dev.evperf.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs each benchmark body twice outside JMH (no timing), with the same setup and checks, so that
 * the build catches a benchmark that no longer does its work (e.g. an engine that stops emitting).
 */
class BenchmarksWorkTest {

    @ParameterizedTest
    @ValueSource(strings = {"SENDING_THREAD", "ANY_THREAD", "SENDING_THREAD_SEND_END"})
    void driverLoopVariantsDeliverEveryEvent(String delivery) throws Exception {
        DriverLoopBenchmark b = new DriverLoopBenchmark();
        DriverLoopBenchmark.Events ev = new DriverLoopBenchmark.Events();
        ev.prepare();

        DriverLoopBenchmark.WithRecords rec = new DriverLoopBenchmark.WithRecords();
        rec.delivery = delivery;
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
    @org.junit.jupiter.params.provider.CsvSource({"siddhi,trial", "siddhi,send-end", "esper,trial", "esper,send-end"})
    void harnessShareVariantsDoTheSameEngineWork(String engine, String receipt) throws Exception {
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
        evperf.receipt = receipt;
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

}
