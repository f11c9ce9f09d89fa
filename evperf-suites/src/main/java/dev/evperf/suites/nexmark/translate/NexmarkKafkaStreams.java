package dev.evperf.suites.nexmark.translate;

import dev.evperf.suites.nexmark.query.Currency;
import dev.evperf.suites.nexmark.query.HighestBid;
import dev.evperf.suites.nexmark.query.HotItems;
import dev.evperf.suites.nexmark.query.LocalItem;
import dev.evperf.suites.nexmark.query.NewUsers;
import dev.evperf.suites.nexmark.query.Outbid;
import dev.evperf.suites.nexmark.query.PassThrough;
import dev.evperf.suites.nexmark.query.PriceDips;
import dev.evperf.suites.nexmark.query.Selection;
import dev.evperf.suites.translate.Translation;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Nexmark for the kafka-streams adapter, in its pipeline language ({@code from S [where f [mod m] op v]
 * [select a, b * x as c] [window d [advance a] top f | most k | aggregate … | distinct f, …] [join S on a = b
 * within d] into O}; a statement may read an earlier one's output): the language
 * evperf's adapter builds into Kafka Streams DSL calls. Windowed queries run on event time: option
 * {@code timestamp: dateTime} makes each record's Kafka timestamp its {@code dateTime}, and a window
 * closes when stream time (the largest timestamp seen) reaches its end, so in-order data only (no
 * grace). What the language lacks is said per query.
 */
public final class NexmarkKafkaStreams extends NexmarkTranslator {
    public NexmarkKafkaStreams() {
        super("kafka-streams");
    }

    /** Its windows close when stream time passes them; the end of input does not advance stream time. */
    @Override
    public boolean closesWindowsOnEvents() {
        return true;
    }

    @Override
    public Translation passThrough(PassThrough q) {
        return queries(q, "from bid select seq, auction, bidder, price, dateTime, extra into Out\n", Map.of());
    }

    @Override
    public Translation currency(Currency q) {
        return queries(
                q,
                "from bid select seq, auction, bidder, price * " + q.rate() + " as price, dateTime, extra into Out\n",
                Map.of(),
                "a mapValues: the price times the rate, computed as a double");
    }

    @Override
    public Translation selection(Selection q) {
        return queries(
                q,
                "from bid where auction mod " + q.modulus() + " = 0 select seq, auction, price into Out\n",
                Map.of(),
                "a filter on the remainder (Java's %, as SQL's MOD) and a mapValues");
    }

    /**
     * Nexmark's incremental join as the DSL's stream–stream inner join of the selected auctions (by
     * seller) with the selected persons (by id): each pair is emitted once, when the later of the two
     * is processed. The join window ({@link #UNBOUNDED}) on event time is longer than any run, so
     * every pair meets, as in the unbounded join; each side's rows stay in its window store.
     */
    @Override
    public Translation localItem(LocalItem q) {
        String states = q.states().stream().map(s -> "'" + s + "'").collect(Collectors.joining(", "));
        return queries(
                q,
                "from person where state in (" + states + ") select seq as pseq, id as pid, name, city, state into P;\n"
                        + "from auction where category = " + q.category() + " select seq as aseq, id, seller into A;\n"
                        + "from A join P on seller = pid within " + UNBOUNDED
                        + " select pseq, aseq, name, city, state, id into Out\n",
                EVENT_TIME,
                "KStream-KStream join (JoinWindows of " + UNBOUNDED + ", no grace), both sides re-keyed through"
                        + " repartition topics; exact while a run's event time spans less than that");
    }

    /**
     * One hopping windowed aggregate whose state is a count per auction; when the window closes, the
     * auctions at the largest count. Nexmark's Flink SQL counts per auction and window, then joins the
     * counts with their maximum per window: two more windowed stages, each closed by stream time, and
     * the last one's stream time would stop at the last count, leaving the last windows open.
     */
    @Override
    public Translation hotItems(HotItems q) {
        return queries(
                q,
                "from bid window " + q.window().millis() + "ms advance "
                        + q.slide().millis() + "ms most auction into Out\n",
                EVENT_TIME,
                "a windowed aggregate (TimeWindows hopping, suppress until the window closes) whose state is a count"
                        + " per auction, written whole to the window store on every bid");
    }

    /** One tumbling windowed aggregate whose state is the window's bids at its largest price. */
    @Override
    public Translation highestBid(HighestBid q) {
        return queries(
                q,
                "from bid window " + q.window().millis()
                        + "ms top price select wend, seq, auction, price, bidder, dateTime, extra into Out\n",
                EVENT_TIME,
                "a windowed aggregate (TimeWindows tumbling, suppress until the window closes) whose state is the"
                        + " bids at the window's largest price");
    }

    /**
     * Nexmark's join of two windowed GROUP BYs: the distinct (id, name) of each person window and the
     * distinct sellers of each auction window, each emitted when its window closes (a windowed reduce,
     * suppressed until the window closes), joined on id = seller and the window's end. The join's time
     * bound (an hour of event time) only limits how long each side's closed windows wait for the
     * other's; the key already holds the window.
     */
    @Override
    public Translation newUsers(NewUsers q) {
        long w = q.window().millis();
        return queries(
                q,
                "from person window " + w + "ms distinct id, name select wend as pend, id, name into P;\n"
                        + "from auction window " + w + "ms distinct seller into A;\n"
                        + "from P join A on id = seller and pend = wend within 1h select pend as wend, id, name into Out\n",
                EVENT_TIME,
                "two windowed reduces (TimeWindows tumbling, suppress until the window closes) grouped by id, name and"
                        + " by seller, then a KStream-KStream join on the id and the window's end");
    }

    @Override
    public Translation outbid(Outbid q) {
        return unsupported(NO_PATTERNS);
    }

    @Override
    public Translation priceDips(PriceDips q) {
        return unsupported(NO_PATTERNS);
    }

    private static final Map<String, Object> EVENT_TIME = Map.of("timestamp", "dateTime");

    /** A join window longer than any run's event time: 10 years. */
    private static final String UNBOUNDED = "87600h";

    private static final String NO_PATTERNS =
            "Kafka Streams has no pattern or MATCH_RECOGNIZE operator; a match would be a "
                    + "Processor API state store of user code, which measures that code, not the engine";
}
