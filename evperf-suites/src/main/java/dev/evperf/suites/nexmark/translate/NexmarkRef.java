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
 * Nexmark in the reference engine's query language (RefQL, docs/ref.md): the stateless tier (q0
 * pass-through, q1 currency conversion, q2 selection) as ref's filter operator. ref's language has
 * sliding count and time windows with one row per event, but no event-time tumbling or hopping
 * window that emits at its end, no join of two streams and no pattern, so the windowed, join and
 * CEP queries are unsupported, each with what it would need.
 */
public final class NexmarkRef extends NexmarkTranslator {
    public NexmarkRef() {
        super("ref");
    }

    @Override
    public boolean closesWindowsOnEvents() {
        return true; // none of its translations has an event-time window
    }

    @Override
    public Translation passThrough(PassThrough q) {
        return queries(q, "SELECT seq, auction, bidder, price, dateTime, extra FROM bid INTO Out;\n", Map.of());
    }

    @Override
    public Translation currency(Currency q) {
        // a double literal times a long is double arithmetic in RefQL, as the model's rate * price
        return queries(
                q,
                "SELECT seq, auction, bidder, " + q.rate() + " * price AS price, dateTime, extra FROM bid INTO Out;\n",
                Map.of());
    }

    @Override
    public Translation selection(Selection q) {
        return queries(
                q, "SELECT seq, auction, price FROM bid WHERE auction % " + q.modulus() + " = 0 INTO Out;\n", Map.of());
    }

    @Override
    public Translation localItem(LocalItem q) {
        return unsupported("ref's query language joins no two streams (its window join is the chapter-4 spec's only)");
    }

    @Override
    public Translation hotItems(HotItems q) {
        return unsupported(NO_EVENT_TIME_WINDOW + " (a hopping window's counts per auction and their maximum)");
    }

    @Override
    public Translation highestBid(HighestBid q) {
        return unsupported(NO_EVENT_TIME_WINDOW + " (the bids equal to a tumbling window's maximum)");
    }

    @Override
    public Translation newUsers(NewUsers q) {
        return unsupported(NO_EVENT_TIME_WINDOW + ", nor a join of two windows' rows");
    }

    @Override
    public Translation outbid(Outbid q) {
        return unsupported("ref's query language has no patterns (its pattern operator is the chapter-4 spec's only)");
    }

    @Override
    public Translation priceDips(PriceDips q) {
        return unsupported("ref's query language has no patterns (its pattern operator is the chapter-4 spec's only)");
    }

    private static final String NO_EVENT_TIME_WINDOW =
            "ref's query language has no event-time tumbling or hopping window that emits when the window ends (its"
                    + " sliding windows emit one row per event)";
}
