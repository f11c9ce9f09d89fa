package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairsValidatorTest {

    private static PairsModel model() {
        PairsMarkets markets = new PairsMarkets(new PairsScale(1), 11);
        PairsModel m = new PairsModel(StrategyGenerator.generate(markets, 11));
        TickGenerator g = new TickGenerator(new PairsScale(1), 0.5, 11);
        for (StockTick t = g.next(); t != null; t = g.next()) {
            m.tick(t.symbol(), t.price(), t.tickTS(), t.seq());
        }
        return m;
    }

    private static List<Object[]> copy(List<Object[]> rows) {
        List<Object[]> out = new ArrayList<>();
        rows.forEach(r -> out.add(r.clone()));
        return out;
    }

    @Test
    void seededFaultsAreEachCountedExactly() {
        PairsModel m = model();
        List<Object[]> ind = m.indicators();
        List<Object[]> ord = m.orders();
        assertThat(ind.size()).isGreaterThan(1000);
        assertThat(ord.size()).isGreaterThan(50);
        assertThat(PairsValidator.indicators(ind, copy(ind)).valid()).isTrue();

        List<Object[]> bad = copy(ind);
        bad.remove(10); // 3 missing
        bad.remove(20);
        bad.remove(30);
        bad.get(0)[1] = (double) bad.get(0)[1] + 1e-6; // 2 wrong, one beyond the tolerance each way
        bad.get(1)[3] = (double) bad.get(1)[3] * (1 - 1e-7);
        bad.get(2)[2] = (double) bad.get(2)[2] + 1e-12; // within the tolerance: still correct
        bad.add(bad.get(5).clone()); // 2 undue: a duplicate and an unknown key
        Object[] stray = bad.get(6).clone();
        stray[5] = 1L;
        bad.add(stray);
        bad.get(7)[6] = 123456789L; // inputTS is not compared
        Verdict v = PairsValidator.indicators(ind, bad);
        assertThat(v.missing()).isEqualTo(3);
        assertThat(v.wrong()).isEqualTo(2);
        assertThat(v.undue()).isEqualTo(2);
        assertThat(v.correct()).isEqualTo(ind.size() - 5);
        assertThat(v.produced()).isEqualTo(ind.size() - 3 + 2);

        List<Object[]> orders = copy(ord);
        orders.get(0)[4] = (int) orders.get(0)[4] + 10; // 1 wrong size
        orders.get(1)[3] = ((Integer) orders.get(1)[3]).longValue(); // an engine's long price: still correct
        int lone = 2; // an order alone at its tick (a first BUY or a stop-loss SELL)
        while (typeClash(ord, lone)) {
            lone++;
        }
        orders.get(lone)[1] =
                "BUY".equals(orders.get(lone)[1]) ? "SELL" : "BUY"; // the type is keyed: 1 undue, 1 missing
        Verdict o = PairsValidator.orders(ord, orders);
        assertThat(o.wrong()).isEqualTo(1);
        assertThat(o.undue()).isEqualTo(1);
        assertThat(o.missing()).isEqualTo(1);
        assertThat(o.correct()).isEqualTo(ord.size() - 2);
    }

    /** Whether flipping row i's type makes it the key of another expected row (a SELL and BUY at one tick). */
    private static boolean typeClash(List<Object[]> ord, int i) {
        Object[] r = ord.get(i);
        return ord.stream().anyMatch(x -> x != r && x[0].equals(r[0]) && x[5].equals(r[5]));
    }
}
