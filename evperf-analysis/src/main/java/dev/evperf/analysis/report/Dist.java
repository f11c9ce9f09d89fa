package dev.evperf.analysis.report;

import java.sql.SQLException;

/** A distribution of latencies in ns: exact from the records, or from HdrHistogram logs. */
interface Dist {
    /** "records" (exact, nearest rank) or "hlog" (HdrHistogram, 3 significant digits). */
    String source();
    long count();
    double mean();
    /** Sample standard deviation (n − 1); NaN below two values. */
    double std();
    long min();
    long max();
    /** Percentiles in the order asked (all 0 when empty). */
    long[] percentiles(double... ps) throws SQLException;
}
