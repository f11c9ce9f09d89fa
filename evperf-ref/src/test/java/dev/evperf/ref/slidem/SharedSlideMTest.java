package dev.evperf.ref.slidem;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shared SlideM serves N windows from one repository: each window sees its own oldest tuple, the
 * space is the largest window's, and it never needs more disk requests than N separate SlideMs
 * with the same memory (the seed's Eq. 6.5).
 */
class SharedSlideMTest {
    static final int BLOCK = 4096;
    static final int TUPLE = 28;

    @TempDir
    Path dir;

    @Test
    void everyWindowExpiresItsOwnOldestTupleWithFewerRequestsThanSeparateSlideMs() throws Exception {
        SplittableRandom random = new SplittableRandom(11);
        int n = 8;
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) sizes[i] = 10_000 + random.nextInt(10_000); // [R, 2R), as the seed's [3600, 7200] s
        int pool = 64;
        long tuples = 100_000;
        long sharedRequests;
        long sharedSpace;
        try (SharedSlideM ssm = new SharedSlideM(new BlockFile(dir, "ssm", BLOCK, true), BLOCK, TUPLE, pool, sizes)) {
            long[] sorted = ssm.sizes();
            for (long seq = 0; seq < tuples; seq++) {
                int at = ssm.reserve();
                ssm.recentBuffer().putLong(at, seq);
                for (int w = 0; w < n; w++) {
                    if (ssm.full(w)) {
                        assertThat(ssm.oldestBuffer(w).getLong(ssm.oldestOffset(w)))
                                .as("window %d at %d", w, seq)
                                .isEqualTo(seq - sorted[w]);
                        ssm.removeOldest(w);
                    }
                }
            }
            sharedRequests = ssm.reads() + ssm.writes();
            sharedSpace = ssm.ramBlocks() + ssm.diskSlots();
            // the largest window's blocks, plus its partly expired and the partly filled block, the swap's buffer, a
            // spare
            long largest = sorted[n - 1] / (BLOCK / TUPLE);
            assertThat(sharedSpace).isLessThanOrEqualTo(largest + 4);
        }
        long unsharedRequests = 0;
        long unsharedSpace = 0;
        List<SlideM> separate = new ArrayList<>();
        for (long size : sizes) separate.add(new SlideM(new BlockFile(dir, "sm", BLOCK, true), BLOCK, TUPLE, pool / n));
        for (long seq = 0; seq < tuples; seq++) {
            for (int w = 0; w < n; w++) {
                SlideM s = separate.get(w);
                if (s.size() == sizes[w]) s.removeOldest();
                int at = s.reserve();
                s.recentBuffer().putLong(at, seq);
            }
        }
        for (SlideM s : separate) {
            unsharedRequests += s.reads() + s.writes();
            unsharedSpace += s.poolBuffers() + s.diskSlots();
            s.close();
        }
        assertThat(sharedRequests).isPositive().isLessThan(unsharedRequests);
        assertThat(sharedSpace * 4).isLessThan(unsharedSpace); // 8 windows of sizes within 2×: > 4× less space
        assertThat(Files.list(dir).count()).isZero();
    }
}
