package dev.evperf.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reference engine's benchmarks, each body run twice outside JMH at small sizes with the same
 * setup and checks (P7's validation, the output counts, SlideM's files removed): the build catches a
 * benchmark that no longer does its work. Nothing is timed.
 */
class RefBenchmarksWorkTest {

    @ParameterizedTest
    @ValueSource(strings = {"ref", "esper", "siddhi"})
    void slidingAvgValidatesEachEngineAndSendsFreshBatches(String engine) throws Exception {
        SlidingAvgBenchmark b = new SlidingAvgBenchmark();
        SlidingAvgBenchmark.Run r = new SlidingAvgBenchmark.Run();
        r.engine = engine;
        r.rows = 1000;
        r.open(); // throws unless the validation passes
        try {
            for (int i = 0; i < 2; i++) {
                r.freshEvents();
                b.send(r);
            }
            r.freshEvents();
        } finally {
            r.close();
        }
    }

    @ParameterizedTest
    @CsvSource({"columns,1", "columns,100", "projected,1000"})
    void stagingKeepsOneOutputPerEvent(String layout, int staging) throws Exception {
        StagingBenchmark b = new StagingBenchmark();
        b.layout = layout;
        b.staging = staging;
        b.rows = 5000;
        b.open();
        for (int i = 0; i < 2; i++) {
            b.freshEvents();
            b.send();
        }
        b.freshEvents();
        b.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hash", "grace"})
    void joinsEmitOneRowPerEventPerBatch(String join) throws Exception {
        GraceJoinBenchmark b = new GraceJoinBenchmark();
        b.rows = 1000;
        b.join = join;
        b.open();
        for (int i = 0; i < 2; i++) {
            b.freshEvents();
            b.join();
        }
        b.freshEvents();
        b.close();
    }

    @Test
    void slidemBenchmarkRunsVwapAndTheDiskAndRemovesItsFiles() throws Exception {
        SlideMBenchmark b = new SlideMBenchmark();
        SlideMBenchmark.Vwap v = new SlideMBenchmark.Vwap();
        v.ratio = 20_000.0 * 28 / Runtime.getRuntime().maxMemory(); // a window of 20 000 tuples
        v.pool = 2;
        v.open();
        v.mark();
        for (int i = 0; i < 10_000; i++) {
            b.vwap(v);
            b.vwapLatency(v);
        }
        v.ioPerTuple();
        Path dir = v.dir;
        v.close();
        assertThat(Files.exists(dir)).isFalse();

        SlideMBenchmark.Disk d = new SlideMBenchmark.Disk();
        d.open();
        b.diskWrite(d);
        b.diskRead(d);
        d.close();
        assertThat(Files.exists(d.dir)).isFalse();
    }
}
