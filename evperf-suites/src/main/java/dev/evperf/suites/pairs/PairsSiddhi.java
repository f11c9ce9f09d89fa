package dev.evperf.suites.pairs;

import dev.evperf.suites.translate.Translation;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Translates Pairs strategies to one SiddhiQL app, with Siddhi's own functions alone (Appendix B.3).
 * Siddhi runs a stream's queries in the order they are defined and each inserted event's queries
 * at once (depth first), so the order below is the order of work inside one tick: the watching
 * strategies' last prices, the window sums, then window closes and all that follows, then the
 * previous tick's time.
 *
 * <ul>
 *   <li>{@code PrevTick}: the previous tick's tickTS; a tick whose window start (tickTS − tickTS mod P)
 *       differs from it closes a window: an event on {@code CloseP};
 *   <li>{@code WinP}: (symbol, window start) → sum and count of prices: an {@code externalTimeBatch}
 *       window on tickTS aligned at 0 (any tick flushes it) grouped by symbol, its rows kept in a table;
 *   <li>per strategy: the closed window's two rows joined in turn (an empty period joins nothing),
 *       ratio, {@code #window.length(numPeriods)} with {@code count() == numPeriods} (Siddhi's
 *       stdDev is the population one);
 *   <li>{@code State}, one row per strategy made by a start trigger: position, shares, balance, entry
 *       ratio, the last prices and the previous Indicator; {@code Decision} names the action with
 *       nested {@code ifThenElse}, then orders and the new state follow from it.
 * </ul>
 */
public final class PairsSiddhi {
    private PairsSiddhi() {}

    public static Translation translate(List<PairsStrategy> strategies) {
        StringBuilder b = new StringBuilder();
        TreeSet<String> symbols = new TreeSet<>();
        TreeSet<Long> periods = new TreeSet<>();
        for (PairsStrategy s : strategies) {
            symbols.add(s.symbol1());
            symbols.add(s.symbol2());
            periods.add(s.periodMs());
        }
        String watched = String.join(
                " or ", symbols.stream().map(x -> "symbol == '" + x + "'").toList());
        b.append(
                """
                define stream Ratio (strategy string, ratio double, tickTS long, TS long);
                define stream Ind (strategy string, ratio double, avgRatio double, upperBand double, lowerBand double,
                  inputTickTS long, inputTS long);
                define trigger Start at 'start';
                @PrimaryKey('strategy') @Index('s1') @Index('s2')
                define table State (strategy string, s1 string, s2 string, p1 int, p2 int, pos string, shares long,
                  balance long, entry double, stop double, has bool, pr double, pu double, pl double);
                @PrimaryKey('k')
                define table PrevTick (k int, tickTS long);
                """);
        for (long p : periods) {
            b.append("@PrimaryKey('symbol', 'ws')\ndefine table Win%1$d (symbol string, ws long, s long, n long);\n"
                    .formatted(p));
        }
        for (PairsStrategy s : strategies) {
            b.append(String.format(
                    Locale.ROOT,
                    "from Start select '%s' as strategy, '%s' as s1, '%s' as s2, 0 as p1, 0 as p2,"
                            + " 'FLAT' as pos, 0L as shares, %dL as balance, 0.0 as entry, %s as stop, false as has,"
                            + " 0.0 as pr, 0.0 as pu, 0.0 as pl insert into State;%n",
                    s.alias(),
                    s.symbol1(),
                    s.symbol2(),
                    s.availableFunds(),
                    s.stopLossPerc()));
        }
        b.append(
                """
                from StockTick[%1$s] select symbol, price update State set State.p1 = price on State.s1 == symbol;
                from StockTick[%1$s] select symbol, price update State set State.p2 = price on State.s2 == symbol;
                """
                        .formatted(watched));
        for (long p : periods) {
            b.append(
                    """
                    from StockTick#window.externalTimeBatch(tickTS, %1$dL, 0L)
                      select symbol, tickTS - tickTS %% %1$dL as ws, sum(cast(price, 'long')) as s, count() as n
                      group by symbol having %2$s insert into Sums%1$d;
                    from Sums%1$d insert into Win%1$d;
                    """
                            .formatted(p, watched));
        }
        for (long p : periods) {
            b.append(
                    """
                    from StockTick as t join PrevTick as q
                      on q.k == 0 and t.tickTS - t.tickTS %% %1$dL != q.tickTS - q.tickTS %% %1$dL
                      select q.tickTS - q.tickTS %% %1$dL as closed, t.tickTS as tickTS, t.TS as TS insert into Close%1$d;
                    from Close%1$d delete Win%1$d on Win%1$d.ws < closed;
                    """
                            .formatted(p));
        }
        b.append("from StockTick select 0 as k, tickTS update or insert into PrevTick set PrevTick.tickTS = tickTS"
                + " on PrevTick.k == k;\n");
        for (PairsStrategy s : strategies) {
            String a = s.alias().replace('-', '_');
            b.append(String.format(
                    Locale.ROOT,
                    """
                    from Close%1$d as c join Win%1$d as w on w.symbol == '%2$s' and w.ws == c.closed
                      select c.closed as closed, c.tickTS as tickTS, c.TS as TS, cast(w.s, 'double') / w.n as avg1 insert into A1_%4$s;
                    from A1_%4$s as c join Win%1$d as w on w.symbol == '%3$s' and w.ws == c.closed
                      select '%5$s' as strategy, c.avg1 / (cast(w.s, 'double') / w.n) as ratio, c.tickTS as tickTS, c.TS as TS
                      insert into Ratio;
                    from Ratio[strategy == '%5$s']#window.length(%6$d)
                      select strategy, ratio, avg(ratio) as avgRatio, avg(ratio) + %7$s * stdDev(ratio) as upperBand,
                        avg(ratio) - %7$s * stdDev(ratio) as lowerBand, tickTS as inputTickTS, TS as inputTS, count() as c
                      having c == %6$dL insert into Ind%4$s;
                    from Ind%4$s select strategy, ratio, avgRatio, upperBand, lowerBand, inputTickTS, inputTS insert into Ind;
                    """,
                    s.periodMs(),
                    s.symbol1(),
                    s.symbol2(),
                    a,
                    s.alias(),
                    s.numPeriods(),
                    s.bandsMultiplier()));
        }
        b.append(STATE_MACHINE);
        return new Translation.Queries(
                "siddhi",
                List.of(PairsOutputs.TICK_SCHEMA),
                b.toString(),
                List.of(PairsOutputs.INDICATOR_OUTPUT, PairsOutputs.ORDER_OUTPUT),
                Map.of(),
                List.of("SiddhiQL only; tickTS drives every window (Siddhi's clock is not used)"));
    }

