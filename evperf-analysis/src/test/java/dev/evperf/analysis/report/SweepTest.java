package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.evperf.results.RunDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep's x axis: matrix values written as durations become ms (through the workload's Dur), in their order. */
class SweepTest {
    static final JsonNodeFactory F = JsonNodeFactory.instance;

    @TempDir
    Path tmp;

    @Test
    void durationsAreMillisecondsAndPlainNumbersStayAsTheyAre() {
        assertThat(Sweep.numeric(F.textNode("100ms"))).isEqualTo(100.0);
        assertThat(Sweep.numeric(F.textNode("2s"))).isEqualTo(2000.0);
        assertThat(Sweep.numeric(F.textNode("1.5s"))).isEqualTo(1500.0);
        assertThat(Sweep.numeric(F.textNode("500us"))).isEqualTo(0.5);
        assertThat(Sweep.numeric(F.textNode("250µs"))).isEqualTo(0.25);
        assertThat(Sweep.numeric(F.textNode("750ns"))).isEqualTo(0.00075);
        assertThat(Sweep.numeric(F.textNode("1m"))).isEqualTo(60_000.0);
        assertThat(Sweep.numeric(F.textNode("1h"))).isEqualTo(3_600_000.0);
        assertThat(Sweep.numeric(F.textNode(" 20 ms "))).isEqualTo(20.0);
        // numbers, also written as text, are values of their own, not durations
        assertThat(Sweep.numeric(F.numberNode(7))).isEqualTo(7.0);
        assertThat(Sweep.numeric(F.textNode("5"))).isEqualTo(5.0);
        assertThat(Sweep.numeric(F.textNode("-2.5"))).isEqualTo(-2.5);
        assertThat(Sweep.numeric(F.textNode("0"))).isEqualTo(0.0);
        // anything else is not on a numeric axis
        assertThat(Sweep.numeric(F.textNode("fast"))).isNull();
        assertThat(Sweep.numeric(F.textNode("5 parsecs"))).isNull();
        assertThat(Sweep.numeric(F.booleanNode(true))).isNull();
        assertThat(Sweep.numeric(null)).isNull();
    }

    @Test
    void matrixValuesWrittenAsDurationsAreOrderedByDuration() throws Exception {
        List<String> written = List.of("2s", "100ms", "1m", "500us", "1.5s", "750ns");
        List<String> byValue = new ArrayList<>(written);
        byValue.sort(Comparator.comparingDouble(v -> Sweep.numeric(F.textNode(v))));
        assertThat(byValue).containsExactly("750ns", "500us", "100ms", "1.5s", "2s", "1m");

        JsonNode sweep = sweepOf("distance", written);
        JsonNode axis = sweep.path("axes").get(0);
        assertThat(axis.path("key").asText()).isEqualTo("distance");
        assertThat(axis.path("numeric").asBoolean()).isTrue();
        assertThat(axis.path("unit").asText()).isEqualTo("ms");
        List<Double> x = new ArrayList<>();
        sweep.path("rows").forEach(r -> x.add(r.path("x").path("distance").asDouble()));
        assertThat(x).containsExactly(2000.0, 100.0, 60_000.0, 0.5, 1500.0, 0.00075);
    }

    @Test
    void plainNumbersAreANumericAxisWithoutUnitAndWordsAreNotNumeric() throws Exception {
        JsonNode numbers =
                sweepOf("senders", List.of("1", "2", "4")).path("axes").get(0);
        assertThat(numbers.path("numeric").asBoolean()).isTrue();
        assertThat(numbers.path("unit").asText()).isEmpty();
        JsonNode mixed = sweepOf("mode", List.of("100ms", "fast")).path("axes").get(0);
        assertThat(mixed.path("numeric").asBoolean()).isFalse();
        assertThat(mixed.path("unit").asText()).isEmpty();
    }

    /** The sweep of a run whose trials set {@code key} to each of {@code values}, in that order. */
    private JsonNode sweepOf(String key, List<String> values) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        var run = mapper.createObjectNode();
        run.put("format", "evperf-run/1");
        var trials = run.putArray("trials");
        for (int i = 0; i < values.size(); i++) {
            var t = trials.addObject();
            t.put("id", "t" + i);
            t.put("label", key + "=" + values.get(i));
            t.put("status", "ok");
            t.putObject("params").put(key, values.get(i));
        }
        Path dir = Files.createDirectories(tmp.resolve(key));
        mapper.writeValue(dir.resolve("run.json").toFile(), run);
        RunDir r = RunDir.open(dir);
        return Sweep.node(r, Map.of(), ReportWriter.names(r), mapper);
    }
}
