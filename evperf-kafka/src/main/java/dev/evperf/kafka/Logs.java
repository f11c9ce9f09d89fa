package dev.evperf.kafka;

/**
 * Kafka's clients log every client's whole configuration at INFO; in a trial that is noise on
 * stderr. Unless the user set a level, slf4j-simple (the binding this module brings) logs
 * warnings and errors only.
 */
public final class Logs {
    private Logs() {}

    public static void quiet() {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
    }
}
