package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.core.workload.TrialCpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trial.cpus}: a CPU this machine does not have, or one in both sets, is one line and exit 2
 * before anything runs; a run with a broker of its own puts the sender (one, or two threads) on its CPU and every other
 * thread of the trial JVM and of the broker on the others, as the trial read them back from procfs
 * into result.json's cpu_placement (the senders right after they moved, the rest after the run; a
 * thread a sender started during the run, which inherits its CPU, moved off it by the keeper and named;
 * once seen at load ~5 without the keeper).
 */
class CpuPlacementTest {
    @TempDir
    Path tmp;

    private Cli runBad(String cpus) throws Exception {
        Path w = Cli.write(tmp, "w.yaml", BadInputTest.GOOD + "trial:\n  cpus: " + cpus + "\n");
        Path out = tmp.resolve("out");
        Cli cli = Cli.run("run", w.toString(), "--out", out.toString());
        assertThat(cli.exit).as(cli.toString()).isEqualTo(2);
        assertThat(cli.err.strip().split("\n")).as(cli.err).hasSize(1);
        assertThat(cli.err).contains(w.toString()).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(Files.exists(out))
                .as("nothing may run before the workload is valid")
                .isFalse();
        return cli;
    }

    @Test
    void aCpuTheMachineDoesNotHaveIsOneLineAndExit2() throws Exception {
        int missing = TrialCpus.parse(TrialCpus.machine()).last() + 1;
        Cli cli = runBad("{sender: [0], others: [" + missing + "]}");
        assertThat(cli.err)
                .contains("trial.cpus.others[0]: CPU " + missing + " is not one this machine lets the run use")
                .contains("it has CPUs " + TrialCpus.machine());
        assertThat(runBad("{sender: [-1], others: [0]}").err).contains("trial.cpus.sender[0]: CPU -1");
    }

    @Test
    void aCpuInBothSetsOrAnEmptySetIsRejected() throws Exception {
        assertThat(runBad("{sender: [0], others: [0]}").err).contains("trial.cpus.others: CPU 0 is also the sender's");
        assertThat(runBad("{sender: [], others: [0]}").err).contains("trial.cpus.sender: expected a list of CPU ids");
    }

    @Test
    void theSenderGetsItsCpuAndTheTrialJvmAndTheBrokerTheOthers() throws Exception {
        TreeSet<Integer> machine = TrialCpus.parse(TrialCpus.machine());
        assumeTrue(machine.size() >= 2, "placement needs 2 CPUs; this machine lets the run use " + machine);
        int sender = machine.first();
        List<Integer> others = new ArrayList<>(machine.tailSet(sender, false));
        // One sender (the trial's own thread) and two sender threads, on one broker the run starts.
        String yaml = KafkaEnginesRunTest.baselineOnItsOwnBroker("- {name: m, constant: {rate: 2000, duration: 1s}}")
                        .replace("load:\n", "load:\n  senders: 1\n")
                + "  cpus: {sender: [" + sender + "], others: " + others + "}\n"
                + "matrix:\n  load.senders: [1, 2]\n";
        Path w = Cli.write(tmp, "w.yaml", yaml);
        Path out = tmp.resolve("run");
        Cli r = Cli.run("run", w.toString(), "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        Set<Integer> senderCounts = new TreeSet<>();
        for (String trial : List.of("t001", "t002")) {
            Path t = out.resolve("trials").resolve(trial);
            JsonNode result =
                    KafkaEnginesRunTest.JSON.readTree(t.resolve("result.json").toFile());
            JsonNode placed = result.path("cpu_placement");
            int senders = result.path("senders").asInt();
            senderCounts.add(senders);
            assertThat(placed.path("machine_cpus").asText()).isEqualTo(TrialCpus.machine());
            // Each sender on the sender's CPU, as procfs said right after it moved.
            assertThat(placed.path("senders")).as(placed.toString()).hasSize(senders);
            placed.path("senders").forEach(s -> assertThat(s.path("cpus").asText())
                    .as(placed.toString())
                    .isEqualTo(String.valueOf(sender)));
            // Threads a sender started during the run inherited its CPU: the keeper moved them, and names them.
            assertThat(placed.path("moved_off_sender_cpus").isObject())
                    .as(placed.toString())
                    .isTrue();
            placed.path("moved_off_sender_cpus").forEach(had -> assertThat(TrialCpus.parse(had.asText()))
                    .as(placed.toString())
                    .isNotEqualTo(new TreeSet<>(others)));
            // Every other thread of the trial JVM and of the broker on the others' CPUs (procfs' list: "1" or "1-3").
            assertThat(TrialCpus.parse(single(placed.path("trial_jvm_threads"))))
                    .containsExactlyElementsOf(others);
            JsonNode broker = placed.path("components_threads").path("kafka-broker");
            assertThat(TrialCpus.parse(single(broker))).containsExactlyElementsOf(others);
            int brokerThreads = broker.path(broker.fieldNames().next()).asInt();
            assertThat(brokerThreads).isGreaterThan(10);
            assertThat(Files.readString(t.resolve("stdout.txt"))).contains("cpu placement: senders");
            // The summary says it too.
            assertThat(r.out)
                    .contains("CPU placement (trial.cpus: sender [" + sender + "], others "
                            + others.toString().replace(" ", ""))
                    .contains(" on " + sender + ";")
                    .contains("kafka-broker " + brokerThreads + " on ");
        }
        assertThat(senderCounts).containsExactly(1, 2);
    }

    /** The one CPU list of a thread count per list, failing when the threads had several. */
    private static String single(JsonNode byList) {
        assertThat(byList.size()).as(byList.toString()).isEqualTo(1);
        return byList.fieldNames().next();
    }
}
