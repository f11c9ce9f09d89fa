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
import dev.evperf.suites.spec.Span;
import dev.evperf.suites.translate.Sql;
import dev.evperf.suites.translate.Translation;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Nexmark in SiddhiQL (Siddhi 5). Siddhi has event-time tumbling windows
 * ({@code externalTimeBatch} with a start time, aligned like Flink's) but no hopping ones, so q5's
 * HOP window is window/slide tumbling windows offset by the slide. A batch window's aggregate
 * without {@code group by} gives one row per batch, so "the rows equal to the batch's maximum"
 * (q5, q7) keeps the window's rows in a table and joins the maximum with it. Patterns and sequences
 * are Siddhi's own, partitioned like MATCH_RECOGNIZE's PARTITION BY.
 */
public final class NexmarkSiddhi extends NexmarkTranslator {
    public NexmarkSiddhi() {
        super("siddhi");
    }

    @Override
    public boolean closesWindowsOnEvents() {
        return true;
    }

    @Override
    public Translation passThrough(PassThrough q) {
        return queries(
                q, "from bid\nselect seq, auction, bidder, price, dateTime, extra\ninsert into Out;\n", Map.of());
    }

    @Override
    public Translation currency(Currency q) {
        return queries(
                q,
                "from bid\nselect seq, auction, bidder, " + q.rate()
                        + " * price as price, dateTime, extra\ninsert into Out;\n",
                Map.of());
    }

    @Override
    public Translation selection(Selection q) {
        return queries(
                q,
                "from bid[auction % " + q.modulus() + "L == 0L]\nselect seq, auction, price\ninsert into Out;\n",
                Map.of());
    }

    @Override
    public Translation localItem(LocalItem q) {
        String person = "person["
                + q.states().stream().map(s -> "state == '" + s + "'").collect(Collectors.joining(" or ")) + "]";
        String auction = "auction[category == " + q.category() + "L]";
        String select =
                "select P.seq as pseq, A.seq as aseq, P.name as name, P.city as city, P.state as state, A.id as id\n"
                        + "insert into Out;\n";
        return queries(
                q,
                "@PrimaryKey('id')\ndefine table Sellers (seq long, id long, name string, city string, state string);\n"
                        + "@Index('seller')\ndefine table Auctions (seq long, id long, seller long);\n"
                        + "from " + auction + " as A join Sellers as P on P.id == A.seller\n" + select
                        + "from " + auction + "\nselect seq, id, seller\ninsert into Auctions;\n"
                        + "from " + person + " as P join Auctions as A on A.seller == P.id\n" + select
                        + "from " + person + "\nselect seq, id, name, city, state\ninsert into Sellers;\n",
                Map.of(),
                "the incremental join as two stream-table joins: each passing auction and person is kept in an indexed "
                        + "table and joins the other side's table on arrival");
    }

    /** {@code wend} of the batch window (length, start at offset) a batch's events are in, from a time in it. */
    private static String wend(String time, long length, long offset) {
        return time + " - ((" + time + " - " + offset + "L) % " + length + "L) + " + length + "L";
    }

    private static String tumbling(String stream, long length, long offset) {
        return stream + "#window.externalTimeBatch(dateTime, " + length + "L, " + offset + "L)";
    }

    @Override
    public Translation hotItems(HotItems q) {
        long w = q.window().millis();
        StringBuilder text = new StringBuilder("define table Counts (wend long, auction long, num long);\n");
        for (int i = 0; i < q.hops(); i++) {
            long offset = i * q.slide().millis();
            text.append("from ")
                    .append(tumbling("bid", w, offset))
                    .append("\nselect ")
                    .append(wend("max(dateTime)", w, offset))
                    .append(" as wend, auction, count() as num\ngroup by auction\ninsert into WindowCounts;\n");
        }
        text.append("from WindowCounts\ninsert into Counts;\n"
                + "from WindowCounts#window.batch()\nselect wend, max(num) as maxn\ninsert into MaxCounts;\n"
                + "from MaxCounts join Counts on Counts.wend == MaxCounts.wend and Counts.num == MaxCounts.maxn\n"
                + "select Counts.wend as wend, Counts.auction as auction, Counts.num as num\ninsert into Out;\n"
                + "from MaxCounts\ndelete Counts on Counts.wend == wend;\n");
        return queries(
                q,
                text.toString(),
                Map.of(),
                "no hopping window: " + q.hops() + " event-time tumbling windows offset by the "
                        + "slide; each window's counts go to a table, which the window's maximum joins and then clears");
    }

    @Override
    public Translation highestBid(HighestBid q) {
        long w = q.window().millis();
        return queries(
                q,
                "define table Bids (wend long, seq long, auction long, price long, bidder long, dateTime long, extra string);\n"
                        + "from " + tumbling("bid", w, 0) + "\nselect " + wend("max(dateTime)", w, 0)
                        + " as wend, max(price) as maxp\n"
                        + "insert into MaxPrice;\n"
                        + "from MaxPrice join Bids on Bids.wend == MaxPrice.wend and Bids.price == MaxPrice.maxp\n"
                        + "select Bids.wend as wend, Bids.seq as seq, Bids.auction as auction, Bids.price as price, "
                        + "Bids.bidder as bidder, Bids.dateTime as dateTime, Bids.extra as extra\ninsert into Out;\n"
                        + "from MaxPrice\ndelete Bids on Bids.wend == wend;\n"
                        + "from bid\nselect " + wend("dateTime", w, 0)
                        + " as wend, seq, auction, price, bidder, dateTime, extra\n"
                        + "insert into Bids;\n",
                Map.of(),
                "a batch window's maximum is one row per batch: the window's bids wait in a table, which the maximum joins and then clears");
    }

    @Override
    public Translation newUsers(NewUsers q) {
        long w = q.window().millis();
        return queries(
                q,
                "from " + tumbling("person", w, 0) + "\nselect " + wend("dateTime", w, 0) + " as wend, id, name\n"
                        + "insert into NewPersons;\n"
                        + "from " + tumbling("auction", w, 0) + "\nselect " + wend("max(dateTime)", w, 0)
                        + " as wend, seller\n"
                        + "group by seller\ninsert into Sellers;\n"
                        + "from NewPersons#window.externalTime(wend, " + 2 * w
                        + "L) as P join Sellers#window.externalTime(wend, "
                        + 2 * w + "L) as S\non P.id == S.seller and P.wend == S.wend\n"
                        + "select P.wend as wend, P.id as id, P.name as name\ninsert into Out;\n",
                Map.of(),
                "each stream's window closes on its own next event; the join keeps two windows' rows of each side, so a "
                        + "window's persons and sellers meet whichever closes last");
    }

    @Override
    public Translation outbid(Outbid q) {
        long w = q.within().millis();
        return queries(
                q,
                purge(q.within()) + "partition with (auction of bid)\nbegin\n"
                        + "from every a=bid -> c=bid[price > a.price and dateTime - a.dateTime < " + w + "L]\nwithin "
                        + Sql.engineWithin(q.within()) + " milliseconds\n"
                        + "select a.seq as aseq, c.seq as cseq, a.auction as auction, a.price as aprice, c.price as cprice\n"
                        + "insert into Out;\nend;\n",
                Map.of(),
                "a pattern with gaps per auction: the first higher bid, its time bound in the condition; Siddhi's own "
                        + "within (its clock) only ends partial matches that can no longer complete");
    }

    @Override
    public Translation priceDips(PriceDips q) {
        return queries(
                q,
                purge(new Span(60_000)) + "partition with (auction * 4294967296L + bidder of bid)\nbegin\n"
                        + "from every s=bid, d=bid[(d[last].price is null and price < s.price) or "
                        + "(not (d[last].price is null) and price < d[last].price)]+, u=bid[price > d[last].price]\n"
                        + "select s.seq as sseq, d[last].seq as dseq, u.seq as useq, s.auction as auction, s.bidder as bidder, "
                        + "d[last].price as bottom\ninsert into Out;\nend;\n",
                Map.of(),
                "a sequence (consecutive events of the partition) per auction and bidder; the key is auction · 2^32 + bidder");
    }

    /** Idle partitions (an auction nobody bids on any more) are removed after a while of Siddhi's clock. */
    private static String purge(Span idle) {
        return "@purge(enable='true', interval='10 sec', idle.period='" + Sql.engineWithin(idle) / 1000 + " sec')\n";
    }
}
