package dev.evperf.analysis.sql;

import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.results.LatencyMode;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/**
 * The report's aggregations of one trial, as DuckDB SQL over its Parquet and CSV files: nothing
 * per event comes into the JVM. Times are ns on the trial's axis, as in the files.
 * <p>
 * Bursts: a burst is measured when all its events are (bursts.parquet's {@code measured}); burst
 * statistics and top bursts use every measured burst, the head-tail table and the per-position
 * distributions leave out the first {@code skipBursts} of them (measure.skip_bursts), as the
 * summary does. The report reads the bursts from bursts.parquet; the summary of a large trial
 * derives them from the events ({@link #burstsFromEvents}), exactly as the in-JVM analyses do.
 * (Over 250 lines: the view, cut by the warm-up, and the latency joins read the same cut state;
 * the bursts and the series over time are {@link BurstQueries} and {@link SeriesQueries}.)
 */
public final class TrialQueries {
    public final Db db;
    public final Path dir;
    public final Path events;
    public final Path outputs;
    public final Path bursts;

    public TrialQueries(Db db, Path trialDir) {
        this.db = db;
        this.dir = trialDir;
        this.events = trialDir.resolve(Layout.EVENTS);
        this.outputs = trialDir.resolve(Layout.OUTPUTS);
        this.bursts = trialDir.resolve(Layout.BURSTS);
    }

    public boolean hasEvents() {
        return Files.isRegularFile(events);
    }

