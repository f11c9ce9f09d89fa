package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.EngineRun;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The translations on the real engines, validated against the reference model: SF 1 and 2,
 * time-compressed to one wall minute (about 370 000 ticks, every period length's window fills).
 * TS is the tick's seq here: the validator never compares it.
 *
 * <p>One engine run per engine covers both scale factors: SF 1's workload is exactly SF 2's first
 * 25 strategies on the same ticks (one market either way; the strategies are drawn in order, which
 * the test asserts), and a strategy's outputs depend on its own parameters and the ticks alone. So
 * the SF 2 run is validated whole, and its outputs of those 25 strategies against an SF 1 model.
 * Compiling the queries is most of an engine run's time (Esper: about a minute at SF 2 on a busy
 * machine), so this halves the test's time against a run per scale factor.
 */
class PairsEngineTest {

    @ParameterizedTest
    @ValueSource(strings = {"siddhi", "esper"})
    void sf1AndSf2ValidateWithNothingMissingUndueOrWrong(String engine) throws Exception {
        long seed = 42;
        List<PairsStrategy> sf2 = StrategyGenerator.generate(new PairsMarkets(new PairsScale(2), seed), seed);
        List<PairsStrategy> sf1 = StrategyGenerator.generate(new PairsMarkets(new PairsScale(1), seed), seed);
        assertThat(sf2.subList(0, sf1.size()))
                .as("SF 1's strategies are SF 2's first 25")
                .isEqualTo(sf1);
        TickGenerator g2 = new TickGenerator(new PairsScale(2), 1, seed);
        TickGenerator g1 = new TickGenerator(new PairsScale(1), 1, seed);
        List<Input> ticks = new ArrayList<>();
        PairsModel model2 = new PairsModel(sf2);
        PairsModel model1 = new PairsModel(sf1);
        for (StockTick t = g2.next(); t != null; t = g2.next()) {
            assertThat(g1.next()).as("SF 1's ticks are SF 2's").isEqualTo(t);
            ticks.add(
                    new Input(PairsOutputs.TICK, new Object[] {t.symbol(), t.price(), t.size(), t.tickTS(), t.seq()}));
            model2.tick(t.symbol(), t.price(), t.tickTS(), t.seq());
            model1.tick(t.symbol(), t.price(), t.tickTS(), t.seq());
        }
        assertThat(g1.next()).isNull();
        Translation.Queries q = (Translation.Queries) PairsTranslators.translate(engine, sf2);
        EngineRun.Outputs out = EngineRun.run(q, Map.of(), List.of(), seq -> ticks.get((int) seq), ticks.size(), 0);
        List<Object[]> indicators = out.rows().get(PairsOutputs.INDICATOR);
        List<Object[]> orders = out.rows().get(PairsOutputs.ORDER);
        check(engine, 2, ticks.size(), model2, indicators, orders);
        Set<String> first = sf1.stream().map(PairsStrategy::alias).collect(Collectors.toSet());
        check(engine, 1, ticks.size(), model1, of(first, indicators), of(first, orders));
    }

    private static void check(
            String engine, int sf, int ticks, PairsModel model, List<Object[]> indicators, List<Object[]> orders) {
        Verdict ind = PairsValidator.indicators(model.indicators(), indicators);
        Verdict ord = PairsValidator.orders(model.orders(), orders);
        System.out.printf("pairs %s SF %d, %d ticks: %s; %s%n", engine, sf, ticks, ind.summary(), ord.summary());
        assertThat(ind.expected()).isGreaterThan(1000);
        assertThat(ord.expected()).isGreaterThan(20);
        assertThat(ind.valid())
                .as("SF %d %s %s", sf, ind.summary(), ind.examples())
                .isTrue();
        assertThat(ord.valid())
                .as("SF %d %s %s", sf, ord.summary(), ord.examples())
                .isTrue();
    }

    /** The rows of these strategies (the strategy is every output's first field). */
    private static List<Object[]> of(Set<String> strategies, List<Object[]> rows) {
        return rows.stream().filter(r -> strategies.contains(r[0])).toList();
    }
}
