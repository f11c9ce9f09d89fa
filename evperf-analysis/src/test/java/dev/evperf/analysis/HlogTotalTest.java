package dev.evperf.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.analysis.trial.HlogTotal;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A warm-up cut on an HdrHistogram interval log keeps the intervals that end after the warm-up's end. */
class HlogTotalTest {
    @TempDir
    Path tmp;

    /** Intervals [k·250, (k+1)·250) ms as the trial runner writes them: 100 µs values in the first two, 10 µs after. */
    private Path log() throws Exception {
        Path f = tmp.resolve("latency-processing.hlog");
        long origin = 1_795_000_000_000L; // epoch ms of the trial's origin
        try (PrintStream ps = new PrintStream(Files.newOutputStream(f))) {
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputLogFormatVersion();
            w.outputStartTime(origin);
            w.setBaseTime(origin);
            w.outputLegend();
            for (int k = 0; k < 8; k++) {
                Histogram h = new Histogram(3);
                for (int i = 0; i < 10; i++) h.recordValue(k < 2 ? 100_000 : 10_000);
                h.setStartTimeStamp(origin + 250L * k);
                h.setEndTimeStamp(origin + 250L * (k + 1));
                w.outputIntervalHistogram(h);
            }
        }
        return f;
    }

    @Test
    void allIntervalsWithoutACut() throws Exception {
        Histogram h = HlogTotal.read(log(), null);
        assertThat(h.getTotalCount()).isEqualTo(80);
        assertThat(h.getMaxValue()).isGreaterThanOrEqualTo(100_000);
    }

    @Test
    void aCutKeepsTheIntervalsEndingAfterIt() throws Exception {
        Path f = log();
        // warm-up ends at 500 ms: the first two intervals end by then
        Histogram h = HlogTotal.read(f, 500_000_000L);
        assertThat(h.getTotalCount()).isEqualTo(60);
        assertThat(h.getMaxValue()).isLessThan(11_000);
        // ending at 300 ms: the interval holding the end, [250, 500), is kept
        assertThat(HlogTotal.read(f, 300_000_000L).getTotalCount()).isEqualTo(70);
    }

    @Test
    void noLogIsNull() {
        assertThat(HlogTotal.read(tmp.resolve("none.hlog"), null)).isNull();
    }
}