    public boolean hasOutputs() {
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
    public void cutBefore(long endNs) {
        steadyFrom = endNs;
        steadyFromSeq = null;
        hlogFrom = endNs;
    }

    /** The warm-up's end for the HdrHistogram logs, which can only be cut by interval; null: none cut. */
    private Long hlogFrom;

    /**
     * The warm-up cut by seq: events before
     * {@code firstSteadySeq}, and bursts that start before it, are no longer measured. Needs
     * {@link #burstsFromEvents} (bursts.parquet does not say where a burst starts in seq).
     */
    public void cutBeforeSeq(long firstSteadySeq, long endNs) {
        if (!burstsFromEvents) throw new IllegalStateException("a cut by seq needs the bursts derived from the events");
        steadyFromSeq = firstSteadySeq;
        steadyFrom = null;
        hlogFrom = endNs;
    }

    /** A latency mode from the trial's HdrHistogram log, with the warm-up cut (to the log's interval) when one is in force. */
    public Dist hlog(LatencyMode mode) {
        return HlogDist.load(dir, mode, hlogFrom);
    }

    /** Whether a warm-up cut is in force. */
    public boolean cut() {
        return steadyFrom != null || steadyFromSeq != null;
    }

    public String ev() {
        if (steadyFromSeq != null) {
            return "(SELECT * REPLACE (measured AND seq >= " + steadyFromSeq + " AS measured) FROM "
                    + Db.parquet(events) + ")";
        }
        return steadyFrom == null
                ? Db.parquet(events)
                : "(SELECT * REPLACE (measured AND send_start >= " + steadyFrom + " AS measured) FROM "
                        + Db.parquet(events) + ")";
    }

    public String out() {
        return Db.parquet(outputs);
    }

    public String bu() {
        String all = burstsFromEvents ? EV_BURSTS : Db.parquet(bursts);
        if (steadyFromSeq != null)
            return "(SELECT * REPLACE (measured AND first_seq >= " + steadyFromSeq + " AS measured) FROM " + all + ")";
        return steadyFrom == null
                ? all
                : "(SELECT * REPLACE (measured AND start >= " + steadyFrom + " AS measured) FROM " + all + ")";
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
    public void burstsFromEvents() throws SQLException {
        db.execute("CREATE OR REPLACE TEMP TABLE " + EV_BURSTS
                + " AS SELECT burst, bool_and(measured) AS measured, count(*) AS events,"
                + " min(seq) AS first_seq, max(seq) AS last_seq, arg_min(send_start, seq) AS start, arg_max(send_end, seq) AS \"end\","
                + " arg_max(send_end, seq) - arg_min(send_start, seq) AS time_ns FROM " + Db.parquet(events)
                + " WHERE burst <> -1 GROUP BY burst");
        List<Object[]> bad = db.rows(
                "SELECT burst, first_seq FROM (SELECT burst, first_seq, last_seq, events,"
                        + " lag(last_seq) OVER (ORDER BY burst) AS previous_last FROM " + EV_BURSTS + ")"
                        + " WHERE burst < 0 OR events <> last_seq - first_seq + 1 OR first_seq <= previous_last ORDER BY first_seq LIMIT 1");
        if (!bad.isEmpty()) {
            throw new IllegalArgumentException("events: burst " + Db.asLong(bad.get(0)[0]) + " at seq "
                    + Db.asLong(bad.get(0)[1]) + " is not contiguous or not increasing");
        }
        burstsFromEvents = true;
    }

    /**
     * The warm-up transient by MSER-5, from the small series only: the measured bursts' times
     * (bursts.parquet, or the bursts derived from the events) when there are bursts, else the
     * intervals' median processing times (intervals.csv); the first steady event's seq by one scan
     * of the events. With neither series: nothing cut, and the first measured event as the start of
     * the steady state. {@link WarmUps#detect} is how the analyses call it (bursts from the events).
     */
    public WarmUp detectWarmUp(TrialResult result) throws SQLException {
        WarmUp w = WarmUp.ofBurstTimes(new long[0], new double[0], i -> null);
        if (burstsFromEvents || Files.isRegularFile(bursts)) {
            List<Object[]> rows = burstsFromEvents
                    ? db.rows("SELECT start, time_ns, first_seq FROM " + EV_BURSTS + " WHERE measured ORDER BY burst")
                    : db.rows("SELECT start, time_ns, NULL FROM " + Db.parquet(bursts)
                            + " WHERE measured AND burst >= 0 ORDER BY burst");
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
        if (w.points() == 0 && Files.isRegularFile(dir.resolve(Layout.INTERVALS))) {
            w = WarmUp.ofIntervals(WarmUp.readIntervals(dir, result));
        }
        if (!hasEvents()) return w;
        if (w.points() == 0) {
            Object[] first =
                    db.row("SELECT min(seq), arg_min(send_start, seq) FROM " + Db.parquet(events) + " WHERE measured");
            return first[0] == null ? w : WarmUp.none(w.series(), Db.asLong(first[1]), Db.asLong(first[0]));
        }
        if (w.endNs() == null || w.truncation() == 0) return w;
        List<Object[]> first = db.rows(
                "SELECT min(seq) FROM " + Db.parquet(events) + " WHERE measured AND send_start >= " + w.endNs());
        Object seq = first.isEmpty() ? null : first.get(0)[0];
        return w.withFirstSteadySeq(seq == null ? null : ((Number) seq).longValue());
    }

    public long outputCount() throws SQLException {
        return hasOutputs() ? db.count("SELECT count(*) FROM " + out()) : 0;
    }

    // ---- latency -------------------------------------------------------------------------------

    /** Event (processing) times send_end − send_start of the measured events, exact. */
    public Distribution processing() throws SQLException {
        return Distribution.of(
                db, "d_processing", "SELECT send_end - send_start AS v FROM " + ev() + " WHERE measured");
    }

    /**
     * End-to-end (received − send_start) and scheduled (received − intended) latency of every
     * output whose causing input is measured, exact: outputs joined to their inputs by seq.
     *
     * @return {end-to-end, scheduled}
     */
    public Dist[] joined() throws SQLException {
        db.execute("CREATE OR REPLACE TEMP TABLE lat AS "
                + outputsJoined(
                        "o.received - e.send_start AS e2e, o.received - e.intended AS sched",
                        "send_start, intended, measured",
                        "e.measured"));
        return new Dist[] {Distribution.ofColumn(db, "lat", "e2e"), Distribution.ofColumn(db, "lat", "sched")};
    }

    /**
     * SELECT {@code select} over the outputs of known cause (o: seq, received) joined to their
     * inputs (e: seq and {@code inputColumns}) where {@code where}: by position when the outputs
     * line up with the inputs, else by a hash join on seq.
     */
    public String outputsJoined(String select, String inputColumns, String where) throws SQLException {
        return "SELECT " + select + " FROM "
                + (outputsAligned()
                        ? "(SELECT seq, received FROM " + out() + ") o POSITIONAL JOIN (SELECT seq, " + inputColumns
                                + " FROM " + ev() + ") e"
                        : out() + " o JOIN " + ev() + " e ON o.seq = e.seq")
                + " WHERE o.seq >= 0 AND " + where;
    }

    /** End-to-end and scheduled latency, and the note to show when they came from the HdrHistogram logs (else null). */
    public record OutputLatency(Dist endToEnd, Dist scheduled, String note) {}

    /**
     * End-to-end and scheduled latency: exact from the records (outputs joined to their inputs)
     * when the outputs line up with the inputs, when there are at most {@code exactJoinLimit}
     * outputs, or when the trial has no HdrHistogram logs; else from those logs (3 significant
     * digits; a warm-up cut applies to whole intervals of the log, the one holding its end kept).
     */
    public OutputLatency outputLatency(long exactJoinLimit) throws SQLException {
        long outputs = outputCount();
        Dist e2eH = hlog(LatencyMode.END_TO_END), schedH = hlog(LatencyMode.SCHEDULED);
        if (outputs <= exactJoinLimit || e2eH == null || schedH == null || outputsAligned()) {
            Dist[] j = joined();
            return new OutputLatency(j[0], j[1], null);
        }
        return new OutputLatency(
                e2eH,
                schedH,
                "End-to-end and scheduled latency come from the HdrHistogram logs (the same measured events,"
                        + " 3 significant digits" + (cut() ? ", the warm-up cut to the log's intervals" : "")
                        + "): joining " + outputs
                        + " outputs to their inputs exactly is above the limit of " + exactJoinLimit + ".");
    }

    /**
     * Whether output row i was caused by input i for every row (one output per input, in order:
     * synchronous pass-through engines), so outputs and inputs can be joined by position, in one
     * streaming pass, instead of by a hash join on seq. Inputs are in seq order (seq = row).
     */
    public boolean outputsAligned() throws SQLException {
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
    public boolean eventsInSeqOrder() throws SQLException {
        if (eventsInOrder == null) {
            Object[] e = db.row("SELECT count(*), coalesce(bool_and(seq = file_row_number), true) FROM read_parquet("
                    + Db.literal(events.toAbsolutePath().toString()) + ", file_row_number = true)");
            eventCount = Db.asLong(e[0]);
            eventsInOrder = Boolean.TRUE.equals(e[1]);
        }
        return eventsInOrder;
    }

    /** Rows of events.parquet (from its metadata). */
    public long eventCount() throws SQLException {
        if (eventCount == null) eventCount = db.count("SELECT count(*) FROM " + Db.parquet(events));
        return eventCount;
    }

    /** The burst queries over this trial's current view. */
    public BurstQueries bursts() {
        return new BurstQueries(this);
    }

    /** The trial's series over time (JVM events, intervals, sensors). */
    public SeriesQueries series() {
        return new SeriesQueries(this);
    }

    /** Whether the bursts are derived from the events ({@link #burstsFromEvents}) rather than read from bursts.parquet. */
    boolean derivesBursts() {
        return burstsFromEvents;
    }
}
