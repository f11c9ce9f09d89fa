package dev.evperf.suites.spec;

/** A query spec that cannot run; the message is one line naming the field (and file position when read from a file). */
public final class SpecException extends IllegalArgumentException {
    public SpecException(String message) {
        super(message);
    }

    public SpecException(String message, Throwable cause) {
        super(message, cause);
    }
}
