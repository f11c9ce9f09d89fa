package dev.evperf.core.results;

import java.nio.file.Path;

/**
 * Where things are in a results directory. A run directory holds {@code run.json} and
 * {@code trials/<id>/}; a trial directory holds the files named here.
 */
public final class Layout {
    public static final String FORMAT = "evperf-run/1";
    public static final String RUN_JSON = "run.json";
    public static final String TRIALS = "trials";
    public static final String TRIAL_JSON = "trial.json";
    public static final String RESULT_JSON = "result.json";
    public static final String ENV_JSON = "env.json";
    public static final String EVENTS = "events.parquet";
    public static final String OUTPUTS = "outputs.parquet";
    public static final String BURSTS = "bursts.parquet";
    public static final String STDOUT = "stdout.txt";
    public static final String STDERR = "stderr.txt";

    private Layout() {
    }

    public static String hlog(String mode) {
        return "latency-" + mode + ".hlog";
    }

    public static Path trialDir(Path runDir, String trialId) {
        return runDir.resolve(TRIALS).resolve(trialId);
    }
}
