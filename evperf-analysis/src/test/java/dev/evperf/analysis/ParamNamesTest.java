package dev.evperf.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.summary.ParamNames;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Matrix parameters named by a short path and a short value, as the sweep tables show them. */
class ParamNamesTest {
    static final ObjectMapper M = new ObjectMapper();

    static Map<String, Object> params(String... pathJson) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < pathJson.length; i += 2) m.put(pathJson[i], M.readTree(pathJson[i + 1]));
        return m;
    }

    @Test
    void wholePhasesAreNamedByTheirProfileAndJvmOptionsJoined() throws Exception {
        String path = "load.phases.pattern";
        List<Map<String, Object>> trials = List.of(
                params(
                        path,
                        "{\"name\":\"pattern\",\"wave\":{\"min\":20000,\"max\":200000,\"period\":\"2s\",\"duration\":\"6s\"}}",
                        "jvm",
                        "[]"),
                params(
                        path,
                        "{\"name\":\"pattern\",\"arrivals\":\"poisson\",\"seed\":5,\"constant\":{\"rate\":100000,\"duration\":\"6s\"}}",
                        "jvm",
                        "[\"-Xms4g\",\"-Xmn3g\"]"));
        ParamNames n = ParamNames.of(trials);
        assertThat(n.key(path)).isEqualTo("pattern");
        assertThat(n.text(trials.get(0))).isEqualTo("pattern=wave jvm=default");
        assertThat(n.text(trials.get(1))).isEqualTo("pattern=constant/poisson jvm=-Xms4g -Xmn3g");
    }

    @Test
    void valuesThatWouldReadTheSameShowTheirFields() throws Exception {
        String path = "load.phases.measure";
        List<Map<String, Object>> trials = List.of(
                params(path, "{\"name\":\"measure\",\"bursts\":{\"count\":5,\"size\":1000}}"),
                params(path, "{\"name\":\"measure\",\"bursts\":{\"count\":10,\"size\":1000}}"));
        ParamNames n = ParamNames.of(trials);
        assertThat(n.value(path, trials.get(0).get(path))).isEqualTo("bursts{count: 5, size: 1000}");
        assertThat(n.value(path, trials.get(1).get(path))).isEqualTo("bursts{count: 10, size: 1000}");
    }

    @Test
    void wholeEnginesAreNamedByNameAndTheSettingsThatSetThemApart() throws Exception {
        String q = "\"query\":{\"test\":\"table_join\",\"rows\":100000,\"table\":\"database\"}";
        List<Map<String, Object>> trials = List.of(
                params("engine", "{\"name\":\"ref\"," + q + ",\"options\":{\"join\":\"hash\"}}"),
                params("engine", "{\"name\":\"ref\"," + q + ",\"options\":{\"join\":\"grace\",\"grace_batch\":1000}}"),
                params("engine", "{\"name\":\"esper\"," + q + "}"));
        ParamNames n = ParamNames.of(trials);
        assertThat(n.text(trials.get(0))).isEqualTo("engine=ref (join: hash)");
        assertThat(n.text(trials.get(1))).isEqualTo("engine=ref (join: grace, grace_batch: 1000)");
        assertThat(n.text(trials.get(2))).isEqualTo("engine=esper");
    }

    @Test
    void keysAreTheShortestEndNoOtherParameterShares() throws Exception {
        Map<String, Object> p = params(
                "load.phases.warmup.bursts.distance",
                "\"5ms\"",
                "load.phases.measure.bursts.distance",
                "\"10ms\"",
                "engine.options.service_time",
                "\"100us\"");
        ParamNames n = ParamNames.of(List.of(p));
        assertThat(n.key("load.phases.warmup.bursts.distance")).isEqualTo("warmup.bursts.distance");
        assertThat(n.key("load.phases.measure.bursts.distance")).isEqualTo("measure.bursts.distance");
        assertThat(n.key("engine.options.service_time")).isEqualTo("service_time");
        // run.json's summaries keep a nested value as its JSON text: read the same way
        JsonNode tree = M.readTree("{\"load.phases.p\": {\"name\": \"p\", \"max\": {\"count\": 10}}}");
        assertThat(ParamNames.of(tree).text(tree)).isEqualTo("p=max");
        assertThat(ParamNames.of(List.of(Map.of(
                                "load.phases.p", tree.get("load.phases.p").toString())))
                        .value("load.phases.p", tree.get("load.phases.p").toString()))
                .isEqualTo("max");
    }
}
