package dev.evperf.core.component;

/** A component did not start, or died; the message is one line for the user, naming the component. */
public final class ComponentFailure extends RuntimeException {
    public ComponentFailure(String message) {
        super(message);
    }

    public ComponentFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
