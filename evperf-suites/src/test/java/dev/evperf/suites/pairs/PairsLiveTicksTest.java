package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import dev.evperf.suites.data.EventSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PairsLiveTicksTest {
    /** The fields in another order than the file's, the sequence field in the middle. */
    static final StreamSchema SCHEMA = new StreamSchema(
            "StockTick",
            List.of(
                    new Field("tickTS", FieldType.LONG),
                    new Field("TS", FieldType.LONG),
                    new Field("symbol", FieldType.STRING),
                    new Field("size", FieldType.INT),
                    new Field("price", FieldType.INT)));

    @Test
    void theLiveSourceMakesTheTicksTheGeneratedFileHolds(@TempDir Path dir) throws Exception {
        PairsFiles.Written w = PairsFiles.write(dir, new PairsScale(2), 0.1, 5, 1);
        List<StockTick> file = PairsFiles.readTicks(dir, 1);
        EventSource live = EventSource.open("pairs", SCHEMA, 1, Map.of("sf", "2", "minutes", "0.1", "seed", "5"));
        for (StockTick t : file) {
            Object[] row = live.next();
            assertThat(row).containsExactly(t.tickTS(), null, t.symbol(), t.size(), t.price());
        }
        assertThat(live.next()).isNull();
        assertThat(file).hasSize((int) w.ticks());
    }

    @Test
    void badArgumentsAndFieldsAreOneLine() {
        var f = new PairsLiveTicks();
        assertThatThrownBy(() -> f.open(SCHEMA, 1, Map.of("sf", "1.5")))
                .hasMessage("live source pairs: sf 1.5: expected a whole number from 1 to 1000");
        assertThatThrownBy(() -> f.open(SCHEMA, 1, Map.of("sf", "1001")))
                .hasMessage("live source pairs: sf 1001: expected a whole number from 1 to 1000");
        assertThatThrownBy(() -> f.open(SCHEMA, 1, Map.of("sf", "1", "minutes", "soon")))
                .hasMessage("live source pairs: minutes 'soon': expected a number");
        assertThatThrownBy(() -> f.open(SCHEMA, 1, Map.of("sf", "1", "minutes", "0")))
                .hasMessage("live source pairs: minutes 0: expected above 0 and at most 1210.0");
        var noSize = new StreamSchema(
                "T",
                List.of(
                        new Field("TS", FieldType.LONG),
                        new Field("symbol", FieldType.STRING),
                        new Field("price", FieldType.INT),
                        new Field("tickTS", FieldType.LONG)));
        assertThatThrownBy(() -> f.open(noSize, 0, Map.of("sf", "1")))
                .hasMessage("live source pairs: stream T lacks [size]");
        var extra =
                new StreamSchema("T", List.of(new Field("TS", FieldType.LONG), new Field("venue", FieldType.STRING)));
        assertThatThrownBy(() -> f.open(extra, 0, Map.of("sf", "1")))
                .hasMessageStartingWith(
                        "live source pairs: stream T has field 'venue', which a StockTick does not have");
    }
}
