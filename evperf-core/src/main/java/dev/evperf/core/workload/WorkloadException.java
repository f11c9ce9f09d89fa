package dev.evperf.core.workload;

/**
 * Bad input: the message is the one line the user sees (file, position or field, what was
 * expected). The CLI prints it without a stack trace and exits with code 2.
 */
public class WorkloadException extends RuntimeException {
    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
