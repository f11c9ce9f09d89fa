package dev.evperf.core.trial;

import dev.evperf.core.driver.OutputRecords;

/**
 * The end of a trial after the last send and the engine's own drain (split out of
 * {@link TrialRunner}): outputs may still trickle in, so the trial waits until none has come for
 * {@code trial.drain_quiet}, and fails rather than hang past {@code trial.drain_timeout}.
 */
final class QuietDrain {
    private QuietDrain() {}

    /** Waits until no output has arrived for {@code quiet} ns; fails the trial instead of hanging. */
    static long await(OutputRecords out, long quiet, long timeout) throws InterruptedException {
        long start = System.nanoTime();
        long last = out.count();
        long lastChange = start;
        while (true) {
            Thread.sleep(1);
            long now = System.nanoTime();
            long c = out.count();
            if (c != last) {
                last = c;
                lastChange = now;
            } else if (now - lastChange >= quiet) {
                return lastChange - start;
            }
            if (now - start > timeout) {
                throw new TrialFailure("the engine was still emitting outputs " + (timeout / 1_000_000)
                        + " ms after the last send (trial.drain_timeout)");
            }
        }
    }
}
