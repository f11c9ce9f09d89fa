package dev.evperf.analysis.report;

import dev.evperf.analysis.sql.Db;

/**
 * Choices of the HTML report.
 *
 * @param maxPoints        points per chart series at most (longer series are downsampled, keeping
 *                         each bucket's minimum and maximum)
 * @param exactJoinLimit   end-to-end and scheduled latency are computed exactly, outputs joined to
 *                         their inputs in DuckDB: by position, in one streaming pass, when output i
 *                         was caused by input i for all i (synchronous pass-through engines), always;
 *                         else by a hash join on seq up to this many outputs, and above it from the
 *                         HdrHistogram logs (3 significant digits), which hold the same events
 * @param duckdbMemory     DuckDB's memory limit (it spills to a temporary directory above it)
 * @param duckdbThreads    DuckDB's threads, 0 = one per core
 * @param topBursts        rows of the top-bursts table
 * @param maxMarkers       JVM events per kind drawn on the timeline at most (the longest kept)
 * @param cutWarmUp        leave each trial's warm-up transient (MSER-5 on its bursts or intervals)
 *                         out of the steady-state tables and distributions, as the summary does
 */
public record ReportOptions(
        int maxPoints,
        long exactJoinLimit,
        String duckdbMemory,
        int duckdbThreads,
        int topBursts,
        int maxMarkers,
        boolean cutWarmUp) {
    public static final ReportOptions DEFAULT =
            new ReportOptions(2000, Db.EXACT_JOIN_LIMIT, Db.DEFAULT_MEMORY, Db.DEFAULT_THREADS, 10, 2000, true);

    public ReportOptions {
        if (maxPoints < 10) throw new IllegalArgumentException("maxPoints must be >= 10, got " + maxPoints);
        if (exactJoinLimit < 0) throw new IllegalArgumentException("exactJoinLimit must be >= 0");
        if (topBursts < 0 || maxMarkers < 0)
            throw new IllegalArgumentException("topBursts and maxMarkers must be >= 0");
    }

    public ReportOptions withExactJoinLimit(long limit) {
        return new ReportOptions(maxPoints, limit, duckdbMemory, duckdbThreads, topBursts, maxMarkers, cutWarmUp);
    }

    public ReportOptions withCutWarmUp(boolean cut) {
        return new ReportOptions(maxPoints, exactJoinLimit, duckdbMemory, duckdbThreads, topBursts, maxMarkers, cut);
    }
}
