package dev.evperf.suites.pairs;

import dev.evperf.suites.translate.Translation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Translates Pairs strategies to Flink SQL (Flink 1.20), with Flink's built-in functions alone
 * (Appendix B.3): the Indicator stream. Event time is tickTS (the adapter's {@code timestamp}
 * option makes it each record's time, so {@code rowtime} is tickTS, watermarked 1 ms behind the
 * largest), window starts are multiples of P in UTC.
 *
 * <ul>
 *   <li>{@code PrevTick}: each tick with the previous tick's tickTS (a two-row OVER window over the
 *       whole stream, in arrival order within a millisecond); {@code CloseP}: the ticks whose window
 *       index (tickTS / P) differs from the previous tick's, each closing the previous tick's window;
 *   <li>{@code WinP}: a TUMBLE window of P on tickTS over the ticks of the pairs watched with P,
 *       grouped by pair: avg(symbol1) / avg(symbol2), kept only when both symbols had a tick (an
 *       empty period gives no ratio); each symbol has one role in one pair per P, chosen by CASE;
 *   <li>{@code BandsP_N}: an OVER window of the last N ratios per pair, in window order: AVG,
 *       STDDEV_POP and COUNT. It is partitioned by pair·100 + N, not by pair: Flink 1.20's planner
 *       took OVER windows over the same input that differ only in their ROWS bound for one and
 *       computed all of them with one bound (found by the validator: strategies of the other N had
 *       one Indicator or none); a key that names N makes their inputs differ;
 *   <li>{@code IndP_N}: those with N ratios joined to the tick that closed their window, on the
 *       window's index. A regular join, not an interval join: an interval join holds its output's
 *       watermark back by its bound, so the end-of-input watermark (Long.MAX_VALUE) would never
 *       reach the sink and the trial would never see its outputs end;
 *   <li>{@code Indicator}: per strategy, its pair's rows with its bands multiplier.
 * </ul>
 *
 * <p>The MarketOrder stream is not translated: {@link #ORDERS_UNSUPPORTED} says why.
 */
public final class PairsFlink {
    /** Why the state machine, and so MarketOrder, has no Flink SQL form without user code. */
    public static final String ORDERS_UNSUPPORTED = "MarketOrder: UNSUPPORTED with built-in Flink SQL alone:"
            + " a BUY's size is 10 * floor(balance / (10 * price)) and each order leaves balance - size * price"
            + " (+ size * price at its sale), so every size depends on every earlier order's: a fold of a step that is"
            + " not a sum, min, max, count or collection. Flink 1.20 SQL carries a value from one row to a later one"
            + " only through built-in aggregates (those kinds, FIRST/LAST_VALUE, LAG/LEAD, ARRAY_AGG, LISTAGG) and"
            + " MATCH_RECOGNIZE (within one match, with the same aggregates); it has no recursive query, no function"
            + " that folds an array, and a job's dataflow has no cycle. The rest of the order (type, symbol, price,"
            + " time) needs no balance; without the size it is not MarketOrder (docs/pairs.md, Flink)";

    private PairsFlink() {}

    public static Translation translate(List<PairsStrategy> strategies) {
        // P -> pair (symbol1 + "/" + symbol2) -> its number; a symbol must have one role per P
        Map<Long, Map<String, Integer>> pairs = new TreeMap<>();
        Map<Long, Map<String, String>> roles = new HashMap<>();
        for (PairsStrategy s : strategies) {
            Map<String, Integer> ofP = pairs.computeIfAbsent(s.periodMs(), p -> new LinkedHashMap<>());
            String pair = s.symbol1() + "/" + s.symbol2();
            if (ofP.containsKey(pair)) continue;
            Map<String, String> role = roles.computeIfAbsent(s.periodMs(), p -> new HashMap<>());
            for (String[] r : new String[][] {{s.symbol1(), pair + "#1"}, {s.symbol2(), pair + "#2"}}) {
                String had = role.putIfAbsent(r[0], r[1]);
                if (had != null) {
                    return new Translation.Unsupported(
                            "flink",
                            "symbol " + r[0] + " is in two pairs with period " + s.periodLength()
                                    + " s (strategy " + s.alias() + "): this translation gives each symbol one"
                                    + " role per period, as the generator's strategies have");
                }
            }
            ofP.put(pair, ofP.size());
        }
        StringBuilder b = new StringBuilder();
        b.append(view(
                "PrevTick",
                "SELECT TS, tickTS, rowtime,\n"
                        + "  MIN(tickTS) OVER (ORDER BY rowtime ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS prevTickTS\n"
                        + "FROM StockTick"));
        for (var e : pairs.entrySet()) {
            long p = e.getKey();
            b.append(view(
                    "Close" + p,
                    "SELECT TS, tickTS, prevTickTS / " + p + " AS w\nFROM `PrevTick`\n" + "WHERE tickTS / " + p
                            + " <> prevTickTS / " + p));
            b.append(view("Legs" + p, legs(e.getValue())));
            b.append(view(
                    "Win" + p,
                    "SELECT pair, window_start, window_end, window_time, MAX(tickTS / " + p + ") AS w,\n"
                            + "  (CAST(SUM(p1) AS DOUBLE) / COUNT(p1)) / (CAST(SUM(p2) AS DOUBLE) / COUNT(p2)) AS ratio\n"
                            + "FROM TABLE(TUMBLE(TABLE `Legs" + p + "`, DESCRIPTOR(rowtime), " + interval(p) + "))\n"
                            + "GROUP BY pair, window_start, window_end, window_time\n"
                            + "HAVING COUNT(p1) > 0 AND COUNT(p2) > 0"));
        }
        TreeSet<String> bands = new TreeSet<>();
        List<String> selects = new ArrayList<>();
        for (PairsStrategy s : strategies) {
            long p = s.periodMs();
            int n = s.numPeriods();
            String v = "Ind" + p + "_" + n;
            if (bands.add(v)) {
                b.append(view(
                        "Bands" + p + "_" + n,
                        "SELECT pair, w, ratio, AVG(ratio) OVER win AS av, STDDEV_POP(ratio) OVER win AS sd,"
                                + " COUNT(*) OVER win AS n\n"
                                + "FROM (SELECT pair, w, ratio, window_time, pair * 100 + " + n + " AS pk FROM `Win"
                                + p + "`)\n"
                                + "WINDOW win AS (PARTITION BY pk ORDER BY window_time ROWS BETWEEN " + (n - 1)
                                + " PRECEDING AND CURRENT ROW)"));
                b.append(view(
                        v,
                        "SELECT b.pair, b.ratio, b.av, b.sd, c.tickTS, c.TS\n"
                                + "FROM `Bands" + p + "_" + n + "` b JOIN `Close" + p + "` c ON c.w = b.w\n"
                                + "WHERE b.n = " + n));
            }
            String k = String.format(Locale.ROOT, "CAST(%s AS DOUBLE)", s.bandsMultiplier());
            selects.add("SELECT '" + s.alias() + "' AS strategy, ratio, av AS avgRatio, av + " + k
                    + " * sd AS upperBand, av - " + k + " * sd AS lowerBand, tickTS AS inputTickTS, TS AS inputTS\n"
                    + "FROM `" + v + "` WHERE pair = " + pairs.get(p).get(s.symbol1() + "/" + s.symbol2()));
        }
        b.append(view(PairsOutputs.INDICATOR, String.join("\nUNION ALL\n", selects)));
        return new Translation.Queries(
                "flink",
                List.of(PairsOutputs.TICK_SCHEMA),
                b.toString(),
                List.of(PairsOutputs.INDICATOR_OUTPUT),
                Map.of("timestamp", "tickTS", "flink", Map.of("table.local-time-zone", "UTC")),
                List.of(ORDERS_UNSUPPORTED));
    }

    /** The ticks of the pairs watched with one period: the pair's number, the price as symbol1's or symbol2's. */
    private static String legs(Map<String, Integer> pairs) {
        StringBuilder pair = new StringBuilder("CASE symbol");
        StringBuilder p1 = new StringBuilder("CASE symbol");
        StringBuilder p2 = new StringBuilder("CASE symbol");
        List<String> symbols = new ArrayList<>();
        pairs.forEach((key, i) -> {
            String[] s = key.split("/");
            pair.append(" WHEN '").append(s[0]).append("' THEN ").append(i);
            pair.append(" WHEN '").append(s[1]).append("' THEN ").append(i);
            p1.append(" WHEN '").append(s[0]).append("' THEN CAST(price AS BIGINT)");
            p2.append(" WHEN '").append(s[1]).append("' THEN CAST(price AS BIGINT)");
            symbols.add("'" + s[0] + "'");
            symbols.add("'" + s[1] + "'");
        });
        return "SELECT " + pair + " END AS pair,\n  " + p1 + " END AS p1,\n  " + p2 + " END AS p2, tickTS, rowtime\n"
                + "FROM StockTick WHERE symbol IN (" + String.join(", ", symbols) + ")";
    }

    /** Whole seconds as a Flink interval literal (the planner takes only default precisions). */
    private static String interval(long ms) {
        return "INTERVAL '" + ms / 1000 + "' SECOND";
    }

    private static String view(String name, String select) {
        return "CREATE TEMPORARY VIEW `" + name + "` AS\n" + select + ";\n";
    }
}
