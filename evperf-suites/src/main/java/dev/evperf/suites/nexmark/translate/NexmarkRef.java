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
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.Translation;
import java.util.Map;

/**
 * Nexmark on the reference engine: the stateless tier (q0 pass-through, q1 currency conversion, q2
 * selection) in its query language (RefQL, docs/ref.md) as ref's filter operator; q5 and q7 as the
 * query spec itself (its YAML, {@code query: q5 …}), for which ref builds an operator made for it on
 * the bids' event time, as it does for the chapter-4 specs (RefTranslator); q3 and q8, joins of the
 * person and auction streams, and the patterns cep1 and cep2, the same way.
 */
public final class NexmarkRef extends NexmarkTranslator {
    public NexmarkRef() {
        super("ref");
    }

    @Override
    public boolean closesWindowsOnEvents() {
        return true; // q5's and q7's windows close when a bid at or after their end arrives
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
        return queries(
                q, Specs.write(q), Map.of(), "ref takes the query spec itself; its operator for q3 is LocalItemOp");
    }

    @Override
    public Translation hotItems(HotItems q) {
        return queries(
                q, Specs.write(q), Map.of(), "ref takes the query spec itself; its operator for q5 is HotItemsOp");
    }

    @Override
    public Translation highestBid(HighestBid q) {
        return queries(
                q, Specs.write(q), Map.of(), "ref takes the query spec itself; its operator for q7 is HighestBidOp");
    }

    @Override
    public Translation newUsers(NewUsers q) {
        return queries(
                q, Specs.write(q), Map.of(), "ref takes the query spec itself; its operator for q8 is NewUsersOp");
    }

    @Override
    public Translation outbid(Outbid q) {
        return queries(
                q, Specs.write(q), Map.of(), "ref takes the query spec itself; its operator for cep1 is OutbidOp");
    }

    @Override
    public Translation priceDips(PriceDips q) {
        return queries(
                q, Specs.write(q), Map.of(), "ref takes the query spec itself; its operator for cep2 is PriceDipsOp");
    }
}
