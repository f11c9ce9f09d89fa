package dev.evperf.core.trial;

import dev.evperf.api.EngineFactory;
import dev.evperf.launch.ParentWatch;
import java.nio.file.Path;

/** Entry point of a trial's child JVM: {@code java <trial JVM options> -cp … TrialMain <trialDir>}. */
public final class TrialMain {
    private TrialMain() {}

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: TrialMain <trial directory>");
            System.exit(2);
        }
        // A controller killed with SIGKILL cannot stop this JVM: it must notice by itself and end.
        ParentWatch.startIfNamed("trial");
        quietEngineLogs();
        // engines' scratch files (ref's SlideM) go into the trial's own directory
        System.setProperty(
                EngineFactory.TRIAL_DIR, Path.of(args[0]).toAbsolutePath().toString());
        int code = new TrialRunner(Path.of(args[0])).runAndRecord();
        // Engines may leave non-daemon threads behind; the trial is over either way.
        System.exit(code);
    }

    /** Engines' INFO lines (Esper logs two per runtime through slf4j-simple) would only clutter stderr. */
    public static void quietEngineLogs() {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
    }
}
