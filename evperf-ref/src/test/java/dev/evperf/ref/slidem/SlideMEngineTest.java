package dev.evperf.ref.slidem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.InputHandle;
import dev.evperf.api.StreamSchema;
import dev.evperf.ref.RefEngineFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed's VWAP query with its window in SlideM gives the rows of the window in the heap. */
class SlideMEngineTest {
    static final StreamSchema TICKS = new StreamSchema(
            "Ticks",
            List.of(
                    new Field("ts", FieldType.LONG),
                    new Field("symbol", FieldType.STRING),
                    new Field("price", FieldType.DOUBLE),
                    new Field("volume", FieldType.LONG)));
    static final String VWAP = "SELECT symbol, SUM(price * volume) / SUM(volume) AS vwap\n"
            + "FROM Ticks [RANGE 10 s ON ts] GROUP BY symbol INTO Vwap";

    @TempDir
    Path dir;

    private List<List<Object>> run(Map<String, Object> options, int events) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (Engine engine =
                new RefEngineFactory().open(new EngineSpec(List.of(TICKS), VWAP, List.of("Vwap"), options))) {
            engine.subscribe("Vwap", r -> rows.add(List.of(r.clone())));
            InputHandle in = engine.input("Ticks");
            for (int i = 0; i < events; i++) {
                // 1 ms apart: the 10 s window holds 10 000 tuples of 28 B, four 64 KB blocks
                in.send(new Object[] {(long) i, "S" + (i % 100), 10 + (i * 7919 % 1000) / 100.0, (long) (100 + i % 900)
                });
            }
            if (options.containsKey("store"))
                assertThat(Files.list(dir).count()).isEqualTo(1);
        }
        return rows;
    }

    @Test
    void vwapInSlideMWithTwoBlocksEqualsVwapInTheHeap() throws Exception {
        Map<String, Object> slidem =
                new HashMap<>(Map.of("store", "slidem", "pool_blocks", 2, "directory", dir.toString()));
        List<List<Object>> onDisk = run(slidem, 50_000);
        assertThat(onDisk).hasSize(50_000).isEqualTo(run(Map.of(), 50_000));
        assertThat(Files.list(dir).count())
                .as("SlideM's file is removed on close")
                .isZero();
    }

    @Test
    void badSlideMOptionsAreOneLine() {
        assertThatThrownBy(() -> run(Map.of("store", "slidem", "block", 1000, "directory", dir.toString()), 1))
                .isInstanceOf(EngineException.class)
                .hasMessage("ref: option block must be a power of two of at least 64 B, not 1000");
        assertThatThrownBy(() -> run(Map.of("store", "slidem", "pool_blocks", 1, "directory", dir.toString()), 1))
                .hasMessage("ref: option pool_blocks is a whole number in 2..2147483647, not '1'");
        assertThatThrownBy(() -> run(Map.of("store", "slidem", "block", 256, "directory", dir.toString()), 1))
                .hasMessageStartingWith("ref: SlideM: direct I/O in " + dir + " needs blocks that are a multiple of");
    }
}
