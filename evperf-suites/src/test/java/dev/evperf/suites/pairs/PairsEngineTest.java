package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.EngineRun;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The translations on the real engines, validated against the reference model: SF 1 and 2,
 * time-compressed to one wall minute (about 370 000 ticks, every period length's window fills).
 * TS is the tick's seq here: the validator never compares it.
 */
class PairsEngineTest {

    @ParameterizedTest
    @CsvSource({"siddhi, 1", "esper, 1", "siddhi, 2", "esper, 2"})
    void validatesWithNothingMissingUndueOrWrong(String engine, int sf) throws Exception {
        long seed = 42;
        PairsScale scale = new PairsScale(sf);
        List<PairsStrategy> strategies = StrategyGenerator.generate(new PairsMarkets(scale, seed), seed);
        TickGenerator g = new TickGenerator(scale, 1, seed);
        List<Input> ticks = new ArrayList<>();
        PairsModel model = new PairsModel(strategies);
        for (StockTick t = g.next(); t != null; t = g.next()) {
            ticks.add(
                    new Input(PairsOutputs.TICK, new Object[] {t.symbol(), t.price(), t.size(), t.tickTS(), t.seq()}));
            model.tick(t.symbol(), t.price(), t.tickTS(), t.seq());
        }
        Translation.Queries q = (Translation.Queries) translate(engine, strategies);
        EngineRun.Outputs out = EngineRun.run(q, Map.of(), List.of(), seq -> ticks.get((int) seq), ticks.size(), 0);
        Verdict ind = PairsValidator.indicators(model.indicators(), out.rows().get(PairsOutputs.INDICATOR));
        Verdict ord = PairsValidator.orders(model.orders(), out.rows().get(PairsOutputs.ORDER));
        System.out.printf("pairs %s SF %d, %d ticks: %s; %s%n", engine, sf, ticks.size(), ind.summary(), ord.summary());
        assertThat(ind.expected()).isGreaterThan(1000);
        assertThat(ord.expected()).isGreaterThan(20);
        assertThat(ind.valid()).as("%s %s", ind.summary(), ind.examples()).isTrue();
        assertThat(ord.valid()).as("%s %s", ord.summary(), ord.examples()).isTrue();
    }

    private static Translation translate(String engine, List<PairsStrategy> strategies) {
        return switch (engine) {
            case "esper" -> PairsEsper.translate(strategies);
            case "siddhi" -> PairsSiddhi.translate(strategies);
            default -> throw new IllegalArgumentException(engine);
        };
    }
}
