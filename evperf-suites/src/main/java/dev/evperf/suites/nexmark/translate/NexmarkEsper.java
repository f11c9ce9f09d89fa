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
import dev.evperf.suites.translate.Sql;
import dev.evperf.suites.translate.Translation;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Nexmark in EPL (Esper 8). Esper has event-time tumbling windows ({@code ext_timed_batch} with a
 * reference point) but no hopping ones, so q5's HOP window is window/slide tumbling windows offset by
 * the slide. An un-grouped select over a batch window gives every event of the batch with the
 * batch's aggregate, so "the rows equal to the maximum" is a {@code having} clause (q7, and q5 over
 * a batch of one window's counts). The CEP tier is Esper's own {@code match_recognize}.
 */
public final class NexmarkEsper extends NexmarkTranslator {
    public NexmarkEsper() {
        super("esper");
    }

    @Override
    public boolean closesWindowsOnEvents() {
        return true;
    }

    @Override
    public Translation passThrough(PassThrough q) {
        return queries(q, "insert into Out select seq, auction, bidder, price, dateTime, extra from bid;\n", Map.of());
    }

    @Override
    public Translation currency(Currency q) {
        return queries(
                q,
                "insert into Out select seq, auction, bidder, " + q.rate()
                        + " * price as price, dateTime, extra from bid;\n",
                Map.of());
    }

    @Override
    public Translation selection(Selection q) {
        return queries(
                q,
                "insert into Out select seq, auction, price from bid(auction % " + q.modulus() + " = 0);\n",
                Map.of());
    }

    @Override
    public Translation localItem(LocalItem q) {
        String states = q.states().stream().map(s -> "'" + s + "'").collect(Collectors.joining(", "));
        return queries(
                q,
                "insert into Out select P.seq as pseq, A.seq as aseq, P.name as name, P.city as city, P.state as state, "
                        + "A.id as id\nfrom auction(category = " + q.category() + ")#keepall as A, person(state in ("
                        + states
                        + "))#keepall as P\nwhere A.seller = P.id;\n",
                Map.of(),
                "the incremental join: both streams kept whole (#keepall), each arrival joins the other side by Esper's hash index");
    }

    /** {@code wend} of the batch window (length, reference point offset) a batch's events are in, from a time in it. */
    private static String wend(String time, long length, long offset) {
        return time + " - (" + time + " - " + offset + ") % " + length + " + " + length;
    }

    private static String tumbling(String stream, long length, long offset) {
        return stream + "#ext_timed_batch(dateTime, " + length + " milliseconds, " + offset + "L)";
    }

    @Override
    public Translation hotItems(HotItems q) {
        long w = q.window().millis();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < q.hops(); i++) {
            long offset = i * q.slide().millis();
            text.append("insert into WindowCounts select ")
                    .append(wend("max(dateTime)", w, offset))
                    .append(
                            " as wend, auction, count(*) as num, count(distinct auction, group_by:()) as auctions\nfrom ")
                    .append(tumbling("bid", w, offset))
                    .append(" group by auction having count(*) > 0;\n");
        }
        text.append("insert into Out select wend, auction, num\n"
                + "from WindowCounts#expr_batch(current_count >= newest_event.auctions) having num = max(num);\n");
        return queries(
                q,
                text.toString(),
                Map.of(),
                "no hopping window: " + q.hops() + " event-time tumbling windows offset by the "
                        + "slide; each window's counts carry how many auctions it has (an aggregate over all groups, group_by:()), so a "
                        + "batch of exactly one window's counts finds their maximum; having count(*) > 0 leaves out the groups of the batch "
                        + "before, which Esper reports with null aggregates");
    }

    @Override
    public Translation highestBid(HighestBid q) {
        long w = q.window().millis();
        return queries(
                q,
                "insert into Out select " + wend("dateTime", w, 0)
                        + " as wend, seq, auction, price, bidder, dateTime, extra\n" + "from " + tumbling("bid", w, 0)
                        + " having price = max(price);\n",
                Map.of());
    }

    @Override
    public Translation newUsers(NewUsers q) {
        long w = q.window().millis();
        return queries(
                q,
                "insert into NewPersons select " + wend("dateTime", w, 0) + " as wend, id, name from "
                        + tumbling("person", w, 0) + ";\n"
                        + "insert into Sellers select " + wend("max(dateTime)", w, 0) + " as wend, seller from "
                        + tumbling("auction", w, 0) + " group by seller having count(*) > 0;\n"
                        + "insert into Out select P.wend as wend, P.id as id, P.name as name\nfrom NewPersons#ext_timed(wend, "
                        + 2 * w + " milliseconds) as P, Sellers#ext_timed(wend, " + 2 * w + " milliseconds) as S\n"
                        + "where P.id = S.seller and P.wend = S.wend;\n",
                Map.of(),
                "each stream's window closes on its own next event; the join keeps two windows' rows of each side, so a "
                        + "window's persons and sellers meet whichever closes last; having count(*) > 0 leaves out the sellers "
                        + "of the batch before, which Esper reports with null aggregates (max(dateTime) null: the window end "
                        + "threw a NullPointerException per such seller)");
    }

    @Override
    public Translation outbid(Outbid q) {
        long w = q.within().millis();
        return queries(
                q,
                "insert into Out select a.seq as aseq, c.seq as cseq, a.auction as auction, a.price as aprice, "
                        + "c.price as cprice\nfrom pattern [every a=bid -> (c=bid(auction = a.auction and price > a.price and "
                        + "dateTime - a.dateTime < " + w + ") where timer:within(" + Sql.engineWithin(q.within())
                        + " milliseconds))];\n",
                Map.of(),
                "an EPL pattern, not match_recognize: Esper's match_recognize drops a partial match when a later-started "
                        + "one of its partition completes first (A=6 outbid at 11 is lost once A=8 is outbid at 10), the pattern "
                        + "keeps every A until its first C; timer:within (Esper's clock, twice w plus 10 s) only ends partial "
                        + "matches that can no longer complete");
    }

    @Override
    public Translation priceDips(PriceDips q) {
        return queries(
                q,
                "insert into Dips select * from bid\nmatch_recognize (\n  partition by auction, bidder\n"
                        + "  measures S.seq as sseq, last(D.seq) as dseq, U.seq as useq, S.auction as auction, S.bidder as bidder, "
                        + "last(D.price) as bottom\n  after match skip to next row\n  pattern (S D+ U)\n  define\n"
                        + "    D as D.price < prev(D.price),\n    U as U.price > prev(U.price)\n);\n"
                        + "insert into Out select * from Dips#firstunique(useq)#length(2);\n",
                Map.of(),
                "Esper's match_recognize has no skip to a variable: it finds every start (skip to next row), and the first "
                        + "match per U, the earliest start, is kept (#firstunique over the last two rows)");
    }
}
