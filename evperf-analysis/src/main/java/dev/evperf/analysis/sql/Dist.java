package dev.evperf.analysis.sql;

import java.sql.SQLException;

/** A distribution of latencies in ns: exact from the records, or from HdrHistogram logs. */
public interface Dist {
    /** "records" (exact, nearest rank) or "hlog" (HdrHistogram, 3 significant digits). */
    public String source();

    public long count();

    public double mean();
    /** Sample standard deviation (n − 1); NaN below two values. */
    public double std();

    public long min();

    public long max();
    /** Percentiles in the order asked (all 0 when empty). */
    public long[] percentiles(double... ps) throws SQLException;
}
