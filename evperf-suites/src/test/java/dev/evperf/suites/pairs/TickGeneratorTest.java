package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TickGeneratorTest {

    private static List<StockTick> all(int sf, double minutes, long seed) {
        TickGenerator g = new TickGenerator(new PairsScale(sf), minutes, seed);
        List<StockTick> out = new ArrayList<>();
        for (StockTick t = g.next(); t != null; t = g.next()) {
            out.add(t);
        }
        return out;
    }

    private static long checksum(List<StockTick> ticks) {
        long h = 1;
        for (StockTick t : ticks) {
            // fields by hand: a record's own hashCode is unspecified and may change between JDKs
            h = 31 * h + t.symbol().hashCode();
            h = 31 * h + t.price();
            h = 31 * h + t.size();
            h = 31 * h + t.tickTS();
        }
        return h;
    }

    @Test
    void sameSeedSameTicksAndAPinnedChecksum() {
        List<StockTick> a = all(1, 0.5, 7);
        assertThat(checksum(all(1, 0.5, 7))).isEqualTo(checksum(a));
        assertThat(checksum(all(1, 0.5, 8))).isNotEqualTo(checksum(a));
        // a change to the generator changes every stored run's data: change this number knowingly
        assertThat(checksum(a)).isEqualTo(PINNED);
    }

    static final long PINNED = 8578959169184941707L;

    @Test
    void countsFieldsAndShapes() {
        List<StockTick> ticks = all(1, 1, 1);
        RunProfile p = RunProfile.of(new PairsScale(1), 1);
        // expected count: ∫ rate·compression dt over 121 simulated minutes = 150.75 basis-minutes · 5000/s · 1/121
        double expected = 150.75 * 60 * 5000 * p.compression();
        assertThat((double) ticks.size()).isCloseTo(expected, within(expected * 0.01));
        Map<Integer, Integer> sizes = new HashMap<>();
        long previous = 0;
        for (StockTick t : ticks) {
            assertThat(t.size() % 10).isZero();
            assertThat(t.size()).isBetween(100, 1000);
            assertThat(t.tickTS()).isGreaterThanOrEqualTo(previous).isLessThan(RunProfile.SIMULATED_MS);
            assertThat(t.price()).isPositive();
            previous = t.tickTS();
            sizes.merge(t.size(), 1, Integer::sum);
        }
        assertThat(sizes).hasSize(91);
        // the measurement interval's middle (the peak) has 1.5× the ticks of its start (the basis)
        long start = RunProfile.measureStartMs();
        long mid = start + 30 * 60_000;
        long atBasis = ticks.stream()
                .filter(t -> t.tickTS() >= start && t.tickTS() < start + 120_000)
                .count();
        long atPeak = ticks.stream()
                .filter(t -> t.tickTS() >= mid - 60_000 && t.tickTS() < mid + 60_000)
                .count();
        assertThat((double) atPeak / atBasis).isCloseTo(1.5, within(0.1));
        // symbols cycle: 100 distinct names, each every 100th tick
        assertThat(new HashSet<>(ticks.stream().map(StockTick::symbol).toList()))
                .hasSize(100);
        assertThat(ticks.get(100).symbol()).isEqualTo(ticks.get(0).symbol());
    }

    @Test
    void pairsCorrelateAndOthersDoNot() {
        TickGenerator g = new TickGenerator(new PairsScale(1), 2, 3);
        PairsMarkets m = g.markets();
        Map<String, Integer> index = new HashMap<>();
        for (int s = 0; s < m.size(); s++) {
            index.put(m.name(s), s);
        }
        // log-returns over 30 simulated seconds (ticks' cent rounding hides shorter ones)
        double[] last = new double[100];
        double[] mark = new double[100];
        List<double[]> returns = new ArrayList<>();
        long next = 30_000;
        for (StockTick t = g.next(); t != null; t = g.next()) {
            if (t.tickTS() >= next) {
                double[] r = new double[100];
                for (int s = 0; s < 100; s++) {
                    r[s] = last[s] - mark[s];
                }
                if (mark[0] != 0) {
                    returns.add(r);
                }
                mark = last.clone();
                next += 30_000;
            }
            last[index.get(t.symbol())] = Math.log(t.price());
        }
        assertThat(correlation(returns, 0, 1)).isGreaterThan(0.7);
        assertThat(Math.abs(correlation(returns, 50, 51))).isLessThan(0.3);
    }

    private static double correlation(List<double[]> rows, int a, int b) {
        double sa = 0;
        double sb = 0;
        double saa = 0;
        double sbb = 0;
        double sab = 0;
        for (double[] r : rows) {
            sa += r[a];
            sb += r[b];
            saa += r[a] * r[a];
            sbb += r[b] * r[b];
            sab += r[a] * r[b];
        }
        int n = rows.size();
        return (sab / n - sa / n * sb / n) / Math.sqrt((saa / n - sa * sa / n / n) * (sbb / n - sb * sb / n / n));
    }
}
