package dev.evperf.api;

/** An engine refused the spec (e.g. a query does not compile); the message is for the user. */
public class EngineException extends Exception {
    public EngineException(String message) {
        super(message);
    }

    public EngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
