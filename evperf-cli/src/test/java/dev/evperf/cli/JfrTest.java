package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JFR in every trial: GC pauses and JIT compilations on the trial's nanoTime axis. */
class JfrTest {
    @TempDir
    Path tmp;

    @Test
    void gcPausesDuringTheRunLandInsideItOnTheTrialsAxis() throws Exception {
        // Siddhi allocates per event; a 4 MB young generation makes it collect during the run.
        String w = EndToEndTest.workload(
                                "siddhi", "from StockStream select id, symbol, price, volume insert into OutputStream;")
                        .replace("bursts: {count: 5, size: 200, distance: 10ms}", "max: {count: 300000}")
                + "trial: {jvm: [-Xmn4m]}\n";
        Path run = tmp.resolve("run");
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        assertThat(t.resolve("trial.jfr")).exists();
        JsonNode result = new ObjectMapper().readTree(t.resolve("result.json").toFile());
        assertThat(result.get("jvm").get("gc-pause").get("count").asLong()).isPositive();
        assertThat(result.get("jvm").get("jit-compilation").get("count").asLong())
                .isPositive();
        // The placement's error: the clocks' drift over the trial, recorded; on one machine, µs at most.
        assertThat(Math.abs(result.get("clock").get("drift_ns").asLong())).isLessThan(1_000_000L);
        long first = Cli.one("SELECT min(send_start) FROM read_parquet('" + t.resolve("events.parquet") + "')");
        long last = Cli.one("SELECT max(send_end) FROM read_parquet('" + t.resolve("events.parquet") + "')");
        List<String> pauses = Files.readAllLines(t.resolve("jvm-events.csv")).stream()
                .filter(l -> l.startsWith("gc-pause,"))
                .toList();
        long inside = pauses.stream()
                .map(l -> Long.parseLong(l.split(",")[1]))
                .filter(s -> s >= first && s <= last)
                .count();
        assertThat(inside).as("GC pauses between the first send and the last").isPositive();
        // A pause inside the run shows in the records: some event's processing time spans it. Not every pause need:
        // one that another thread's allocation started while the sender waited for its next chunk (under load the
        // supply can fall behind) falls between two events' send times, so look at the pauses inside the run in turn.
        long spanned = 0;
        for (String pause : pauses) {
            long start = Long.parseLong(pause.split(",")[1]), end = Long.parseLong(pause.split(",")[2]);
            if (start < first || start > last) continue;
            spanned += Cli.one("SELECT count(*) FROM read_parquet('" + t.resolve("events.parquet")
                    + "') WHERE send_start <= " + (start + 50_000) + " AND send_end >= " + (end - 50_000));
            if (spanned > 0) break;
        }
        assertThat(spanned)
                .as("events whose send spans a GC pause inside the run")
                .isPositive();
    }
}
