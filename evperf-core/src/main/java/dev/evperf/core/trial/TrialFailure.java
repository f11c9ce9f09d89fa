package dev.evperf.core.trial;

/** A trial that cannot complete; the message becomes the trial's recorded reason. */
public class TrialFailure extends RuntimeException {
    public TrialFailure(String message) {
        super(message);
    }
}
