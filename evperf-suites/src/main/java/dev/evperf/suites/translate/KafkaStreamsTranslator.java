package dev.evperf.suites.translate;

import dev.evperf.suites.spec.CountWindow;
import dev.evperf.suites.spec.Filter;
import dev.evperf.suites.spec.MultiQuery;
import dev.evperf.suites.spec.SeqPattern;
import dev.evperf.suites.spec.Stream1;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.spec.TimeWindow;
import dev.evperf.suites.spec.WindowJoin;
import java.util.Map;

/**
 * Query specs in the kafka-streams adapter's pipeline language, which it builds with the DSL
 * (selections, projections, direct time windows, the in-memory table join, the pattern as a
 * self-join), and then runs. The DSL has filters, projections, event-time windows, stream–stream
 * and stream–table joins; whatever needs more is unsupported, because in Kafka Streams it would be a
 * Processor API store of evperf's own code rather than the engine's.
 */
public final class KafkaStreamsTranslator extends SpecTranslator {
    public static final String ENGINE = "kstreams";
    private static final String COUNT_WINDOWS = "Kafka Streams windows are time-based (TimeWindows, SlidingWindows, "
            + "SessionWindows, JoinWindows); a count window is a Processor API state store of user code, not the DSL's";
    private static final String COUNT_JOIN = "the DSL's stream-stream join keeps each side's rows for a time"
            + " (JoinWindows), not the last S rows of each stream; a join of count windows would be two Processor API"
            + " state stores of user code, not the DSL's";

    public KafkaStreamsTranslator() {
        super(ENGINE);
    }

    /**
     * In the kafka-streams adapter's pipeline language, which it builds with the DSL's filter and
     * mapValues: a selection is what that language says, so the trial runs on a real broker.
     */
    @Override
    public Translation filter(Filter q) {
        return queries(
                q,
                "from " + Stream1.STREAM1 + " where ID <= " + q.k() + " select "
                        + String.join(", ", q.outputs().get(0).fieldNames()) + " into Out\n",
                q.outputs(),
                Map.of());
    }

    @Override
    public Translation countWindow(CountWindow q) {
        return unsupported(COUNT_WINDOWS);
    }

    /**
     * The direct form in the adapter's pipeline language: {@code window W advance P aggregate f(A1)},
     * the DSL's hopping {@code TimeWindows} (no grace) on the record time, which option {@code
     * timestamp: TS} makes TS, suppressed until each window closes. Kafka Streams' hopping windows never
     * start before the epoch, so the data must start at W − P or later ({@code stream.start}) for the
     * first windows to exist as in the model; otherwise the translation says so.
     */
    @Override
    public Translation timeWindow(TimeWindow q) {
        long p = q.slide().millis();
        long w = q.range().millis();
        if (!q.paned()) {
            if (q.data().start() < w - p) {
                return unsupported("Kafka Streams' hopping windows never start before the epoch (TimeWindows.windowsFor"
                        + " starts at max(0, …)), so the windows ending before W = " + q.range() + " would be missing;"
                        + " give the data stream.start >= W - P (" + (w - p) + " ms), a multiple of P");
            }
            String fn = q.function().yamlName();
            return queries(
                    q,
                    "from " + Stream1.STREAM1 + " window " + w + "ms advance " + p + "ms aggregate "
                            + (fn.equals("count") ? "count(*)" : fn + "(A1)") + " as agg into Out\n",
                    q.outputs(),
                    Map.of("timestamp", "TS"),
                    "a hopping window keeps one aggregate per window a record falls in (W/P of them): Kafka Streams"
                            + " does not pane");
        }
        return unsupported("the paned form's second windowed stage (over the pane rows) closes a window only when a"
                + " pane row at or after its end arrives, one pane after the model; the last window would never close,"
                + " since no pane follows it (the micro suite sends no event after the input)");
    }

    @Override
    public Translation windowJoin(WindowJoin q) {
        return unsupported(COUNT_JOIN);
    }

    /**
     * The in-memory table join in the adapter's pipeline language: {@code join table table1_rows on ID
     * = ID}, a stream–table join ({@code KStream.join(KTable)}) with the table made by {@code toTable}
     * from the rows the trial sends on {@code table1_rows} before stream1's. A task takes its
     * partitions' records in record-time order, so the table is loaded before the events that follow.
     */
    @Override
    public Translation tableJoin(TableJoin q) {
        if (q.table() == TableJoin.Table.DATABASE) {
            return unsupported(
                    "the Kafka Streams DSL has no database lookup; a query per event is a processor of user code");
        }
        return queries(
                q,
                "from " + Stream1.STREAM1 + " join table " + TableJoin.ROWS + " on ID = ID select "
                        + String.join(", ", q.outputs().get(0).fieldNames()) + " into Out\n",
                q.outputs(),
                // a task whose table partition has no record yet waits up to this long for one before it joins
                Map.of("streams", Map.of("max.task.idle.ms", TABLE_WAIT_MS)),
                "table1 is a KTable (toTable of table1_rows re-keyed by ID, at record time 0), joined by"
                        + " KStream.join(KTable); both sides through repartition topics; max.task.idle.ms "
                        + TABLE_WAIT_MS + " lets the join wait for table rows not yet fetched");
    }

    /** How long the join's task waits for table rows it has not fetched yet (the start-up of the table's side). */
    private static final String TABLE_WAIT_MS = "5000";

    /**
     * All-to-all {@code SEQ(A a1, A a2)} as the DSL's stream–stream self-join by ID: every event as
     * a1, the events with A1 > K as a2, record times (TS, option {@code timestamp}) at most w apart
     * ({@code JoinWindows}), kept where a1 comes first ({@code a1seq < a2seq}, which with the window
     * gives a2.TS − a1.TS ≤ w). Each pair is emitted once, when the later of its two rows is processed.
     * The join drops a row more than w plus the grace behind the other side's time: the two
     * repartition topics reach the join at their own pace (at start-up one lagged by ~1 000 events of
     * a 10 000 ev/s run, 355 pairs lost without a grace), so the grace is {@link #JOIN_GRACE} of TS;
     * it changes how long rows are kept, not which pairs match.
     */
    @Override
    public Translation pattern(SeqPattern q) {
        return queries(
                q,
                "from stream1 select seq as a1seq, ID as id1, TS as ts1 into First;\n"
                        + "from stream1 where A1 > " + q.k() + " select seq as a2seq, ID, TS into Second;\n"
                        + "from First join Second on id1 = ID within "
                        + q.within().millis() + "ms grace "
                        + JOIN_GRACE + " where a1seq < a2seq select a1seq, a2seq, ID into Out\n",
                q.outputs(),
                Map.of("timestamp", "TS"),
                "a KStream-KStream self-join by ID (both sides re-keyed through repartition topics), JoinWindows of w"
                        + " on TS with a grace of " + JOIN_GRACE + ", filtered to a1 before a2");
    }

    /** How far (in TS) one side of a join may lag the other before its rows are dropped. */
    private static final String JOIN_GRACE = "10s";

    @Override
    public Translation multiQuery(MultiQuery q) {
        return unsupported("its N queries are window joins of the last S rows: " + COUNT_JOIN);
    }
}
