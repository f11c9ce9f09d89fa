package dev.evperf.analysis.sql;

import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * A trial's warm-up as every analysis sees it: MSER-5 over the measured bursts' times, the bursts
 * derived by DuckDB from the events (as the summary counts them), else over the intervals' median
 * processing times ({@link TrialQueries#detectWarmUp}). The summary, compare's samples and the
 * model's fit and check all take it from here, so a trial's cut is the same event in each; none
 * builds the series again from records loaded into the JVM.
 */
public final class WarmUps {
    private WarmUps() {}

    /**
     * The warm-up of the trial in {@code trialDir}, in a DuckDB of its own.
     *
     * @param result the trial's result.json, may be null (then every phase flagged measured in
     *               intervals.csv counts)
     * @throws IllegalArgumentException one line naming the directory when its files cannot be read
     *                                  or its bursts are not contiguous
     */
    public static WarmUp detect(Path trialDir, TrialResult result) {
        try (Db db = new Db(Db.DEFAULT_MEMORY, Db.DEFAULT_THREADS)) {
            return detect(new TrialQueries(db, trialDir), result);
        } catch (SQLException e) {
            throw new IllegalArgumentException(trialDir + ": cannot read the warm-up series: " + e.getMessage(), e);
        }
    }

    /** The same over an open trial's queries; from now on they read the bursts derived from the events. */
    public static WarmUp detect(TrialQueries q, TrialResult result) throws SQLException {
        if (q.hasEvents()) q.burstsFromEvents();
        return q.detectWarmUp(result);
    }
}
