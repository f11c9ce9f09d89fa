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

/**
 * Nexmark for the kafka-streams adapter, in its pipeline language ({@code from S [where f [mod m] op v]
 * [select a, b * x as c] [window d [advance a] top f | most k | aggregate …] into O}): the language
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

    @Override
    public Translation localItem(LocalItem q) {
        return unsupported("the pipeline language has no join; the incremental join would be a KTable foreign-key join "
                + "(auctions by seller to persons by id) in a topology class");
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

    @Override
    public Translation newUsers(NewUsers q) {
        return unsupported(WINDOWS + "; q8 needs a join of two windowed streams on the window and the id");
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

    private static final String WINDOWS =
            "the pipeline language's windows aggregate one stream; it has no join of two streams or windows";
    private static final String NO_PATTERNS =
            "Kafka Streams has no pattern or MATCH_RECOGNIZE operator; a match would be a "
                    + "Processor API state store of user code, which measures that code, not the engine";
}
