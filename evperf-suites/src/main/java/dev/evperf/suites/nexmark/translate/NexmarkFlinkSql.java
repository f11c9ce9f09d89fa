package dev.evperf.suites.nexmark.translate;

import dev.evperf.suites.nexmark.query.Currency;
import dev.evperf.suites.nexmark.query.HighestBid;
import dev.evperf.suites.nexmark.query.HotItems;
import dev.evperf.suites.nexmark.query.LocalItem;
import dev.evperf.suites.nexmark.query.NewUsers;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.nexmark.query.Outbid;
import dev.evperf.suites.nexmark.query.PassThrough;
import dev.evperf.suites.nexmark.query.PriceDips;
import dev.evperf.suites.nexmark.query.Selection;
import dev.evperf.suites.spec.Span;
import dev.evperf.suites.translate.Translation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Nexmark in Flink SQL (Flink 1.20), close to Nexmark's own texts, over the views the flink adapter
 * makes of the inputs ({@code rowtime} and {@code proctime} added). Every translation asks the
 * adapter for event time from the generator: option {@code timestamp: dateTime} makes each record's
 * Kafka timestamp its {@code dateTime}, so {@code rowtime} is event time and the watermark follows
 * it, {@code out_of_orderness_ms} holds the watermark back by the generator's lateness, and the
 * session time zone is UTC so that a window's {@code window_end} (a TIMESTAMP) is read as epoch ms.
 * The end of input is the adapter's end-of-time watermark, which closes the last windows.
 */
public final class NexmarkFlinkSql extends NexmarkTranslator {
    public NexmarkFlinkSql() {
        super("flink");
    }

    @Override
    public boolean closesWindowsOnEvents() {
        return false;
    }

