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
 * [select a, b * x as c] [avg f as n by k] [count by k every d] into O}): the language evperf's adapter
 * builds into Kafka Streams DSL calls today. What it lacks is said per query; each would be a
 * {@code KafkaStreamsTopology} class of DSL code (the adapter's {@code topology} option), which
 * evperf does not ship yet.
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

    @Override
    public Translation hotItems(HotItems q) {
        return unsupported(WINDOWS + "; q5 also needs each window's maximum count joined back to its counts");
    }

    @Override
    public Translation highestBid(HighestBid q) {
        return unsupported(WINDOWS + "; q7 needs each window's maximum price and the bids at it");
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

    private static final String WINDOWS =
            "the pipeline language's only window is a tumbling count per key on the record "
                    + "time (count by k every d), emitted on every update";
    private static final String NO_PATTERNS =
            "Kafka Streams has no pattern or MATCH_RECOGNIZE operator; a match would be a "
                    + "Processor API state store of user code, which measures that code, not the engine";
}
