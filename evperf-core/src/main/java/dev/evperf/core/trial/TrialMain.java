package dev.evperf.core.trial;

import java.nio.file.Path;

/** Entry point of a trial's child JVM: {@code java <trial JVM options> -cp … TrialMain <trialDir>}. */
public final class TrialMain {
    private TrialMain() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: TrialMain <trial directory>");
            System.exit(2);
        }
        int code = new TrialRunner(Path.of(args[0])).runAndRecord();
        // Engines may leave non-daemon threads behind; the trial is over either way.
        System.exit(code);
    }
}
