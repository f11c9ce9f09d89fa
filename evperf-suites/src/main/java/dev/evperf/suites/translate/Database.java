package dev.evperf.suites.translate;

/** Where the database table join's table1 lives: a JDBC URL and its credentials. */
public record Database(String url, String user, String password) {
    @Override
    public String toString() {
        return url + " as " + user; // never the password
    }
}
