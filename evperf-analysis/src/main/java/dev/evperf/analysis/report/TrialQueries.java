package dev.evperf.analysis.report;

import dev.evperf.analysis.BurstStats;
import dev.evperf.analysis.HeadTail;
import dev.evperf.analysis.TrialResult;
import dev.evperf.analysis.warmup.WarmUp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The report's aggregations of one trial, as DuckDB SQL over its Parquet and CSV files: nothing
 * per event comes into the JVM. Times are ns on the trial's axis, as in the files.
 * <p>
 * Bursts: a burst is measured when all its events are (bursts.parquet's {@code measured}); burst
 * statistics and top bursts use every measured burst, the head-tail table and the per-position
 * distributions leave out the first {@code skipBursts} of them (measure.skip_bursts), as the
 * summary does. The report reads the bursts from bursts.parquet; the summary of a large trial
 * derives them from the events ({@link #burstsFromEvents}), exactly as the in-JVM analyses do.
 */
final class TrialQueries {
    /** Positions j of S_*,j (1-based); {@link #LAST} stands for n, the burst's last event. */
    static final int[] POSITIONS = {1, 2, 3, 5, 7, 10, 20, 25};
    static final int LAST = -1;
    /** Percentiles of the per-position distributions. */
    static final double[] POSITION_P = {5, 25, 50, 75, 95, 99};

    /** S_*,j over the bursts: j 1-based, or {@link #LAST}; percentiles as {@link #POSITION_P}, ns. */
    record PositionRow(int j, long bursts, long min, long[] p, long max, double mean) {}

    /** Table 4.5: a burst with the highest burst time and its event times. */
    record TopBurst(int burst, long events, long startNs, long timeNs, long maxEventNs, double meanEventNs, double stdEventNs) {}

    /** A burst on the time axis. */
    record BurstPoint(long startNs, long timeNs, boolean measured) {}

    /** One JVM event from jvm-events.csv. */
    record JvmMark(String kind, long startNs, long endNs, String detail) {}

    /** Count, total and longest per kind, over the events on the trial's run window. */
    record JvmKind(String kind, long count, long totalNs, long maxNs) {}

    final Db db;
    final Path dir;
    final Path events;
    final Path outputs;
    final Path bursts;

    TrialQueries(Db db, Path trialDir) {
        this.db = db;
        this.dir = trialDir;
        this.events = trialDir.resolve("events.parquet");
        this.outputs = trialDir.resolve("outputs.parquet");
        this.bursts = trialDir.resolve("bursts.parquet");
    }

    boolean hasEvents() {
        return Files.isRegularFile(events);
    }

    boolean hasOutputs() {
        return Files.isRegularFile(outputs);
    }

    /** Send start (trial axis, ns) before which measured events count as warm-up; null: none cut. */
    private Long steadyFrom;
    /** Or the first steady event's seq (the in-JVM summary's cut, exact with several senders). */
    private Long steadyFromSeq;
    /** Bursts derived from the events into the temporary table {@value #EV_BURSTS}, not read from bursts.parquet. */
    private boolean burstsFromEvents;
    private static final String EV_BURSTS = "ev_bursts";

    /**
     * From now on, events sent before {@code endNs} and bursts started before it are no longer
     * measured in any query: the steady-state view, the warm-up transient left out.
     */
    void cutBefore(long endNs) {
        steadyFrom = endNs;
        steadyFromSeq = null;
        hlogFrom = endNs;
    }

    /** The warm-up's end for the HdrHistogram logs, which can only be cut by interval; null: none cut. */
    private Long hlogFrom;

    /**
     * The same cut by seq, as {@code TrialData.measuredFrom} makes it: events before
     * {@code firstSteadySeq}, and bursts that start before it, are no longer measured. Needs
     * {@link #burstsFromEvents} (bursts.parquet does not say where a burst starts in seq).
     */
    void cutBeforeSeq(long firstSteadySeq, long endNs) {
        if (!burstsFromEvents) throw new IllegalStateException("a cut by seq needs the bursts derived from the events");
        steadyFromSeq = firstSteadySeq;
        steadyFrom = null;
        hlogFrom = endNs;
    }

    /** A latency mode from the trial's HdrHistogram log, with the warm-up cut (to the log's interval) when one is in force. */
    Dist hlog(String mode) {
        return HlogDist.load(dir, mode, hlogFrom);
    }

    /** Whether a warm-up cut is in force. */
    boolean cut() {
        return steadyFrom != null || steadyFromSeq != null;
    }

    String ev() {
        if (steadyFromSeq != null) {
            return "(SELECT * REPLACE (measured AND seq >= " + steadyFromSeq + " AS measured) FROM " + Db.parquet(events) + ")";
        }
        return steadyFrom == null ? Db.parquet(events)
                : "(SELECT * REPLACE (measured AND send_start >= " + steadyFrom + " AS measured) FROM " + Db.parquet(events) + ")";
    }

    String out() {
        return Db.parquet(outputs);
    }

    String bu() {
        String all = burstsFromEvents ? EV_BURSTS : Db.parquet(bursts);
        if (steadyFromSeq != null) return "(SELECT * REPLACE (measured AND first_seq >= " + steadyFromSeq + " AS measured) FROM " + all + ")";
        return steadyFrom == null ? all : "(SELECT * REPLACE (measured AND start >= " + steadyFrom + " AS measured) FROM " + all + ")";
    }

    /**
     * Derives the bursts from the events as {@code Bursts.all} does (a burst: the run of events with
     * one burst index, −1 meaning none; its time from its first event's send_start to its last
     * event's send_end, by seq; measured when all its events are) and uses them instead of
     * bursts.parquet, which takes min and max over the burst and so differs when several senders
     * interleave.
     *
     * @throws IllegalArgumentException when a burst's events are not contiguous in seq or burst
     *                                  indices do not increase with seq, as {@code Bursts.all}
     */
    void burstsFromEvents() throws SQLException {
        db.execute("CREATE OR REPLACE TEMP TABLE " + EV_BURSTS + " AS SELECT burst, bool_and(measured) AS measured, count(*) AS events,"
                + " min(seq) AS first_seq, max(seq) AS last_seq, arg_min(send_start, seq) AS start, arg_max(send_end, seq) AS \"end\","
                + " arg_max(send_end, seq) - arg_min(send_start, seq) AS time_ns FROM " + Db.parquet(events) + " WHERE burst <> -1 GROUP BY burst");
        List<Object[]> bad = db.rows("SELECT burst, first_seq FROM (SELECT burst, first_seq, last_seq, events,"
                + " lag(last_seq) OVER (ORDER BY burst) AS previous_last FROM " + EV_BURSTS + ")"
                + " WHERE burst < 0 OR events <> last_seq - first_seq + 1 OR first_seq <= previous_last ORDER BY first_seq LIMIT 1");
        if (!bad.isEmpty()) {
            throw new IllegalArgumentException("events: burst " + Db.asLong(bad.get(0)[0]) + " at seq " + Db.asLong(bad.get(0)[1])
                    + " is not contiguous or not increasing");
        }
        burstsFromEvents = true;
    }

    /**
     * The warm-up transient by MSER-5, from the small series only: the measured bursts' times
     * (bursts.parquet, or the bursts derived from the events) when there are bursts, else the
     * intervals' median processing times (intervals.csv); the first steady event's seq by one scan
     * of the events. With neither series, as {@code WarmUp.detect}: nothing cut, and the first
     * measured event as the start of the steady state.
     */
    WarmUp detectWarmUp(TrialResult result) throws SQLException {
        WarmUp w = WarmUp.ofBurstTimes(new long[0], new double[0], i -> null);
        if (burstsFromEvents || Files.isRegularFile(bursts)) {
            List<Object[]> rows = burstsFromEvents
                    ? db.rows("SELECT start, time_ns, first_seq FROM " + EV_BURSTS + " WHERE measured ORDER BY burst")
                    : db.rows("SELECT start, time_ns, NULL FROM " + Db.parquet(bursts) + " WHERE measured AND burst >= 0 ORDER BY burst");
            long[] start = new long[rows.size()];
            double[] ms = new double[rows.size()];
            Long[] firstSeq = new Long[rows.size()];
            for (int i = 0; i < ms.length; i++) {
                start[i] = Db.asLong(rows.get(i)[0]);
                ms[i] = Db.asLong(rows.get(i)[1]) / 1e6;
                firstSeq[i] = rows.get(i)[2] == null ? null : Db.asLong(rows.get(i)[2]);
            }
            w = WarmUp.ofBurstTimes(start, ms, i -> firstSeq[i]);
            if (burstsFromEvents && w.points() > 0) return w;
        }
        if (w.points() == 0 && Files.isRegularFile(dir.resolve("intervals.csv"))) {
            w = WarmUp.ofIntervals(WarmUp.readIntervals(dir.resolve("intervals.csv"), result), null);
        }
        if (!hasEvents()) return w;
        if (w.points() == 0) {
            Object[] first = db.row("SELECT min(seq), arg_min(send_start, seq) FROM " + Db.parquet(events) + " WHERE measured");
            return first[0] == null ? w : new WarmUp(w.series(), 0, 0, null, Db.asLong(first[1]), Db.asLong(first[0]), Double.NaN, Double.NaN);
        }
        if (w.endNs() == null || w.truncation() == 0) return w;
        List<Object[]> first = db.rows("SELECT min(seq) FROM " + Db.parquet(events) + " WHERE measured AND send_start >= " + w.endNs());
        Object seq = first.isEmpty() ? null : first.get(0)[0];
        return new WarmUp(w.series(), w.points(), w.truncation(), w.skipBursts(), w.endNs(),
                seq == null ? null : ((Number) seq).longValue(), w.steadyMean(), w.transientMean(), w.inconclusive());
    }

    long outputCount() throws SQLException {
        return hasOutputs() ? db.count("SELECT count(*) FROM " + out()) : 0;
    }

    // ---- latency -------------------------------------------------------------------------------

    /** Event (processing) times send_end − send_start of the measured events, exact. */
    Distribution processing() throws SQLException {
        return Distribution.of(db, "d_processing", "SELECT send_end - send_start AS v FROM " + ev() + " WHERE measured");
    }

    /**
     * End-to-end (received − send_start) and scheduled (received − intended) latency of every
     * output whose causing input is measured, exact: outputs joined to their inputs by seq.
     *
     * @return {end-to-end, scheduled}
     */
    Dist[] joined() throws SQLException {
        db.execute("CREATE OR REPLACE TEMP TABLE lat AS " + outputsJoined("o.received - e.send_start AS e2e, o.received - e.intended AS sched",
                "send_start, intended, measured", "e.measured"));
        return new Dist[] {new SqlDist(db, "lat", "e2e"), new SqlDist(db, "lat", "sched")};
    }

    /**
     * SELECT {@code select} over the outputs of known cause (o: seq, received) joined to their
     * inputs (e: seq and {@code inputColumns}) where {@code where}: by position when the outputs
     * line up with the inputs, else by a hash join on seq.
     */
    String outputsJoined(String select, String inputColumns, String where) throws SQLException {
        return "SELECT " + select + " FROM " + (outputsAligned()
                ? "(SELECT seq, received FROM " + out() + ") o POSITIONAL JOIN (SELECT seq, " + inputColumns + " FROM " + ev() + ") e"
                : out() + " o JOIN " + ev() + " e ON o.seq = e.seq") + " WHERE o.seq >= 0 AND " + where;
    }

    /** End-to-end and scheduled latency, and the note to show when they came from the HdrHistogram logs (else null). */
    record OutputLatency(Dist endToEnd, Dist scheduled, String note) {}

    /**
     * End-to-end and scheduled latency: exact from the records (outputs joined to their inputs)
     * when the outputs line up with the inputs, when there are at most {@code exactJoinLimit}
     * outputs, or when the trial has no HdrHistogram logs; else from those logs (3 significant
     * digits; a warm-up cut applies to whole intervals of the log, the one holding its end kept).
     */
    OutputLatency outputLatency(long exactJoinLimit) throws SQLException {
        long outputs = outputCount();
        Dist e2eH = hlog("end-to-end"), schedH = hlog("scheduled");
        if (outputs <= exactJoinLimit || e2eH == null || schedH == null || outputsAligned()) {
            Dist[] j = joined();
            return new OutputLatency(j[0], j[1], null);
        }
        return new OutputLatency(e2eH, schedH, "End-to-end and scheduled latency come from the HdrHistogram logs (the same measured events,"
                + " 3 significant digits" + (cut() ? ", the warm-up cut to the log's intervals" : "") + "): joining " + outputs
                + " outputs to their inputs exactly is above the limit of " + exactJoinLimit + ".");
    }

    /**
     * Whether output row i was caused by input i for every row (one output per input, in order:
     * synchronous pass-through engines), so outputs and inputs can be joined by position, in one
     * streaming pass, instead of by a hash join on seq. Inputs are in seq order (seq = row).
     */
    boolean outputsAligned() throws SQLException {
        if (aligned == null) aligned = checkAligned();
        return aligned;
    }

    private Boolean aligned;

    private boolean checkAligned() throws SQLException {
        Object[] o = db.row("SELECT count(*), coalesce(bool_and(seq = file_row_number), true) FROM read_parquet("
                + Db.literal(outputs.toAbsolutePath().toString()) + ", file_row_number = true)");
        return Boolean.TRUE.equals(o[1]) && eventsInSeqOrder() && Db.asLong(o[0]) == eventCount();
    }

    private Boolean eventsInOrder;
    private Long eventCount;

    /** Whether row i of events.parquet has seq i for every i (as the trial runner writes it). */
    boolean eventsInSeqOrder() throws SQLException {
        if (eventsInOrder == null) {
            Object[] e = db.row("SELECT count(*), coalesce(bool_and(seq = file_row_number), true) FROM read_parquet("
                    + Db.literal(events.toAbsolutePath().toString()) + ", file_row_number = true)");
            eventCount = Db.asLong(e[0]);
            eventsInOrder = Boolean.TRUE.equals(e[1]);
        }
        return eventsInOrder;
    }

    /** Rows of events.parquet (from its metadata). */
    long eventCount() throws SQLException {
        if (eventCount == null) eventCount = db.count("SELECT count(*) FROM " + Db.parquet(events));
        return eventCount;
    }


    // ---- bursts --------------------------------------------------------------------------------

    boolean hasBursts() throws SQLException {
        return (burstsFromEvents || Files.isRegularFile(bursts)) && db.count("SELECT count(*) FROM " + bu()) > 0;
    }

    /** Bursts measured in the current view (after any warm-up cut). */
    long measuredBursts() throws SQLException {
        return (burstsFromEvents || Files.isRegularFile(bursts)) ? db.count("SELECT count(*) FROM " + bu() + " WHERE measured") : 0;
    }

    /** Burst times Time(S_i,*) of the measured bursts, exact. */
    Distribution burstTimes() throws SQLException {
        return Distribution.of(db, "d_bursts", "SELECT time_ns AS v FROM " + bu() + " WHERE measured");
    }

    /** The measured bursts after the first skipBursts, as a temporary table hb(burst, size). */
    private long keptBursts(int skipBursts) throws SQLException {
        if (skipBursts < 0) throw new IllegalArgumentException("skipBursts must be >= 0, got " + skipBursts);
        db.execute("CREATE OR REPLACE TEMP TABLE hb AS SELECT burst, events AS size FROM " + bu()
                + " WHERE measured ORDER BY burst OFFSET " + skipBursts);
        return db.count("SELECT count(*) FROM hb");
    }

    /**
     * Head-tail (Tables 4.2/4.3): A = mean over the kept bursts of the sum of the first N event
     * times of a burst, B = the same for the last N; µs. N larger than the smallest kept burst is
     * left out, so every burst contributes exactly N events to A and to B. DuckDB sums each burst's
     * first and last N (one row per burst); the rows and their robust figures are {@link HeadTail#row}'s.
     */
    List<HeadTail.Row> headTail(int skipBursts, int... ns) throws SQLException {
        List<HeadTail.Row> rows = new ArrayList<>();
        long nb = keptBursts(skipBursts);
        if (nb == 0 || ns.length == 0) return rows;
        long minSize = db.count("SELECT min(size) FROM hb");
        List<Integer> kept = new ArrayList<>();
        for (int n : ns) if (n >= 1 && n <= minSize) kept.add(n);
        if (kept.isEmpty()) return rows;
        int p = kept.stream().mapToInt(Integer::intValue).max().orElseThrow();
        StringBuilder sums = new StringBuilder();
        for (int n : kept) {
            sums.append(", sum(t) FILTER (WHERE pos < ").append(n).append(")::BIGINT")
                    .append(", sum(t) FILTER (WHERE rpos < ").append(n).append(")::BIGINT");
        }
        String sql = "SELECT e.burst" + sums + " FROM (SELECT e.burst, e.pos, hb.size - 1 - e.pos AS rpos, e.send_end - e.send_start AS t"
                + " FROM " + ev() + " e JOIN hb ON e.burst = hb.burst WHERE e.burst >= 0 AND (e.pos < " + p + " OR e.pos >= hb.size - " + p
                + ")) e GROUP BY e.burst ORDER BY e.burst";
        List<Object[]> perBurst = db.rows(sql);
        int[] ids = new int[perBurst.size()];
        for (int i = 0; i < ids.length; i++) ids[i] = (int) Db.asLong(perBurst.get(i)[0]);
        for (int k = 0; k < kept.size(); k++) {
            long[] head = new long[ids.length], tail = new long[ids.length];
            for (int i = 0; i < ids.length; i++) {
                head[i] = Db.asLong(perBurst.get(i)[1 + 2 * k]);
                tail[i] = Db.asLong(perBurst.get(i)[2 + 2 * k]);
            }
            rows.add(HeadTail.row(kept.get(k), ids, head, tail));
        }
        return rows;
    }

    /**
     * Table 4.1 from the measured bursts' times, fetched in burst order (one row per burst, few
     * enough to hold) and computed by the JVM's own {@link BurstStats#of(long[], int[])}; null without bursts.
     */
    BurstStats burstStats() throws SQLException {
        List<Object[]> r = db.rows("SELECT burst, time_ns FROM " + bu() + " WHERE measured ORDER BY burst");
        long[] times = new long[r.size()];
        int[] ids = new int[r.size()];
        for (int i = 0; i < r.size(); i++) {
            ids[i] = Math.toIntExact(Db.asLong(r.get(i)[0]));
            times[i] = Db.asLong(r.get(i)[1]);
        }
        return BurstStats.of(times, ids);
    }

    /**
     * Builds pos_t(burst, j, t): the event times at positions j (1-based, and {@link #LAST}) of the
     * kept bursts; j beyond the smallest kept burst is left out.
     *
     * @return the positions present, in the order of {@link #POSITIONS} then LAST
     */
    private List<Integer> positionTable(int skipBursts) throws SQLException {
        long nb = keptBursts(skipBursts);
        List<Integer> js = new ArrayList<>();
        if (nb == 0) {
            db.execute("CREATE OR REPLACE TEMP TABLE pos_t(burst INTEGER, j INTEGER, t BIGINT)");
            return js;
        }
        long minSize = db.count("SELECT min(size) FROM hb");
        StringJoiner in = new StringJoiner(", ");
        for (int j : POSITIONS) {
            if (j <= minSize) {
                js.add(j);
                in.add(Integer.toString(j - 1));
            }
        }
        js.add(LAST);
        String t = "e.send_end - e.send_start";
        String from = " FROM " + ev() + " e JOIN hb ON e.burst = hb.burst WHERE e.burst >= 0 AND ";
        db.execute("CREATE OR REPLACE TEMP TABLE pos_raw AS SELECT e.burst, e.pos, hb.size - 1 - e.pos AS rpos, " + t + " AS t"
                + from + "(" + (in.length() == 0 ? "false" : "e.pos IN (" + in + ")") + " OR e.pos = hb.size - 1)");
        db.execute("CREATE OR REPLACE TEMP TABLE pos_t AS"
                + " SELECT burst, pos + 1 AS j, t FROM pos_raw WHERE " + (in.length() == 0 ? "false" : "pos IN (" + in + ")")
                + " UNION ALL SELECT burst, " + LAST + " AS j, t FROM pos_raw WHERE rpos = 0");
        db.execute("DROP TABLE pos_raw");
        return js;
    }

    /** Per-position distributions S_*,j over the kept bursts (exact, nearest rank). */
    List<PositionRow> positions(int skipBursts) throws SQLException {
        List<Integer> js = positionTable(skipBursts);
        List<PositionRow> rows = new ArrayList<>();
        if (js.isEmpty()) return rows;
        StringJoiner qs = new StringJoiner(", ", "[", "]");
        for (double p : POSITION_P) qs.add(Double.toString(p / 100));
        Map<Integer, PositionRow> byJ = new LinkedHashMap<>();
        for (Object[] r : db.rows("SELECT j, count(*), min(t), quantile_disc(t, " + qs + "), max(t), avg(t) FROM pos_t GROUP BY j")) {
            int j = (int) Db.asLong(r[0]);
            long[] p = longs(r[3]);
            byJ.put(j, new PositionRow(j, Db.asLong(r[1]), Db.asLong(r[2]), p, Db.asLong(r[4]), Db.asDouble(r[5])));
        }
        for (int j : js) if (byJ.containsKey(j)) rows.add(byJ.get(j));
        return rows;
    }

    /**
     * S_i,j over the kept bursts i for the given positions (after {@link #positions}), burst index
     * and event time, downsampled to at most maxPoints bursts by keeping every k-th burst's row
     * and, per bucket of k bursts, the one with the highest time.
     */
    Map<Integer, long[][]> positionSeries(int maxPoints, int... js) throws SQLException {
        Map<Integer, long[][]> out = new LinkedHashMap<>();
        for (int j : js) {
            long n = db.count("SELECT count(*) FROM pos_t WHERE j = " + j);
            if (n == 0) continue;
            long k = Math.max(1, (2 * n + maxPoints - 1) / maxPoints);
            List<Object[]> rows = k == 1
                    ? db.rows("SELECT burst, t FROM pos_t WHERE j = " + j + " ORDER BY burst")
                    : db.rows("SELECT DISTINCT b, t FROM (SELECT unnest([b1, b2]) AS b, unnest([t1, t2]) AS t FROM"
                    + " (SELECT arg_max(burst, t) AS b1, max(t) AS t1, arg_min(burst, t) AS b2, min(t) AS t2"
                    + " FROM (SELECT burst, t, row_number() OVER (ORDER BY burst) // " + k + " AS g FROM pos_t WHERE j = " + j + ") GROUP BY g)) ORDER BY b");
            long[][] series = new long[2][rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                series[0][i] = Db.asLong(rows.get(i)[0]);
                series[1][i] = Db.asLong(rows.get(i)[1]);
            }
            out.put(j, series);
        }
        return out;
    }

    /** Table 4.5: the k measured bursts with the highest time (ties: earlier burst first). */
    List<TopBurst> topBursts(int k) throws SQLException {
        List<TopBurst> out = new ArrayList<>();
        if (k == 0) return out;
        List<Object[]> top = db.rows("SELECT burst, events, start, time_ns FROM " + bu() + " WHERE measured ORDER BY time_ns DESC, burst LIMIT " + k);
        if (top.isEmpty()) return out;
        // One equality-filtered scan per burst: Parquet's row-group statistics skip all but the
        // burst's own row groups (an IN list is not pushed down that way).
        StringJoiner union = new StringJoiner(" UNION ALL ");
        for (Object[] r : top) {
            // Exact sums: mean and std are then the same whatever DuckDB's threads do.
            union.add("SELECT burst, max(t), count(*), sum(t::HUGEINT), sum(t::HUGEINT * t) FROM (SELECT burst, send_end - send_start AS t FROM "
                    + ev() + " WHERE burst = " + Db.asLong(r[0]) + ") GROUP BY burst");
        }
        Map<Long, Object[]> stats = new LinkedHashMap<>();
        if (hasEvents()) {
            for (Object[] r : db.rows(union.toString())) stats.put(Db.asLong(r[0]), r);
        }
        for (Object[] r : top) {
            Object[] s = stats.get(Db.asLong(r[0]));
            long n = s == null ? 0 : Db.asLong(s[2]);
            out.add(new TopBurst((int) Db.asLong(r[0]), Db.asLong(r[1]), Db.asLong(r[2]), Db.asLong(r[3]), s == null ? 0 : Db.asLong(s[1]),
                    n == 0 ? Double.NaN : Distribution.mean(Distribution.toBigInteger(s[3]), n),
                    Distribution.sampleStd(n == 0 ? java.math.BigInteger.ZERO : Distribution.toBigInteger(s[3]),
                            n == 0 ? java.math.BigInteger.ZERO : Distribution.toBigInteger(s[4]), n)));
        }
        return out;
    }

    /**
     * Every burst (measured or not) as (start, time), in burst order; above maxPoints bursts,
     * per bucket of consecutive bursts the one with the lowest and the one with the highest time.
     */
    List<BurstPoint> burstSeries(int maxPoints) throws SQLException {
        long n = db.count("SELECT count(*) FROM " + bu());
        long k = Math.max(1, (2 * n + maxPoints - 1) / maxPoints);
        String sql = k == 1
                ? "SELECT start, time_ns, measured FROM " + bu() + " ORDER BY burst"
                : "SELECT unnest([s1, s2]) AS s, unnest([t1, t2]) AS t, m FROM (SELECT measured AS m, arg_max(start, time_ns) AS s1, max(time_ns) AS t1,"
                + " arg_min(start, time_ns) AS s2, min(time_ns) AS t2"
                + " FROM (SELECT start, time_ns, measured, burst // " + k + " AS g FROM " + bu() + ") GROUP BY g, measured) ORDER BY s";
        List<BurstPoint> out = new ArrayList<>();
        long lastStart = Long.MIN_VALUE;
        boolean lastMeasured = false;
        for (Object[] r : db.rows(sql)) {
            long s = Db.asLong(r[0]);
            boolean m = Boolean.TRUE.equals(r[2]);
            if (s == lastStart && m == lastMeasured) continue; // a bucket of one burst gives it twice
            out.add(new BurstPoint(s, Db.asLong(r[1]), m));
            lastStart = s;
            lastMeasured = m;
        }
        return out;
    }

    // ---- JVM events ------------------------------------------------------------------------------

    private Path jvmFile() {
        return dir.resolve("jvm-events.csv");
    }

    private String jvmSource() {
        return "(SELECT kind::VARCHAR AS kind, start_ns::BIGINT AS start_ns, end_ns::BIGINT AS end_ns, coalesce(detail::VARCHAR, '') AS detail FROM "
                + Db.csv(jvmFile()) + ")";
    }

    private boolean hasJvmEvents() {
        return Files.isRegularFile(jvmFile()) && hasHeaderAndRows(jvmFile());
    }

    private static boolean hasHeaderAndRows(Path f) {
        try (var r = Files.newBufferedReader(f)) {
            return r.readLine() != null && r.readLine() != null;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Count, total and longest duration per kind among the JVM events overlapping [fromNs, toNs]. */
    List<JvmKind> jvmKinds(long fromNs, long toNs) throws SQLException {
        List<JvmKind> out = new ArrayList<>();
        if (!hasJvmEvents()) return out;
        for (Object[] r : db.rows("SELECT kind, count(*), sum(end_ns - start_ns), max(end_ns - start_ns) FROM " + jvmSource()
                + " WHERE end_ns >= " + fromNs + " AND start_ns <= " + toNs + " GROUP BY kind ORDER BY kind")) {
            out.add(new JvmKind((String) r[0], Db.asLong(r[1]), Db.asLong(r[2]), Db.asLong(r[3])));
        }
        return out;
    }

    /** The JVM events of one kind overlapping [fromNs, toNs]: the {@code limit} longest, in time order. */
    List<JvmMark> jvmMarks(String kind, long fromNs, long toNs, int limit) throws SQLException {
        List<JvmMark> out = new ArrayList<>();
        if (!hasJvmEvents()) return out;
        for (Object[] r : db.rows("SELECT kind, start_ns, end_ns, detail FROM (SELECT * FROM " + jvmSource()
                + " WHERE kind = " + Db.literal(kind) + " AND end_ns >= " + fromNs + " AND start_ns <= " + toNs
                + " ORDER BY end_ns - start_ns DESC, start_ns LIMIT " + limit + ") ORDER BY start_ns")) {
            out.add(new JvmMark((String) r[0], Db.asLong(r[1]), Db.asLong(r[2]), (String) r[3]));
        }
        return out;
    }

    // ---- CSV series ----------------------------------------------------------------------------

    /** intervals.csv as columns by name (numbers as doubles), rows in time order; empty when absent. */
    Map<String, double[]> intervals() throws SQLException {
        Path f = dir.resolve("intervals.csv");
        Map<String, double[]> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(f) || !hasHeaderAndRows(f)) return out;
        List<Object[]> cols = db.rows("SELECT column_name FROM (DESCRIBE SELECT * FROM " + Db.csv(f) + ")");
        List<String> names = new ArrayList<>();
        StringJoiner select = new StringJoiner(", ");
        for (Object[] c : cols) {
            String name = (String) c[0];
            names.add(name);
            select.add("try_cast(\"" + name.replace("\"", "\"\"") + "\" AS DOUBLE)");
        }
        List<Object[]> rows = db.rows("SELECT " + select + " FROM " + Db.csv(f) + " ORDER BY 1");
        for (int c = 0; c < names.size(); c++) {
            double[] v = new double[rows.size()];
            for (int i = 0; i < v.length; i++) v[i] = Db.asDouble(rows.get(i)[c]);
            out.put(names.get(c), v);
        }
        return out;
    }

    /** sensors.csv: per sensor, (t_ns, value) in time order; empty when absent. */
    Map<String, double[][]> sensors() throws SQLException {
        Path f = dir.resolve("sensors.csv");
        Map<String, double[][]> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(f) || !hasHeaderAndRows(f)) return out;
        Map<String, List<double[]>> acc = new LinkedHashMap<>();
        for (Object[] r : db.rows("SELECT sensor::VARCHAR, t_ns::BIGINT, try_cast(value AS DOUBLE) FROM "
                + "read_csv(" + Db.literal(f.toAbsolutePath().toString()) + ", header = true, columns = {'t_ns': 'BIGINT', 'sensor': 'VARCHAR', 'value': 'VARCHAR'})"
                + " ORDER BY sensor, t_ns")) {
            acc.computeIfAbsent((String) r[0], k -> new ArrayList<>()).add(new double[] {Db.asLong(r[1]), Db.asDouble(r[2])});
        }
        acc.forEach((k, list) -> {
            double[][] s = new double[2][list.size()];
            for (int i = 0; i < list.size(); i++) {
                s[0][i] = list.get(i)[0];
                s[1][i] = list.get(i)[1];
            }
            out.put(k, s);
        });
        return out;
    }

    private static long[] longs(Object array) throws SQLException {
        if (array instanceof java.sql.Array a) {
            Object[] xs = (Object[]) a.getArray();
            long[] out = new long[xs.length];
            for (int i = 0; i < xs.length; i++) out[i] = Db.asLong(xs[i]);
            return out;
        }
        throw new IllegalStateException("expected a list, got " + array);
    }
}
