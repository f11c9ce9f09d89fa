package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.config.Keyword;
import dev.evperf.core.workload.AgentRole;
import dev.evperf.core.workload.AgentSplit;
import dev.evperf.core.workload.ArrivalProcess;
import dev.evperf.core.workload.FlinkMode;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.Receipt;
import dev.evperf.core.workload.ReplayUnit;
import dev.evperf.core.workload.Timing;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.core.workload.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Modes written as words (receipt, timing, arrivals, replay unit) bind to enums; any other word is one line naming file, position and field. */
class KeywordFieldsTest {
    @TempDir
    Path tmp;

    private Path write(String yaml) throws Exception {
        Path f = tmp.resolve("w.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    private static final String POISSON =
            """
            streams:
              S: {fields: {sym: string, price: double}}
            engine: {name: "null", outputs: {out: {}}}
            load:
              phases:
                - {name: main, constant: {rate: 1000, duration: 1s}, arrivals: poisson}
            """;

    @Test
    void wordsBindToConstants() throws Exception {
        Plan p = WorkloadLoader.load(write(POISSON + "measure: {receipt: send-end}\n"), WorkloadLoaderTest.VALIDATOR);
        assertThat(p.base().load.phases.get(0).arrivals).isEqualTo(ArrivalProcess.POISSON);
        assertThat(p.base().measure.receipt).isEqualTo(Receipt.SEND_END);
        assertThat(p.base().measure.timing).isEqualTo(Timing.ALL);
        assertThat(Receipt.SEND_END.text()).isEqualTo("send-end");
        assertThat(WorkloadLoader.YAML.writeValueAsString(p.base().measure)).contains("receipt: \"send-end\"");
    }

    @Test
    void anotherWordIsOneLineWithTheWordsAccepted() throws Exception {
        Path f = write(POISSON + "measure: {receipt: sendend}\n");
        assertThatThrownBy(() -> WorkloadLoader.load(f, WorkloadLoaderTest.VALIDATOR))
                .isInstanceOf(WorkloadException.class)
                .hasMessage(
                        f
                                + ":7:20: measure.receipt: expected listener or send-end, got 'sendend'; did you mean 'send-end'?");
        Path g = write(POISSON.replace("arrivals: poisson", "arrivals: random") + "measure: {timing: some}\n");
        assertThatThrownBy(() -> WorkloadLoader.load(g, WorkloadLoaderTest.VALIDATOR))
                .hasMessageContaining(": load.phases[0].arrivals: expected deterministic or poisson, got 'random'")
                .hasMessageNotContaining("\n");
        Path h = write(POISSON + "measure: {timing: 1}\n");
        assertThatThrownBy(() -> WorkloadLoader.load(h, WorkloadLoaderTest.VALIDATOR))
                .as("a number is not the position of a constant")
                .hasMessageContaining(": measure.timing: expected all or sampled, got '1'");
        Path r = write(POISSON.replace(
                "{name: main, constant: {rate: 1000, duration: 1s}, arrivals: poisson}",
                "{name: main, replay: {column: ts, unit: minutes}}"));
        assertThatThrownBy(() -> WorkloadLoader.load(r, WorkloadLoaderTest.VALIDATOR))
                .hasMessage(r + ":6:47: load.phases[0].replay.unit: expected ns, us, ms or s, got 'minutes'");
    }

    @Test
    void aReplayUnitIsAConstantWithItsNanoseconds() throws Exception {
        Workload.ReplayDef r = WorkloadLoader.YAML.readValue("{column: ts, unit: us}", Workload.ReplayDef.class);
        assertThat(r.unit).isEqualTo(ReplayUnit.US);
        assertThat(ReplayUnit.US.nanos).isEqualTo(1e3);
        assertThat(new Workload.ReplayDef().unit).isEqualTo(ReplayUnit.MS);
    }

    @Test
    void aWordReadOutsideTheBindingIsItsConstantOrTheSameOneLine() {
        assertThat(Keyword.of(FlinkMode.class, "standalone")).isEqualTo(FlinkMode.STANDALONE);
        assertThat(Keyword.of(AgentSplit.class, "key")).isEqualTo(AgentSplit.KEY);
        assertThatThrownBy(() -> Keyword.of(AgentRole.class, "sinc"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expected driver or sink, got 'sinc'; did you mean 'sink'?");
    }
}
