package dev.evperf.analysis.report;

import java.nio.file.Path;

/**
 * The report's hook for analyses built elsewhere (spike attribution, warm-up detection): asked
 * once per trial that finished ok, it returns what to mark on that trial's charts. Returning
 * null or throwing leaves the trial unannotated (a thrown message is shown in its section).
 */
@FunctionalInterface
public interface ReportAnnotations {
    ReportAnnotations NONE = (id, dir) -> TrialAnnotations.NONE;

    /**
     * @param trialId  the trial's id in run.json, e.g. "t003"
     * @param trialDir its directory (events.parquet, jvm-events.csv, sensors.csv, …)
     */
    TrialAnnotations forTrial(String trialId, Path trialDir);
}
