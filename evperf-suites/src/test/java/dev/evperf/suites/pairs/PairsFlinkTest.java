package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.translate.Translation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Flink SQL translation's shape. Its outputs on a real Flink, validated against the model, are
 * evperf-cli's {@code PairsFlinkRunTest}: a Flink job needs a broker and a cluster.
 */
class PairsFlinkTest {

    @Test
    void indicatorOnlyWithTickTimeAsEventTime() {
        List<PairsStrategy> s = StrategyGenerator.generate(new PairsMarkets(new PairsScale(2), 7), 7);
        Translation.Queries q = (Translation.Queries) PairsTranslators.translate("flink", s);
        assertThat(q.outputNames()).containsExactly(PairsOutputs.INDICATOR);
        assertThat(q.notes()).containsExactly(PairsFlink.ORDERS_UNSUPPORTED);
        assertThat(q.options())
                .containsEntry("timestamp", "tickTS")
                .containsEntry("flink", Map.of("table.local-time-zone", "UTC"));
        // one select per strategy, one window and close per distinct period
        assertThat(q.text().split("UNION ALL", -1)).hasSize(s.size());
        long periods = s.stream().mapToLong(PairsStrategy::periodMs).distinct().count();
        assertThat(q.text().split("TUMBLE\\(", -1)).hasSize((int) periods + 1);
        assertThat(q.text()).doesNotContainIgnoringCase("FUNCTION");
    }

    /**
     * The trial's time limit covers planning the job (minutes on a loaded machine) and the run: a
     * 6-minute Flink run was killed at the default 10 minutes, and a standard 121-minute run's schedule
     * was longer than the default limit.
     */
    @Test
    void theTrialLimitLeavesRoomForPlanningAndTheRun() {
        List<PairsStrategy> s = StrategyGenerator.generate(new PairsMarkets(new PairsScale(1), 7), 7);
        Translation.Queries q = (Translation.Queries) PairsTranslators.translate("flink", s);
        assertThat(PairsWorkload.yaml(q, java.nio.file.Path.of("ticks.csv"), 10, 121))
                .contains("trial:\n  timeout: 141m\n  drain_timeout: 5m\n");
        assertThat(PairsWorkload.yaml(q, java.nio.file.Path.of("ticks.csv"), 10, 0.5))
                .contains("trial:\n  timeout: 21m\n");
    }

    @Test
    void aSymbolInTwoPairsOfOnePeriodIsSaidUnsupported() {
        List<PairsStrategy> s = List.of(
                new PairsStrategy("st_00001", 0, "AAA", "BBB", 1_000_000, 5, 10, 2.0, 0.1),
                new PairsStrategy("st_00002", 0, "AAA", "CCC", 1_000_000, 5, 10, 2.0, 0.1));
        assertThat(PairsTranslators.translate("flink", s))
                .isInstanceOfSatisfying(Translation.Unsupported.class, u -> assertThat(u.reason())
                        .contains("symbol AAA is in two pairs with period 5 s (strategy st_00002)"));
        // in different periods it has a role in each
        List<PairsStrategy> t =
                List.of(s.get(0), new PairsStrategy("st_00002", 0, "AAA", "CCC", 1_000_000, 10, 10, 2.0, 0.1));
        assertThat(PairsTranslators.translate("flink", t)).isInstanceOf(Translation.Queries.class);
    }
}
