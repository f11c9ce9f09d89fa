package dev.evperf.ref.slidem;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SlideM keeps a window far larger than its pool, in order, with the I/O of the seed's model. */
class SlideMTest {
    static final int TUPLE = 28;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "pool {0} blocks, direct I/O {1}")
    @CsvSource({"2, true", "2, false", "5, true"})
    void aWindowLargerThanThePoolComesBackInOrderWithTwoIosPerBlock(int pool, boolean direct) throws Exception {
        int block = 4096;
        long window = 20_000; // 137 blocks of 146 tuples: far more than the pool
        try (SlideM s = new SlideM(new BlockFile(dir, "t", block, direct), block, TUPLE, pool)) {
            int perBlock = block / TUPLE;
            long measuredFrom = 3 * window;
            long readsBefore = 0;
            long writesBefore = 0;
            for (long seq = 0; seq < 6 * window; seq++) {
                if (seq == measuredFrom) {
                    readsBefore = s.reads();
                    writesBefore = s.writes();
                }
                if (s.size() == window) {
                    // the oldest tuple is the one `window` arrivals ago, read back from RAM or disk
                    assertThat(s.oldestBuffer().getLong(s.oldestOffset())).isEqualTo(seq - window);
                    assertThat(s.oldestBuffer().getInt(s.oldestOffset() + 24)).isEqualTo((int) (seq - window) * 7);
                    s.removeOldest();
                }
                int at = s.reserve();
                s.recentBuffer().putLong(at, seq).putInt(at + 24, (int) seq * 7);
            }
            assertThat(s.poolBuffers()).isLessThanOrEqualTo(pool);
            // the seed's model: every block of tuples is written once and read once, IOPS = 2λ / ⌊block / tuple⌋
            long tuples = 3 * window;
            double model = (double) tuples / perBlock;
            assertThat((double) (s.writes() - writesBefore)).isCloseTo(model, org.assertj.core.data.Offset.offset(1.0));
            assertThat((double) (s.reads() - readsBefore)).isCloseTo(model, org.assertj.core.data.Offset.offset(1.0));
            // free slots are reused: the file holds the window's disk part, not the stream
            assertThat(s.diskSlots()).isLessThanOrEqualTo(window / perBlock + 2);
            assertThat(Files.list(dir).count()).isEqualTo(1);
        }
        assertThat(Files.list(dir).count()).isZero();
    }
}