    /** Event time from {@code dateTime}, the watermark held back by the lateness, windows in UTC. */
    static Map<String, Object> options(NexmarkQuery q) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("timestamp", "dateTime");
        if (q.data().latenessMillis() > 0) {
            o.put("out_of_orderness_ms", q.data().latenessMillis());
        }
        o.put("flink", Map.of("table.local-time-zone", "UTC"));
        return o;
    }

    private Translation view(NexmarkQuery q, String select, String... notes) {
        return queries(q, "CREATE TEMPORARY VIEW `Out` AS\n" + select + ";\n", options(q), notes);
    }

    static String interval(Span s) {
        return "INTERVAL '" + s.millis() / 1000 + "." + String.format("%03d", s.millis() % 1000) + "' SECOND";
    }

    private static String tumble(String table, Span window) {
        return "TABLE(TUMBLE(TABLE " + table + ", DESCRIPTOR(rowtime), " + interval(window) + "))";
    }

    @Override
    public Translation passThrough(PassThrough q) {
        return view(q, "SELECT seq, auction, bidder, price, `dateTime`, extra FROM bid");
    }

    @Override
    public Translation currency(Currency q) {
        return view(
                q,
                "SELECT seq, auction, bidder, " + q.rate() + " * price AS price, `dateTime`, extra FROM bid",
                "Flink computes the product as an exact DECIMAL, which the adapter hands on as a double");
    }

    @Override
    public Translation selection(Selection q) {
        return view(q, "SELECT seq, auction, price FROM bid WHERE MOD(auction, " + q.modulus() + ") = 0");
    }

    @Override
    public Translation localItem(LocalItem q) {
        String states = q.states().stream().map(s -> "P.state = '" + s + "'").collect(Collectors.joining(" OR "));
        return view(
                q,
                "SELECT P.seq AS pseq, A.seq AS aseq, P.name, P.city, P.state, A.id\n"
                        + "FROM auction AS A INNER JOIN person AS P ON A.seller = P.id\n"
                        + "WHERE A.category = " + q.category() + " AND (" + states + ")",
                "Nexmark's regular (incremental) join: both inputs kept in Flink's state without bound");
    }

    @Override
    public Translation hotItems(HotItems q) {
        String counts = "SELECT auction, COUNT(*) AS num, window_start, window_end\n"
                + "FROM TABLE(HOP(TABLE bid, DESCRIPTOR(rowtime), " + interval(q.slide()) + ", " + interval(q.window())
                + "))\n"
                + "GROUP BY auction, window_start, window_end";
        return queries(
                q,
                "CREATE TEMPORARY VIEW AuctionBids AS\n" + counts + ";\n"
                        + "CREATE TEMPORARY VIEW `Out` AS\nSELECT B.window_end AS wend, B.auction, B.num\nFROM AuctionBids AS B\n"
                        + "JOIN (SELECT MAX(num) AS maxn, window_start, window_end FROM AuctionBids GROUP BY window_start, window_end) AS M\n"
                        + "ON B.window_start = M.window_start AND B.window_end = M.window_end AND B.num >= M.maxn;\n",
                options(q),
                "Nexmark's q5: per-window counts joined with their per-window maximum (a cascaded window aggregation and a window join)");
    }

    @Override
    public Translation highestBid(HighestBid q) {
        return queries(
                q,
                "CREATE TEMPORARY VIEW MaxPrice AS\nSELECT MAX(price) AS maxprice, window_start, window_end\nFROM "
                        + tumble("bid", q.window()) + "\nGROUP BY window_start, window_end;\n"
                        + "CREATE TEMPORARY VIEW `Out` AS\n"
                        + "SELECT M.window_end AS wend, B.seq, B.auction, B.price, B.bidder, B.`dateTime`, B.extra\n"
                        + "FROM (SELECT * FROM " + tumble("bid", q.window()) + ") AS B\n"
                        + "JOIN MaxPrice AS M ON B.window_start = M.window_start AND B.window_end = M.window_end "
                        + "AND B.price = M.maxprice;\n",
                options(q),
                "a window join of the bids with their window's maximum, where Nexmark joins on dateTime BETWEEN the window's "
                        + "bounds (which also admits a bid at exactly the end)");
    }

    @Override
    public Translation newUsers(NewUsers q) {
        return view(
                q,
                "SELECT P.window_end AS wend, P.id, P.name\nFROM (\n"
                        + "  SELECT id, name, window_start, window_end FROM " + tumble("person", q.window()) + "\n"
                        + "  GROUP BY id, name, window_start, window_end) AS P\nJOIN (\n"
                        + "  SELECT seller, window_start, window_end FROM " + tumble("auction", q.window()) + "\n"
                        + "  GROUP BY seller, window_start, window_end) AS A\n"
                        + "ON P.id = A.seller AND P.window_start = A.window_start AND P.window_end = A.window_end");
    }

    @Override
    public Translation outbid(Outbid q) {
        long w = q.within().millis();
        return view(
                q,
                "SELECT aseq, cseq, auction, aprice, cprice FROM bid\nMATCH_RECOGNIZE (\n"
                        + "  PARTITION BY auction ORDER BY rowtime\n"
                        + "  MEASURES A.seq AS aseq, C.seq AS cseq, A.price AS aprice, C.price AS cprice\n"
                        + "  ONE ROW PER MATCH AFTER MATCH SKIP TO NEXT ROW\n"
                        + "  PATTERN (A B* C) WITHIN " + interval(q.within()) + "\n  DEFINE\n"
                        + "    B AS B.price <= A.price AND B.`dateTime` - A.`dateTime` < " + w + ",\n"
                        + "    C AS C.price > A.price AND C.`dateTime` - A.`dateTime` < " + w + "\n)",
                "the time bound is in DEFINE; WITHIN only prunes partial matches that can no longer complete");
    }

    @Override
    public Translation priceDips(PriceDips q) {
        return view(
                q,
                "SELECT sseq, dseq, useq, auction, bidder, bottom FROM bid\nMATCH_RECOGNIZE (\n"
                        + "  PARTITION BY auction, bidder ORDER BY rowtime\n"
                        + "  MEASURES S.seq AS sseq, LAST(D.seq) AS dseq, U.seq AS useq, LAST(D.price) AS bottom\n"
                        + "  ONE ROW PER MATCH AFTER MATCH SKIP TO LAST U\n"
                        + "  PATTERN (S D+ U)\n  DEFINE\n"
                        + "    D AS D.price < COALESCE(LAST(D.price, 1), S.price),\n    U AS U.price > LAST(D.price)\n)",
                "Flink has no PREV (physical offsets): the row before a D is the previous D (LAST(D.price, 1)) or S, the row "
                        + "before U is the last D; Nexmark's text compares U with LAST(D.price, 1), the D before the last, which "
                        + "this does not");
    }
}
