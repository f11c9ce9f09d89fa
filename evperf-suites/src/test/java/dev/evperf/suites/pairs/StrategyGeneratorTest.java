package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StrategyGeneratorTest {

    @Test
    void countsPlacementAndParameters() {
        PairsMarkets markets = new PairsMarkets(new PairsScale(15), 1);
        List<PairsStrategy> s = StrategyGenerator.generate(markets, 1);
        assertThat(s).hasSize(375);
        assertThat(s.stream().map(PairsStrategy::user).distinct().count()).isEqualTo(75);
        assertThat(s.get(0).alias()).isEqualTo("st_00001");
        // §7.3.5: 250 strategies over the first 100 symbols, 125 over the second
        List<String> first =
                markets.pairs().subList(0, 25).stream().map(p -> p[0]).toList();
        assertThat(s.stream().filter(x -> first.contains(x.symbol1())).count()).isEqualTo(250);
        Map<String, Integer> perPair = new HashMap<>();
        s.forEach(x -> perPair.merge(x.symbol1() + x.symbol2(), 1, Integer::sum));
        assertThat(perPair).hasSize(50);
        assertThat(perPair.values()).containsOnly(10, 5);
        for (PairsStrategy x : s) {
            assertThat(x.availableFunds()).isIn(1_000_000L, 2_000_000L, 5_000_000L);
            assertThat(x.periodLength()).isIn(5, 10, 20, 30, 60);
            assertThat(x.numPeriods()).isIn(5, 6, 7, 8, 9, 10, 15, 20, 25, 30);
            assertThat(x.bandsMultiplier()).isIn(1.2, 1.5, 1.8, 2.0);
            assertThat(x.stopLossPerc()).isIn(0.1, 0.2, 0.3);
        }
        // every value of every set is drawn
        assertThat(s.stream().map(PairsStrategy::numPeriods).distinct().count()).isEqualTo(10);
        assertThat(StrategyGenerator.generate(markets, 1)).isEqualTo(s);
        assertThat(StrategyGenerator.generate(markets, 2)).isNotEqualTo(s);
    }

    @Test
    void xmlRoundTripsAndNamesWhatIsWrong(@TempDir Path dir) throws Exception {
        List<PairsStrategy> s = StrategyGenerator.generate(new PairsMarkets(new PairsScale(2), 5), 5);
        Path file = dir.resolve("strategies.xml");
        Files.writeString(file, StrategiesXml.write(s));
        assertThat(StrategiesXml.read(file)).isEqualTo(s);
        Files.writeString(file, StrategiesXml.write(s).replaceFirst("numPeriods=\"\\d+\"", "numPeriods=\"x\""));
        assertThatThrownBy(() -> StrategiesXml.read(file))
                .hasMessageContaining("PairsStrategy 1 (st_00001)")
                .hasMessageContaining("not a number");
        Files.writeString(file, "<Strategies><PairsStrategy alias=\"a\"/></Strategies>");
        assertThatThrownBy(() -> StrategiesXml.read(file)).hasMessageContaining("attribute symbol1 missing");
    }
}
