package dev.evperf.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * {@link EngineContract} for engines with a query language: a filter, a windowed aggregate (as
 * the engine's own semantics make it) and a query over one of two inputs, on the same events for
 * every engine.
 */
public abstract class QueryEngineContract extends EngineContract {

    /** id and price of the StockStream events with price > 500. */
    protected abstract String priceAbove500();

    /** symbol and avg(price) as avgPrice over a length window of 10 StockStream events, by symbol. */
    protected abstract String lengthWindowAverage();

    /** The (symbol, avgPrice) rows the engine emits for {@link #lengthWindowAverage} on this test's events. */
    protected abstract List<Tuple> lengthWindowRows();

    /** id and amount of the TradeStream events with ok true. */
    protected abstract String okTrades();

    /** Rows as (symbol, avgPrice), for {@link #lengthWindowRows}. */
    protected static Tuple row(String symbol, double avg) {
        return tuple(symbol, avg);
    }

    @Test
    void filterPassesExactlyTheMatchingEvents() throws Exception {
        try (Engine engine = factory().open(specOf(priceAbove500()))) {
            List<Long> ids = rows();
            engine.subscribe("OutputStream", row -> ids.add((Long) row[0]));
            InputHandle in = engine.input("StockStream");
            List<Long> expected = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                float price = (i * 37) % 1000; // prices in scrambled order, including exactly 500
                in.send(stock(i, "X", price));
                if (price > 500) expected.add((long) i);
            }
            engine.drain(DRAIN);
            assertThat(expected).hasSize(499);
            assertThat(ids).isEqualTo(expected);
        }
    }

    @Test
    void lengthWindowAverageGroupedBySymbol() throws Exception {
        try (Engine engine = factory().open(specOf(lengthWindowAverage()))) {
            assertThat(engine.outputFields("OutputStream")).containsExactly("symbol", "avgPrice");
            List<Object[]> rows = rows();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("StockStream");
            in.send(stock(1, "A", 10));
            in.send(stock(2, "B", 100));
            in.send(stock(3, "A", 20));
            in.send(stock(4, "A", 30));
            in.send(stock(5, "B", 200));
            for (int i = 6; i <= 11; i++) {
                in.send(stock(i, "C", 0)); // the 11th event pushes event 1 (A 10) out of the window
            }
            in.send(stock(12, "A", 40)); // pushes event 2 (B 100) out; A's window is 20, 30, 40
            engine.drain(DRAIN);
            assertThat(rows).extracting(r -> r[0], r -> r[1]).containsExactlyElementsOf(lengthWindowRows());
        }
    }

    @Test
    void aQueryOverOneOfSeveralInputs() throws Exception {
        try (Engine engine = factory().open(specOf(List.of(STOCK, TRADE), okTrades()))) {
            List<Object[]> rows = rows();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("TradeStream");
            in.send(new Object[] {1, true, 2.5});
            in.send(new Object[] {2, false, 3.5});
            engine.input("StockStream").send(stock(3, "A", 1)); // another input, no output
            engine.drain(DRAIN);
            assertThat(rows).containsExactly(new Object[] {1, 2.5});
        }
    }
}
