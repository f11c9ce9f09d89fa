package dev.evperf.suites.translate;

/** Where the database table join's table1 lives: a JDBC URL and its credentials. */
public record Database(String url, String user, String password) {
    /**
     * Stands for the PostgreSQL that {@code evperf run} starts for a run's database table joins: the
     * plan is made with it, and the run puts the server's URL in its place when the server is up.
     */
    public static final Database OF_THE_RUN = new Database("evperf:the-run-database", "postgres", "postgres");

    @Override
    public String toString() {
        return url + " as " + user; // never the password
    }
}
