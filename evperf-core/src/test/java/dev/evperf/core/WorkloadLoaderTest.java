package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.StreamSchema;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadLoaderTest {
    @TempDir
    Path tmp;

    static final WorkloadValidator VALIDATOR = new WorkloadValidator(Set.of("null", "siddhi"));

    Plan load(String yaml) throws Exception {
        Path f = tmp.resolve("w.yaml");
        Files.writeString(f, yaml);
        return WorkloadLoader.load(f, VALIDATOR);
    }

    static final String BASE =
            """
            streams:
              S: {fields: {sym: string, price: double}}
            engine: {name: "null", outputs: {out: {}}}
            load:
              phases:
                - {name: warm, measure: false, max: {count: 10}}
                - {name: main, bursts: {count: 2, size: 5, distance: 1ms}}
            """;

    @Test
    void matrixIsTheCrossProductTimesRepetitionsAndPathsReachListItemsByNameOrIndex() throws Exception {
        Plan p = load(
                BASE
                        + """
                matrix:
                  load.phases.main.bursts.distance: [0ms, 5ms]
                  load.phases[0].max.count: [10, 20]
                  jvm: [[], [-Xint]]
                repetitions: 2
                trial: {jvm: [-Xmx1g]}
                """);
        assertThat(p.trials()).hasSize(2 * 2 * 2 * 2);
        var t = p.trials().get(15);
        assertThat(t.workload().load.phases.get(1).bursts.distance.nanos()).isEqualTo(5_000_000L);
        assertThat(t.workload().load.phases.get(0).max.count).isEqualTo(20);
        assertThat(t.jvm()).containsExactly("-Xmx1g", "-Xint");
        assertThat(t.repetition()).isEqualTo(1);
        assertThat(t.tree().has("matrix")).isFalse();
        assertThat(p.trials().get(0).label()).isEqualTo("distance=0ms count=10 jvm=default rep=0");
    }

    @Test
    void theSequenceFieldIsPrependedWhenTheSchemaLacksIt() throws Exception {
        Plan p = load(BASE);
        StreamSchema s = Schemas.inputs(p.base()).get("S");
        assertThat(s.fields()).extracting(f -> f.name()).containsExactly("seq", "sym", "price");
    }

    @Test
    void generatedPoolsAreSeededAndCsvColumnsMapByHeaderName() throws Exception {
        Plan p = load(
                BASE
                        + """
                data:
                  S:
                    pool: 50
                    seed: 3
                    fields: {price: {uniform: [1, 2]}, sym: {values: [A, B]}}
                """);
        StreamSchema s = Schemas.inputs(p.base()).get("S");
        Object[][] a = EventPool.build(s, 0, p.base().data.get("S"), tmp, "w");
        Object[][] b = EventPool.build(s, 0, p.base().data.get("S"), tmp, "w");
        assertThat(a).isDeepEqualTo(b);
        for (Object[] row : a) {
            assertThat((Double) row[2]).isBetween(1.0, 2.0);
            assertThat(row[1]).isIn("A", "B");
        }
        Files.writeString(tmp.resolve("d.csv"), "price;name\n1.5;X\n2.5;Y\n");
        Plan q = load(
                BASE
                        + """
                data:
                  S: {file: {path: d.csv, delimiter: ";", columns: {sym: name, price: price}}}
                """);
        Object[][] rows = EventPool.build(s, 0, q.base().data.get("S"), tmp, "w");
        assertThat(rows).hasDimensions(2, 3);
        assertThat(rows[1][1]).isEqualTo("Y");
        assertThat(rows[1][2]).isEqualTo(2.5);
    }

    @Test
    void semanticErrorsNameTheField() {
        assertThatThrownBy(
                        () -> load(BASE.replace("max: {count: 10}", "max: {count: 10}, constant: {rate: 5, count: 1}")))
                .isInstanceOf(WorkloadException.class)
                .hasMessageContaining("load.phases[0]: expected exactly one profile");
        assertThatThrownBy(() -> load(BASE.replace("load:", "data: {T: {pool: 5}}\nload:")))
                .hasMessageContaining("data.T: no input stream 'T'");
        assertThatThrownBy(() -> load(BASE.replace("{sym: string", "{sym: strng")))
                .hasMessageContaining("streams.S.fields.sym: unknown field type 'strng'");
    }
}
