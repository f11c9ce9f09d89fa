package dev.evperf.analysis.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's retained heap is read from the one heap section, and from the section older results wrote. */
class SystemFiguresTest {
    @TempDir
    Path tmp;

    private String text(String resultJson) throws Exception {
        Files.writeString(tmp.resolve("result.json"), resultJson);
        StringBuilder sb = new StringBuilder();
        SystemFigures.text(sb, tmp);
        return sb.toString();
    }

    private static final String LINE =
            "Engine's retained heap (measure.retained_heap; used after full GCs, engine open at"
                    + " the end minus before it opened): ";

    @Test
    void theRetainedHeapIsPartOfHeapAfterGc() throws Exception {
        String text = text("{\"status\":\"ok\",\"heap_after_gc\":{\"before_open_bytes\":20000000,"
                + "\"before_run_bytes\":30000000,\"after_drain_bytes\":32500000,\"retained_bytes\":12500000}}");
        assertThat(text).contains(LINE + "12.5 MB\n");
    }

    @Test
    void olderResultsKeptItInARetainedHeapSection() throws Exception {
        String text = text("{\"status\":\"ok\",\"retained_heap\":{\"before_open_bytes\":20000000,"
                + "\"engine_open_bytes\":27000000,\"retained_bytes\":7000000},"
                + "\"heap_after_gc\":{\"before_run_bytes\":30000000,\"after_drain_bytes\":32500000}}");
        assertThat(text).contains(LINE + "7.0 MB\n");
    }

    @Test
    void withoutTheReadingBeforeTheEngineOpenedThereIsNoLine() throws Exception {
        String text = text("{\"status\":\"ok\",\"heap_after_gc\":{\"before_run_bytes\":30000000,"
                + "\"after_drain_bytes\":32500000}}");
        assertThat(text).doesNotContain("retained heap");
    }
}
