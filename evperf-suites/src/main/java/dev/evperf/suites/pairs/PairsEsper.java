package dev.evperf.suites.pairs;

import dev.evperf.suites.translate.Translation;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Translates Pairs strategies to one Esper EPL module, with EPL alone (Appendix B.3: no
 * user-defined functions). The shape, per distinct periodLength P (at most five) and per strategy:
 *
 * <ul>
 *   <li>{@code WinP}: a table of (symbol, window start) → sum and count of prices, fed by every tick of
 *       a watched symbol; {@code CloseP}: an event whenever a tick's window start differs from the
 *       previous tick's ({@code prior(1, tickTS)}), i.e. when any tick closes a window;
 *   <li>per strategy, on CloseP: ratio = (s1/n1)/(s2/n2) of the closed window when both symbols have
 *       rows; then {@code #length(numPeriods)} with {@code having count(*) = numPeriods} gives the
 *       Indicator (Esper's stddev is the sample one: × √((N − 1)/N) makes it the population one);
 *   <li>one {@code on Ind merge State} for all strategies: the state machine, its orders and funds,
 *       with each strategy's parameters carried on its Ind events.
 * </ul>
 *
 * Order of work inside one tick: Esper runs the tick's own statements (last price, window sums)
 * before the events they insert (CloseP and what follows), so the closing tick is the last price.
 */
public final class PairsEsper {
    private PairsEsper() {}

    public static Translation translate(List<PairsStrategy> strategies) {
        StringBuilder b = new StringBuilder();
        TreeSet<String> symbols = new TreeSet<>();
        TreeSet<Long> periods = new TreeSet<>();
        for (PairsStrategy s : strategies) {
            symbols.add(s.symbol1());
            symbols.add(s.symbol2());
            periods.add(s.periodMs());
        }
        String watched =
                String.join(", ", symbols.stream().map(x -> "'" + x + "'").toList());
        b.append(
                """
                create schema Ratio(strategy string, ratio double, tickTS long, TS long);
                create schema Ind(strategy string, ratio double, avgRatio double, upperBand double, lowerBand double,
                  inputTickTS long, inputTS long, s1 string, s2 string, funds long, stop double);
                create schema Indicator(strategy string, ratio double, avgRatio double, upperBand double,
                  lowerBand double, inputTickTS long, inputTS long);
                create schema MarketOrder(strategy string, type string, symbol string, price int, size int,
                  inputTickTS long, inputTS long);
                create table LastPrice(symbol string primary key, price int);
                on StockTick(symbol in (%1$s)) t merge LastPrice l where l.symbol = t.symbol
                  when matched then update set price = t.price
                  when not matched then insert select t.symbol as symbol, t.price as price;
                """
                        .formatted(watched));
        for (long p : periods) {
            b.append(
                    """
                    create schema Close%1$d(closed long, tickTS long, TS long);
                    create table Win%1$d(symbol string primary key, ws long primary key, s sum(long), n count(*));
                    into table Win%1$d select sum(cast(price, long)) as s, count(*) as n
                      from StockTick(symbol in (%2$s)) group by symbol, tickTS - tickTS %% %1$dL;
                    insert into Close%1$d select prior(1, tickTS) - prior(1, tickTS) %% %1$dL as closed, tickTS, TS
                      from StockTick where prior(1, tickTS) is not null
                      and tickTS - tickTS %% %1$dL != prior(1, tickTS) - prior(1, tickTS) %% %1$dL;
                    on Close%1$d c delete from Win%1$d w where w.ws < c.closed;
                    """
                            .formatted(p, watched));
        }
        for (PairsStrategy s : strategies) {
            String w1 = "Win" + s.periodMs() + "['" + s.symbol1() + "', c.closed]";
            String w2 = "Win" + s.periodMs() + "['" + s.symbol2() + "', c.closed]";
            int n = s.numPeriods();
            String sd = "stddev(ratio) * " + Math.sqrt((n - 1) / (double) n);
            b.append(String.format(
                    Locale.ROOT,
                    """
                    insert into Ratio select '%1$s' as strategy, (%2$s.s / %2$s.n) / (%3$s.s / %3$s.n) as ratio,
                      c.tickTS as tickTS, c.TS as TS from Close%4$d c where %2$s.n is not null and %3$s.n is not null;
                    insert into Ind select strategy, ratio, avg(ratio) as avgRatio, avg(ratio) + %5$s * %6$s as upperBand,
                      avg(ratio) - %5$s * %6$s as lowerBand, tickTS as inputTickTS, TS as inputTS, '%7$s' as s1,
                      '%8$s' as s2, %9$dL as funds, %10$s as stop
                      from Ratio(strategy = '%1$s')#length(%11$d) having count(*) = %11$d;
                    """,
                    s.alias(),
                    w1,
                    w2,
                    s.periodMs(),
                    s.bandsMultiplier(),
                    sd,
                    s.symbol1(),
                    s.symbol2(),
                    s.availableFunds(),
                    s.stopLossPerc(),
                    n));
        }
        b.append(STATE_MACHINE);
        return new Translation.Queries(
                "esper",
                List.of(PairsOutputs.TICK_SCHEMA),
                b.toString(),
                List.of(PairsOutputs.INDICATOR_OUTPUT, PairsOutputs.ORDER_OUTPUT),
                Map.of("internal_timer", false),
                List.of("EPL only; tickTS drives every window (Esper's clock is not used)"));
    }

    /**
     * The state machine: the first matching {@code when} clause of the merge runs. pr, pu, pl keep
     * the previous Indicator's ratio and bands; {@code cash} is scratch for the funds after a sale.
     */
    private static final String STATE_MACHINE =
            """
            insert into Indicator select strategy, ratio, avgRatio, upperBand, lowerBand, inputTickTS, inputTS from Ind;
            create table State(strategy string primary key, pos string, shares long, balance long, cash long,
              entry double, pr double, pu double, pl double);
            on Ind i merge State s where s.strategy = i.strategy
              when not matched then insert select i.strategy as strategy, 'FLAT' as pos, 0L as shares,
                i.funds as balance, 0L as cash, 0.0 as entry, i.ratio as pr, i.upperBand as pu, i.lowerBand as pl
              when matched and s.pos = 'SL' and i.ratio >= (1 + i.stop) * s.entry
                then insert into MarketOrder select i.strategy as strategy, 'SELL' as type, i.s2 as symbol,
                  LastPrice[i.s2].price as price, cast(s.shares, int) as size, i.inputTickTS as inputTickTS, i.inputTS as inputTS
                then update set balance = balance + shares * LastPrice[i.s2].price, shares = 0L, pos = 'FLAT',
                  pr = i.ratio, pu = i.upperBand, pl = i.lowerBand
              when matched and s.pos = 'LS' and i.ratio <= (1 - i.stop) * s.entry
                then insert into MarketOrder select i.strategy as strategy, 'SELL' as type, i.s1 as symbol,
                  LastPrice[i.s1].price as price, cast(s.shares, int) as size, i.inputTickTS as inputTickTS, i.inputTS as inputTS
                then update set balance = balance + shares * LastPrice[i.s1].price, shares = 0L, pos = 'FLAT',
                  pr = i.ratio, pu = i.upperBand, pl = i.lowerBand
              when matched and i.ratio >= i.upperBand and s.pr < s.pu and s.pos = 'FLAT'
                then insert into MarketOrder select i.strategy as strategy, 'BUY' as type, i.s2 as symbol,
                  LastPrice[i.s2].price as price, cast(cast(s.balance / (LastPrice[i.s2].price * 10), long) * 10, int) as size,
                  i.inputTickTS as inputTickTS, i.inputTS as inputTS
                then update set cash = balance, shares = cast(cash / (LastPrice[i.s2].price * 10), long) * 10,
                  balance = cash - shares * LastPrice[i.s2].price, pos = 'SL', entry = i.ratio,
                  pr = i.ratio, pu = i.upperBand, pl = i.lowerBand
              when matched and i.ratio >= i.upperBand and s.pr < s.pu and s.pos = 'LS'
                then insert into MarketOrder select i.strategy as strategy, 'SELL' as type, i.s1 as symbol,
                  LastPrice[i.s1].price as price, cast(s.shares, int) as size, i.inputTickTS as inputTickTS, i.inputTS as inputTS
                then insert into MarketOrder select i.strategy as strategy, 'BUY' as type, i.s2 as symbol,
                  LastPrice[i.s2].price as price,
                  cast(cast((s.balance + s.shares * LastPrice[i.s1].price) / (LastPrice[i.s2].price * 10), long) * 10, int) as size,
                  i.inputTickTS as inputTickTS, i.inputTS as inputTS
                then update set cash = balance + shares * LastPrice[i.s1].price,
                  shares = cast(cash / (LastPrice[i.s2].price * 10), long) * 10,
                  balance = cash - shares * LastPrice[i.s2].price, pos = 'SL', entry = i.ratio,
                  pr = i.ratio, pu = i.upperBand, pl = i.lowerBand
              when matched and i.ratio <= i.lowerBand and s.pr > s.pl and not (i.ratio >= i.upperBand and s.pr < s.pu)
                  and s.pos = 'FLAT'
                then insert into MarketOrder select i.strategy as strategy, 'BUY' as type, i.s1 as symbol,
                  LastPrice[i.s1].price as price, cast(cast(s.balance / (LastPrice[i.s1].price * 10), long) * 10, int) as size,
                  i.inputTickTS as inputTickTS, i.inputTS as inputTS
                then update set cash = balance, shares = cast(cash / (LastPrice[i.s1].price * 10), long) * 10,
                  balance = cash - shares * LastPrice[i.s1].price, pos = 'LS', entry = i.ratio,
                  pr = i.ratio, pu = i.upperBand, pl = i.lowerBand
              when matched and i.ratio <= i.lowerBand and s.pr > s.pl and not (i.ratio >= i.upperBand and s.pr < s.pu)
                  and s.pos = 'SL'
                then insert into MarketOrder select i.strategy as strategy, 'SELL' as type, i.s2 as symbol,
                  LastPrice[i.s2].price as price, cast(s.shares, int) as size, i.inputTickTS as inputTickTS, i.inputTS as inputTS
                then insert into MarketOrder select i.strategy as strategy, 'BUY' as type, i.s1 as symbol,
                  LastPrice[i.s1].price as price,
                  cast(cast((s.balance + s.shares * LastPrice[i.s2].price) / (LastPrice[i.s1].price * 10), long) * 10, int) as size,
                  i.inputTickTS as inputTickTS, i.inputTS as inputTS
                then update set cash = balance + shares * LastPrice[i.s2].price,
                  shares = cast(cash / (LastPrice[i.s1].price * 10), long) * 10,
                  balance = cash - shares * LastPrice[i.s1].price, pos = 'LS', entry = i.ratio,
                  pr = i.ratio, pu = i.upperBand, pl = i.lowerBand
              when matched
                then update set pr = i.ratio, pu = i.upperBand, pl = i.lowerBand;
            """;
}