    private static final String STATE_MACHINE =
            """
            from Ind select strategy, ratio, avgRatio, upperBand, lowerBand, inputTickTS, inputTS insert into Indicator;
            from Ind as i join State as s on s.strategy == i.strategy
              select i.strategy as strategy, i.ratio as ratio, i.upperBand as upperBand, i.lowerBand as lowerBand,
                i.inputTickTS as inputTickTS, i.inputTS as inputTS, s.s1 as s1, s.s2 as s2, s.p1 as p1, s.p2 as p2,
                s.pos as pos, s.shares as shares, s.balance as balance, s.entry as entry,
                ifThenElse(s.pos == 'SL' and i.ratio >= (1.0 + s.stop) * s.entry, 'STOP2',
                ifThenElse(s.pos == 'LS' and i.ratio <= (1.0 - s.stop) * s.entry, 'STOP1',
                ifThenElse(s.has and i.ratio >= i.upperBand and s.pr < s.pu, ifThenElse(s.pos == 'SL', 'NONE', 'TOSL'),
                ifThenElse(s.has and i.ratio <= i.lowerBand and s.pr > s.pl, ifThenElse(s.pos == 'LS', 'NONE', 'TOLS'),
                'NONE')))) as action
              insert into Decision;
            from Decision
              select strategy, ratio, upperBand, lowerBand, inputTickTS, inputTS, s1, s2, p1, p2, pos, shares, entry, action,
                balance + ifThenElse(action == 'STOP2' or (action == 'TOLS' and pos == 'SL'), shares * p2,
                  ifThenElse(action == 'STOP1' or (action == 'TOSL' and pos == 'LS'), shares * p1, 0L)) as avail,
                ifThenElse(action == 'TOSL', p2, ifThenElse(action == 'TOLS', p1, 0)) as buyPrice
              insert into Decision2;
            from Decision2
              select strategy, ratio, upperBand, lowerBand, inputTickTS, inputTS, s1, s2, p1, p2, pos, shares, entry, action,
                avail, buyPrice, ifThenElse(buyPrice > 0, 10L * (avail / (ifThenElse(buyPrice > 0, buyPrice, 1) * 10L)), 0L) as buySize
              insert into Decision3;
            from Decision3[action == 'STOP2' or (action == 'TOLS' and pos == 'SL')]
              select strategy, 'SELL' as type, s2 as symbol, p2 as price, cast(shares, 'int') as size, inputTickTS, inputTS
              insert into MarketOrder;
            from Decision3[action == 'STOP1' or (action == 'TOSL' and pos == 'LS')]
              select strategy, 'SELL' as type, s1 as symbol, p1 as price, cast(shares, 'int') as size, inputTickTS, inputTS
              insert into MarketOrder;
            from Decision3[action == 'TOSL' or action == 'TOLS']
              select strategy, 'BUY' as type, ifThenElse(action == 'TOSL', s2, s1) as symbol, buyPrice as price,
                cast(buySize, 'int') as size, inputTickTS, inputTS
              insert into MarketOrder;
            from Decision3
              select strategy,
                ifThenElse(action == 'TOSL', 'SL', ifThenElse(action == 'TOLS', 'LS', ifThenElse(action == 'NONE', pos, 'FLAT'))) as pos,
                ifThenElse(action == 'NONE', shares, buySize) as shares,
                ifThenElse(action == 'NONE', avail, avail - buySize * buyPrice) as balance,
                ifThenElse(buyPrice > 0, ratio, entry) as entry, ratio as pr, upperBand as pu, lowerBand as pl
              update State set State.pos = pos, State.shares = shares, State.balance = balance, State.entry = entry,
                State.has = true, State.pr = pr, State.pu = pu, State.pl = pl
              on State.strategy == strategy;
            """;
}
