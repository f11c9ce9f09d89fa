package dev.evperf.monitor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad configuration: one line naming the field (the CLI prints it and exits with 2). */
class PipelinesValidationTest {
    @TempDir
    Path tmp;

    static Stream<Arguments> bad() {
        return Stream.of(
                Arguments.of(
                        "unknown stage",
                        "main: {stages: [{speedlimt: 10}], sink: null}",
                        "w.yaml: unknown key 'speedlimt' in pipelines.main.stages[0]; did you mean 'speedlimit'?"),
                Arguments.of(
                        "unknown stage, hyphen",
                        "main: {stages: [{initial-drop: 10}], sink: null}",
                        "w.yaml: unknown key 'initial-drop' in pipelines.main.stages[0]; did you mean 'initial_drop'?"),
                Arguments.of(
                        "unknown stage, nothing close",
                        "main: {stages: [{transform: 10}], sink: null}",
                        "w.yaml: unknown key 'transform' in pipelines.main.stages[0]; valid keys: filter, initial_drop, speedlimit, tee"),
                Arguments.of(
                        "unknown sink",
                        "main: {sink: {parket: m.parquet}}",
                        "w.yaml: pipelines.main.sink: unknown sink 'parket' (did you mean 'parquet'?); expected one of parquet: FILE, csv: FILE, null"),
                Arguments.of(
                        "missing sink",
                        "main: {stages: []}",
                        "w.yaml: pipelines.main.sink: missing; every pipeline ends in a sink: expected one of parquet: FILE, csv: FILE, null"),
                Arguments.of(
                        "sink without file",
                        "main: {sink: {csv: 3}}",
                        "w.yaml: pipelines.main.sink.csv: expected a file name"),
                Arguments.of(
                        "tee to a missing pipeline",
                        "main: {stages: [{tee: othr}], sink: null}\nother: {sink: null}",
                        "w.yaml: pipelines.main.stages[0].tee: no pipeline 'othr' (did you mean 'other'?); pipelines: [main, other]"),
                Arguments.of(
                        "cycle of two",
                        "a: {stages: [{tee: b}], sink: null}\nb: {stages: [{initial_drop: 1}, {tee: a}], sink: null}",
                        "w.yaml: pipelines.b.stages[1].tee: tees form a cycle a -> b -> a; a record would circulate forever"),
                Arguments.of(
                        "cycle of three behind a tail",
                        "t: {stages: [{tee: a}], sink: null}\na: {stages: [{tee: b}], sink: null}\n"
                                + "b: {stages: [{tee: c}], sink: null}\nc: {stages: [{tee: a}], sink: null}",
                        "w.yaml: pipelines.c.stages[0].tee: tees form a cycle a -> b -> c -> a; a record would circulate forever"),
                Arguments.of(
                        "tee to itself",
                        "a: {stages: [{tee: a}], sink: null}",
                        "w.yaml: pipelines.a.stages[0].tee: tees form a cycle a -> a; a record would circulate forever"),
                Arguments.of(
                        "capacity 0",
                        "main: {sink: null, queue: {capacity: 0}}",
                        "w.yaml: pipelines.main.queue.capacity: expected 1 to 16777216, got 0"),
                Arguments.of(
                        "capacity not a number",
                        "main: {sink: null, queue: {capacity: lots}}",
                        "w.yaml: pipelines.main.queue.capacity: expected a whole number, got 'lots'"),
                Arguments.of(
                        "unknown policy",
                        "main: {sink: null, queue: {policy: dorp}}",
                        "w.yaml: pipelines.main.queue.policy: expected block or drop, got 'dorp'; did you mean 'drop'?"),
                Arguments.of(
                        "consumers 0",
                        "main: {sink: null, consumers: 0}",
                        "w.yaml: pipelines.main.consumers: expected 1 to 1024, got 0"),
                Arguments.of(
                        "unknown pipeline key",
                        "main: {sink: null, consumer: 2}",
                        "w.yaml: unknown key 'consumer' in pipelines.main; did you mean 'consumers'?"),
                Arguments.of(
                        "unknown filter field",
                        "main: {stages: [{filter: {field: valeu, op: \">\", than: 1}}], sink: null}",
                        "w.yaml: pipelines.main.stages[0].filter.field: unknown field 'valeu' (did you mean 'value'?); expected one of timestamp, id, value, source, x0, x1, x2, x3"),
                Arguments.of(
                        "unknown operator",
                        "main: {stages: [{filter: {field: value, op: \"=>\", than: 1}}], sink: null}",
                        "w.yaml: pipelines.main.stages[0].filter.op: unknown operator '=>'; expected one of < <= > >= == !="),
                Arguments.of(
                        "filter constant not an integer",
                        "main: {stages: [{filter: {field: value, op: \">\", than: 1.5}}], sink: null}",
                        "w.yaml: pipelines.main.stages[0].filter.than: expected a whole number, got '1.5'"),
                Arguments.of(
                        "filter without op",
                        "main: {stages: [{filter: {field: value, than: 1}}], sink: null}",
                        "w.yaml: pipelines.main.stages[0].filter.op: missing; expected {field: F, op: OP, than: N}"),
                Arguments.of(
                        "negative speed limit",
                        "main: {stages: [{speedlimit: -1}], sink: null}",
                        "w.yaml: pipelines.main.stages[0].speedlimit: expected at least 0, got -1"),
                Arguments.of(
                        "speed limit without unit",
                        "main: {stages: [{speedlimit: 10 furlongs}], sink: null}",
                        "w.yaml: pipelines.main.stages[0].speedlimit: '10 furlongs' is not a duration; expected a number with a unit, e.g. 100ms, 2s, 500us"),
                Arguments.of(
                        "two keys in a stage",
                        "main: {stages: [{speedlimit: 1, tee: x}], sink: null}",
                        "w.yaml: pipelines.main.stages[0]: expected one stage as {name: argument}, one of speedlimit, initial_drop, filter, tee"),
                Arguments.of(
                        "same file twice",
                        "a: {sink: {csv: m.csv}}\nb: {sink: {csv: m.csv}}",
                        "w.yaml: pipelines.b.sink.csv: file m.csv is also pipeline a's sink"),
                Arguments.of("not a mapping", "[a, b]", "w.yaml: pipelines: expected a mapping of keys"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void badConfigurationIsOneLineNamingTheField(String what, String yaml, String message) {
        assertThatThrownBy(() -> Pipelines.validate(TestSinks.yaml(yaml), "w.yaml"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
        assertThat(message).doesNotContain("\n");
        // open checks the same before it opens anything
        assertThatThrownBy(() -> Pipelines.open(TestSinks.yaml(yaml), "w.yaml", tmp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void theWorkloadExampleIsValid() {
        assertThatCode(() -> Pipelines.validate(
                        TestSinks.yaml(
                                """
                main:
                  stages:
                    - speedlimit: 1000000
                    - initial_drop: 1000
                    - filter: {field: value, op: ">", than: 100}
                    - tee: other
                  sink: {parquet: monitor.parquet}
                  queue: {capacity: 65536, policy: block}
                  consumers: 1
                other: {stages: [{tee: third}], sink: {csv: other.csv}}
                third: {sink: null}
                """),
                        "w.yaml"))
                .doesNotThrowAnyException();
        assertThatCode(() -> Pipelines.validate((JsonNode) null, "w.yaml")).doesNotThrowAnyException();
        assertThatCode(() -> Pipelines.validate(
                        TestSinks.yaml(
                                "a: {stages: [{tee: c}], sink: null}\nb: {stages: [{tee: c}], sink: null}\nc: {sink: null}"),
                        "w.yaml"))
                .as("two tees into one pipeline are no cycle")
                .doesNotThrowAnyException();
    }

    @Test
    void anUnknownPipelineNameIsOneLineWithASuggestion() throws Exception {
        try (Pipelines ps = Pipelines.open(TestSinks.yaml("main: {sink: null}\nother: {sink: null}"), "w.yaml", tmp)) {
            assertThatThrownBy(() -> ps.get("mian"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("no pipeline 'mian' (did you mean 'main'?); pipelines: [main, other]");
        }
    }

    @Test
    void aBadConfigurationOpensNoFile() {
        assertThatThrownBy(() -> Pipelines.open(
                        TestSinks.yaml("a: {sink: {csv: a.csv}}\nb: {stages: [{tee: x}], sink: {csv: b.csv}}"),
                        "w.yaml",
                        tmp))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Files.exists(tmp.resolve("a.csv"))).isFalse();
    }

    @Test
    void speedLimitAcceptsADuration() throws Exception {
        try (Pipelines ps =
                Pipelines.open(TestSinks.yaml("main: {stages: [{speedlimit: 1ms}], sink: null}"), "w.yaml", tmp)) {
            assertThat(((Stage.SpeedLimit) ps.get("main").stages[0]).nanos).isEqualTo(1_000_000);
        }
    }
}
