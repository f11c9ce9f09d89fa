package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf run} of a workload with an agents section: real agent JVMs on loopback started by
 * the run, the example workload as shipped, and the section's bad input and faults.
 */
class AgentRunTest {
    @TempDir
    Path tmp;

    private Path example(String replace, String with) throws Exception {
        String text =
                Files.readString(Path.of("").toAbsolutePath().getParent().resolve("examples/agents-loopback.yaml"));
        assertThat(text).contains(replace);
        return Cli.write(tmp, "agents.yaml", text.replace(replace, with));
    }

    @Test
    void theLoopbackExampleRunsADriverAgentAndASinkAgent() throws Exception {
        Path w = example("duration: 2s", "duration: 1s");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out)
                .contains("t001:", "events: 2000 planned, 2000 received", "latency across clocks ±", "clock driver-1:");
        JsonNode r = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile());
        assertThat(r.path("status").asText()).isEqualTo("ok");
        assertThat(r.path("latency").path("clock_bound_us").asDouble()).isPositive();
        assertThat(r.path("clocks").path("sink-1").path("probes").asInt()).isGreaterThanOrEqualTo(64);
        assertThat(Files.readAllLines(tmp.resolve("run/trials/t001/events.csv")))
                .hasSize(2001);
        assertThat(tmp.resolve("agents.secret")).exists();
        summaryAndReportReadTheRun(tmp.resolve("run"), r);
    }

    /** evperf summary (text, json, csv) and evperf report of a run over agents: latency ± the bound, every agent's clock. */
    private void summaryAndReportReadTheRun(Path run, JsonNode result) throws Exception {
        double p99 = result.path("latency").path("p99_us").asDouble() / 1e3;
        double bound = result.path("latency").path("clock_bound_us").asDouble() / 1e3;
        String expected = String.format(java.util.Locale.ROOT, "p99 = %.3f ms ± %.3f ms (clock)", p99, bound);
        Cli text = Cli.run("summary", run.toString());
        assertThat(text.exit).as(text.toString()).isZero();
        assertThat(text.out)
                .contains("run over agents: agents-loopback (tcp between the agents), 1 trial(s)")
                .contains("t001  ok  events 2000/2000", expected)
                .containsPattern("clock driver-1: offset [-+]\\d+\\.\\d{3} ms, drift [-+]\\d+\\.\\d ± \\d+\\.\\d ppm, "
                        + "min RTT \\d+\\.\\d µs, RTT p50 \\d+\\.\\d µs, bound ± \\d+\\.\\d µs")
                .contains("clock sink-1:")
                .containsPattern("latency driver-1 -> sink-1 timed (by their direct probe|via the controller)");
        Cli json = Cli.run("summary", run.toString(), "--format", "json");
        assertThat(json.exit).as(json.toString()).isZero();
        JsonNode j = new ObjectMapper().readTree(json.out);
        JsonNode t = j.path("trials").get(0);
        // the same figure as result.json's (bound * 1e3 would round: 31.844 / 1e3 * 1e3 is 31.844000000000005)
        assertThat(t.path("latency").path("clock_bound_us").asDouble())
                .isEqualTo(result.path("latency").path("clock_bound_us").asDouble());
        assertThat(t.path("clocks").path("sink-1").path("min_rtt_us").asDouble())
                .isPositive();
        assertThat(t.path("clocks").path("sink-1").has("anchors")).isFalse();
        assertThat(t.path("latency").path("pairs").get(0).path("used").asText()).isIn("direct", "controller");
        Cli csv = Cli.run("summary", run.toString(), "--format", "csv");
        assertThat(csv.out.lines())
                .hasSize(3)
                .element(1, org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("t001,ok,2000,2000,");
        Cli report = Cli.run("report", run.toString());
        assertThat(report.exit).as(report.toString()).isZero();
        assertThat(report.err).contains("evperf: report of a run over agents, 1 trial, written to");
        String html = Files.readString(run.resolve("report.html"));
        assertThat(html)
                .contains(String.format(java.util.Locale.ROOT, "%.3f ms ± %.3f ms", p99, bound))
                .contains("<td class=l>driver-1</td>", "<td class=l>sink-1</td>", "min RTT", "anchors")
                .contains("<td class=l>driver-1 → sink-1 (direct probe; ");
        runJsonAndCompareReadTheRun(run, result);
        // a damaged trial file is one line naming it, exit 2
        Files.writeString(run.resolve("trials/t001/result.json"), "{");
        Cli bad = Cli.run("summary", run.toString());
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.err.strip())
                .startsWith("evperf: " + run.resolve("trials/t001/result.json") + ":")
                .contains("not valid JSON");
        Cli badReport = Cli.run("report", run.toString());
        assertThat(badReport.exit).isEqualTo(2);
        assertThat(badReport.err.strip()).startsWith("evperf: " + run.resolve("trials/t001/result.json") + ":");
    }

    /**
     * A run over agents is an ordinary results directory: run.json in the results format with the trial's
     * status, time and summary (latency ± the clock bound, every agent's clock) and the agents; evperf compare
     * reads its events (end-to-end latency and generator lag) like a local run's.
     */
    private void runJsonAndCompareReadTheRun(Path run, JsonNode result) throws Exception {
        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.path("format").asText()).isEqualTo("evperf-run/1");
        assertThat(runJson.path("started").asText()).isNotEmpty();
        assertThat(runJson.path("finished").asText()).isNotEmpty();
        assertThat(runJson.path("agents").path("between").asText()).isEqualTo("tcp");
        assertThat(runJson.path("agents").path("nodes").findValuesAsText("name"))
                .containsExactly("driver-1", "sink-1");
        JsonNode t = runJson.path("trials").get(0);
        assertThat(t.path("id").asText()).isEqualTo("t001");
        assertThat(t.path("dir").asText()).isEqualTo("trials/t001");
        assertThat(t.path("status").asText()).isEqualTo("ok");
        assertThat(t.path("duration_s").asDouble()).isGreaterThanOrEqualTo(1.0);
        JsonNode s = t.path("summary");
        assertThat(s.path("latency").path("clock_bound_us").asDouble())
                .isEqualTo(result.path("latency").path("clock_bound_us").asDouble());
        assertThat(s.path("latency").path("p99_us").asDouble())
                .isEqualTo(result.path("latency").path("p99_us").asDouble());
        for (String agent : new String[] {"driver-1", "sink-1"}) {
            assertThat(s.path("clocks").path(agent).path("bound_us").asDouble())
                    .isEqualTo(
                            result.path("clocks").path(agent).path("bound_us").asDouble())
                    .isPositive();
            assertThat(s.path("clocks").path(agent).has("anchors")).isFalse();
        }
        // compare: the run against a copy of itself, so every difference is exactly 0
        Path copy = tmp.resolve("copy");
        try (var files = Files.walk(run)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(run.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(to);
                else Files.copy(f, to);
            }
        }
        Cli compare = Cli.run("compare", run.toString(), copy.toString(), "--format", "json");
        assertThat(compare.exit).as(compare.toString()).isZero();
        JsonNode metrics = new ObjectMapper()
                .readTree(compare.out)
                .path("pairs")
                .get(0)
                .path("groups")
                .get(0)
                .path("metrics");
        assertThat(metrics.findValuesAsText("metric")).contains("end_to_end_latency", "generator_lag");
        Cli text = Cli.run("compare", run.toString(), copy.toString());
        assertThat(text.exit).as(text.toString()).isZero();
        assertThat(text.out).contains("end-to-end latency", "generator lag");
    }

    /** Seed 004's first scenario as shipped: the broker the run starts between a driver agent and a sink agent. */
    @Test
    void theKafkaExampleRunsADriverAgentAndASinkAgentAroundTheBrokerTheRunStarts() throws Exception {
        String text = Files.readString(Path.of("").toAbsolutePath().getParent().resolve("examples/agents-kafka.yaml"));
        Path w = Cli.write(tmp, "agents-kafka.yaml", text.replace("duration: 2s", "duration: 1s"));
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out)
                .contains(
                        "evperf: broker 127.0.0.1:",
                        "events: 1000 planned, 1000 received",
                        "latency across clocks ±",
                        "clock sink-1:");
        JsonNode r = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile());
        assertThat(r.path("status").asText()).as(r.toString()).isIn("ok", "marked");
        assertThat(r.path("latency").path("clock_bound_us").asDouble()).isPositive();
        // the broker the run started is stopped, and its log is in the run directory
        assertThat(tmp.resolve("run/components")).exists();
        assertThat(CliProcess.runningFor(tmp)).isEmpty();
    }

    /**
     * The broker on the sink's node as shipped: the sink agent starts it for the trial, the events
     * pass it, and no broker is left running; no broker runs beside the controller.
     */
    @Test
    void theBrokerOnSinkExampleRunsTheBrokerOnTheSinkAgentsNode() throws Exception {
        String text = Files.readString(
                Path.of("").toAbsolutePath().getParent().resolve("examples/agents-broker-on-sink.yaml"));
        Path w = Cli.write(tmp, "broker-on-sink.yaml", text.replace("duration: 2s", "duration: 1s"));
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out)
                .contains("events: 1000 planned, 1000 received", "broker: on agent sink-1 at 127.0.0.1:")
                .doesNotContain("evperf: broker ");
        JsonNode r = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile());
        String port = r.path("broker_on").asText().replaceAll(".*:", "");
        assertThat(port).matches("[0-9]+");
        assertThat(tmp.resolve("run/components")).doesNotExist();
        // the broker (BrokerMain DIR PORT CONTROLLER-PORT) is gone with its agent
        assertThat(ProcessHandle.allProcesses()
                        .filter(ProcessHandle::isAlive)
                        .map(CliProcess::cmdline)
                        .filter(c -> c.contains("BrokerMain") && c.contains("\0" + port + "\0")))
                .isEmpty();
        Path both = example("  probes:", "  broker_on: nobody\n  probes:");
        Cli bad = Cli.run("run", both.toString(), "--out", tmp.resolve("run2").toString());
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.err.strip())
                .isEqualTo(
                        "evperf: " + both
                                + ": agents.broker_on: only with engine kafka or kafka-streams (the broker between the agents)");
        Path named = Cli.write(tmp, "named.yaml", text.replace("broker_on: sink-1", "broker_on: sink-2"));
        Cli unnamed =
                Cli.run("run", named.toString(), "--out", tmp.resolve("run3").toString());
        assertThat(unnamed.exit).isEqualTo(2);
        assertThat(unnamed.err.strip())
                .isEqualTo("evperf: " + named + ": agents.broker_on: 'sink-2' is not one of agents.nodes");
    }

    /**
     * Seed 004's "a driver on one node, the engine and sink on another" as shipped: a Kafka Streams
     * query in the sink agent's JVM between the driver agent's topic and the sink's; a query the engine
     * cannot run is bad input before any agent starts.
     */
    @Test
    void theStreamsExampleRunsTheQueryOnTheSinksAgent() throws Exception {
        String text =
                Files.readString(Path.of("").toAbsolutePath().getParent().resolve("examples/agents-streams.yaml"));
        Path w = Cli.write(tmp, "agents-streams.yaml", text);
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        // 1000 events, v = (seq mod 1000) / 1000: the filter keeps the 500 with v < 0.5
        assertThat(cli.out)
                .contains(
                        "events: 1000 planned, 500 outputs received from a Kafka Streams query on sink-1",
                        "latency across clocks ±",
                        "clock driver-1:");
        java.util.List<String> rows = Files.readAllLines(tmp.resolve("run/trials/t001/events.csv"));
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split(",", -1);
            assertThat(c[4].isEmpty()).as(row).isEqualTo(Long.parseLong(c[0]) % 1000 >= 500);
        }
        assertThat(CliProcess.runningFor(tmp)).isEmpty();

        Path bad = Cli.write(tmp, "bad.yaml", text.replace("where v < 0.5", "where w < 0.5"));
        Cli refused = Cli.run("run", bad.toString(), "--out", tmp.resolve("bad").toString());
        assertThat(refused.exit).as(refused.toString()).isEqualTo(2);
        assertThat(refused.err).contains("w").doesNotContain("at dev.evperf");
        assertThat(tmp.resolve("bad/trials/t001")).doesNotExist();
        assertThat(CliProcess.runningFor(tmp)).isEmpty();
        Path elsewhere = Cli.write(tmp, "elsewhere.yaml", text.replace("engine_on: sink-1", "engine_on: sink-9"));
        Cli on = Cli.run(
                "run", elsewhere.toString(), "--out", tmp.resolve("elsewhere").toString());
        assertThat(on.exit).isEqualTo(2);
        assertThat(on.err.strip())
                .isEqualTo("evperf: " + elsewhere + ": agents.engine_on: 'sink-9' is not one of agents.nodes");
    }

    /** agents.switches: the controller switches the sink agent's handler during the trial; the switch is in the trace. */
    @Test
    void aSwitchInTheWorkloadIsMadeDuringTheTrialAndRecorded() throws Exception {
        Path w = example(
                "  probes:",
                "  switches:\n    - {after: 1s, agent: sink-1, downsample: 10}\n"
                        + "    - {after: 1500ms, agent: driver-1, rate_percent: 50}\n  probes:");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out)
                .contains("switch (controller's request): sink-1 part 0 downsample 1 -> 10 at ")
                .contains("switch (controller's request): driver-1 part 0 rate_percent 100 -> 50 at ");
        JsonNode sw = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile())
                .path("switches")
                .get(0);
        long before = sw.path("arrivals_before").asLong();
        assertThat(before).isBetween(1L, 3_999L);
        // after the switch one event in 10 has a receipt in the trace
        java.util.List<String> rows = Files.readAllLines(tmp.resolve("run/trials/t001/events.csv"));
        long recorded = rows.stream()
                .skip(1)
                .filter(r -> !r.split(",", -1)[3].isEmpty())
                .count();
        assertThat(recorded).isEqualTo(before + (4_000 - before + 9) / 10);
        assertThat(Cli.run("summary", tmp.resolve("run").toString()).out)
                .contains("  switch (controller's request): sink-1 part 0 downsample 1 -> 10 at ");
        Path bad = example("  probes:", "  switches:\n    - {after: 1s, agent: driver-1, downsample: 10}\n  probes:");
        Cli refused = Cli.run("run", bad.toString(), "--out", tmp.resolve("bad").toString());
        assertThat(refused.exit).isEqualTo(2);
        assertThat(refused.err.strip())
                .isEqualTo("evperf: " + bad
                        + ": agents.switches[0].agent: expected the name of a sink agent, got 'driver-1'");
        Path slow =
                example("  probes:", "  switches:\n    - {after: 1s, agent: driver-1, rate_percent: 20}\n  probes:");
        Cli tooSlow =
                Cli.run("run", slow.toString(), "--out", tmp.resolve("slow").toString());
        assertThat(tooSlow.exit).isEqualTo(2);
        assertThat(tooSlow.err.strip())
                .isEqualTo(
                        "evperf: " + slow
                                + ": agents.switches[0].rate_percent: expected 50..1000 (the rest of the driver's share at that % of its rate)");
    }

    /**
     * Seed 004's XoY from the workload: after the switch the sink agent records event g exactly when
     * (g & 3) < 1 (events.csv has a receipt for those alone); an XoY whose y is no power of two is one line.
     */
    @Test
    void anXoYSwitchInTheWorkloadRecordsTheEventsItsRuleNames() throws Exception {
        Path w = example("  probes:", "  switches:\n    - {after: 1s, agent: sink-1, xoy: {x: 1, y: 4}}\n  probes:");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out)
                .contains("switch (controller's request): sink-1 part 0 handler downsample 1 -> xoy 1/4 at ");
        long before = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile())
                .path("switches")
                .get(0)
                .path("arrivals_before")
                .asLong();
        assertThat(before).isBetween(1L, 3_999L);
        // one driver over TCP: arrival i is event i
        for (String row :
                Files.readAllLines(tmp.resolve("run/trials/t001/events.csv")).subList(1, 4_001)) {
            String[] c = row.split(",", -1);
            long g = Long.parseLong(c[0]);
            assertThat(!c[3].isEmpty()).as(row).isEqualTo(g < before || (g & 3) < 1);
        }
        Path bad = example("  probes:", "  switches:\n    - {after: 1s, agent: sink-1, xoy: {x: 1, y: 6}}\n  probes:");
        Cli refused = Cli.run("run", bad.toString(), "--out", tmp.resolve("bad").toString());
        assertThat(refused.exit).isEqualTo(2);
        assertThat(refused.err.strip())
                .isEqualTo("evperf: " + bad
                        + ": agents.switches[0].xoy: expected {x, y}: y a power of two up to 1048576, 1 <= x <= y");
    }

    /** Seed 004's "two drivers and one sink" as shipped: split by key, two phases, one sink agent. */
    @Test
    void theTwoDriversExampleSplitsItsTwoPhasesByKey() throws Exception {
        Path w = Cli.write(
                tmp,
                "two.yaml",
                Files.readString(Path.of("").toAbsolutePath().getParent().resolve("examples/agents-two-drivers.yaml")));
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        // 1 000 events in the first second, 3 000 in the next
        assertThat(cli.out).contains("events: 4000 planned, 4000 received", "clock driver-1:", "clock driver-2:");
        // the intended times (on the controller's clock) follow the whole load: 1 ms apart, then 1/3 ms
        long[] intended = intendedTimes(tmp.resolve("run/trials/t001"));
        assertThat(intended).hasSize(4_000);
        double slack = twoDriversSlack(tmp.resolve("run/trials/t001"));
        assertThat((double) Math.abs(intended[999] - intended[0] - 999_000_000L))
                .isLessThanOrEqualTo(slack);
        assertThat((double) Math.abs(intended[3_999] - intended[1_000] - 999_666_667L))
                .isLessThanOrEqualTo(slack);
        Cli summary = Cli.run("summary", tmp.resolve("run").toString());
        assertThat(summary.out).contains("t001  ok  events 4000/4000", "clock driver-2:");
    }

    /** The events' intended times on the controller's clock, from a trial's events.csv. */
    private static long[] intendedTimes(Path trial) throws IOException {
        return Files.readAllLines(trial.resolve("events.csv")).stream()
                .skip(1)
                .mapToLong(r -> Long.parseLong(r.split(",")[1]))
                .toArray();
    }

    /** How far two driver agents' intended times may be off the schedule: each start carries its driver's bound, each mapping too. */
    private static double twoDriversSlack(Path trial) throws IOException {
        JsonNode clocks = new ObjectMapper()
                .readTree(trial.resolve("result.json").toFile())
                .path("clocks");
        return 2e3
                        * (clocks.path("driver-1").path("bound_us").asDouble()
                                + clocks.path("driver-2").path("bound_us").asDouble())
                + 2;
    }

    /**
     * A ramp and bursts over two driver agents as shipped: from events.csv alone (intended times on
     * the controller's clock), the ramp's gaps shrink from 2 ms to 1/4 ms and each burst's 300 events
     * are intended at its start, 200 ms after the one before.
     */
    @Test
    void theRampAndBurstsExampleKeepsItsShapeOverTwoDrivers() throws Exception {
        Path w = Cli.write(
                tmp,
                "shape.yaml",
                Files.readString(Path.of("").toAbsolutePath().getParent().resolve("examples/agents-ramp-bursts.yaml")));
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        // 2250 ramp events (Λ(1 s) = (500 + 4000)/2), 5 × 300 in bursts
        assertThat(cli.out).contains("events: 3750 planned, 3750 received", "clock driver-2:");
        long[] intended = intendedTimes(tmp.resolve("run/trials/t001"));
        double slack = twoDriversSlack(tmp.resolve("run/trials/t001"));
        // event 1 (driver-2) 1.9862 ms after event 0 (driver-1); the ramp's last gap ~0.25 ms
        assertThat((double) Math.abs(intended[1] - intended[0] - 1_986_200L)).isLessThanOrEqualTo(slack + 10_000);
        assertThat((double) Math.abs(intended[2_249] - intended[2_248] - 250_000L))
                .isLessThanOrEqualTo(slack + 10_000);
        for (int b = 0; b < 5; b++) {
            for (int i = 0; i < 300; i++) {
                long at = intended[0] + 1_000_000_000L + b * 200_000_000L;
                assertThat((double) Math.abs(intended[2_250 + b * 300 + i] - at))
                        .as("burst %d event %d", b, i)
                        .isLessThanOrEqualTo(slack);
            }
        }
    }

    /**
     * Stairs then Poisson arrivals over two driver agents split by key, as shipped: from events.csv
     * alone (intended times on the controller's clock), every event is intended at its single-node
     * offset (evperf-core's schedule of the example's phases, the Poisson draw of its seed included)
     * after one common start, within the two drivers' bounds, and each stair holds its level's events.
     */
    @Test
    void theStairsAndPoissonExampleSendsTheSingleNodeScheduleOverTwoDrivers() throws Exception {
        Path w = Cli.write(
                tmp,
                "stairs.yaml",
                Files.readString(
                        Path.of("").toAbsolutePath().getParent().resolve("examples/agents-stairs-poisson.yaml")));
        var phases = WorkloadLoader.load(
                        w, new WorkloadValidator(Engines.available().keySet()))
                .base()
                .load
                .phases;
        var single = dev.evperf.core.load.Schedule.of(phases);
        long[] offset = single.columns().intended;
        int stairs = (int) single.phases.get(0).count();
        assertThat(stairs).isEqualTo(500 + 1_500 + 1_000);
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out).contains("events: " + offset.length + " planned, " + offset.length + " received");
        long[] intended = intendedTimes(tmp.resolve("run/trials/t001"));
        assertThat(intended).hasSize(offset.length);
        double slack = twoDriversSlack(tmp.resolve("run/trials/t001"));
        long start = intended[0];
        for (int g = 0; g < offset.length; g++)
            assertThat((double) Math.abs(intended[g] - start - offset[g]))
                    .as("event %d", g)
                    .isLessThanOrEqualTo(slack);
        int[] levels = {1_000, 3_000, 2_000};
        for (int k = 0; k < 3; k++) {
            long t0 = start + k * 500_000_000L, t1 = t0 + 500_000_000L;
            long count = 0, edge = 0;
            for (int g = 0; g < stairs; g++) {
                if (intended[g] >= t0 && intended[g] < t1) count++;
                if (Math.abs(intended[g] - t0) <= slack || Math.abs(intended[g] - t1) <= slack) edge++;
            }
            assertThat(Math.abs(count - levels[k] / 2)).as("stair %d", k).isLessThanOrEqualTo(edge);
        }
    }

    /**
     * A replayed trace over a driver agent: the agent reads the load stream's data file itself (the
     * controller ships its absolute path, never the times), and from events.csv every event is
     * intended at its trace timestamp after the first, halved (speed 2), within the driver's bound.
     */
    @Test
    void aReplayedTraceIsReadByTheDriverAgentAndSentAtItsTimes() throws Exception {
        StringBuilder csv = new StringBuilder("ts,v\n");
        long[] ms = new long[400];
        for (int i = 1; i < ms.length; i++) ms[i] = ms[i - 1] + (i * 7L) % 5; // gaps of 0 to 4 ms
        for (long t : ms) csv.append(1_000 + t).append(",1.5\n");
        Files.writeString(tmp.resolve("trace.csv"), csv);
        Path w = example(
                "    - {name: measure, constant: {rate: 2000, duration: 2s}}",
                "    - {name: trace, replay: {column: ts, unit: ms, speed: 2}}");
        String text = Files.readString(w)
                .replace("engine:", "data:\n  S: {file: {path: trace.csv, columns: {v: v}}}\nengine:");
        Files.writeString(w, text);
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out).contains("events: 400 planned, 400 received");
        long[] intended = intendedTimes(tmp.resolve("run/trials/t001"));
        double bound = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile())
                .path("clocks")
                .path("driver-1")
                .path("bound_us")
                .asDouble();
        for (int i = 0; i < ms.length; i++)
            assertThat((double) Math.abs(intended[i] - intended[0] - ms[i] * 500_000L))
                    .as("event %d", i)
                    .isLessThanOrEqualTo(2e3 * bound + 2);
    }

    /**
     * Seed 004's delayed scenario as shipped: every path through the delay proxy (2 ms out, 4 ms back).
     * Each agent's bound is at least half the injected round trip, and the events, delayed 2 ms on
     * their way to the sink, show it within the bound.
     */
    @Test
    void theProxiedExampleWidensTheBoundAndDelaysTheEvents() throws Exception {
        Path w = Cli.write(
                tmp,
                "proxied.yaml",
                Files.readString(Path.of("").toAbsolutePath().getParent().resolve("examples/agents-proxied.yaml"))
                        .replace("duration: 2s", "duration: 1s"));
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out).contains("events: 1000 planned, 1000 received");
        JsonNode r = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile());
        for (String a : java.util.List.of("driver-1", "driver-2", "sink-1")) {
            assertThat(r.path("clocks").path(a).path("bound_us").asDouble())
                    .as(a)
                    .isGreaterThanOrEqualTo(3_000);
        }
        JsonNode l = r.path("latency");
        assertThat(l.path("p50_us").asDouble())
                .isGreaterThanOrEqualTo(2_000 - l.path("clock_bound_us").asDouble());
        System.out.println(cli.out);
    }

    @Test
    void aLoadOverAgentsIsCheckedBeforeAnythingRuns() throws Exception {
        Path w = example("  probes:", "  split: key\n  keys: 0\n  probes:");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).isEqualTo(2);
        assertThat(cli.err.strip())
                .isEqualTo("evperf: " + w + ": agents.keys: expected 1..1000000 (at least one key per driver agent)");
        Path phases = example(
                "    - {name: measure, constant: {rate: 2000, duration: 2s}}",
                "    - {name: warm, measure: false, constant: {rate: 2000, duration: 1s}}\n"
                        + "    - {name: measure, constant: {rate: 2000, duration: 2s}}");
        Cli p = Cli.run("run", phases.toString(), "--out", tmp.resolve("run2").toString());
        assertThat(p.exit).isEqualTo(2);
        assertThat(p.err.strip())
                .isEqualTo("evperf: " + phases + ": load.phases[0].measure: runs over agents measure every phase;"
                        + " leave measure out");
        // any profile a single-node trial runs is accepted, Poisson arrivals included (checked to the end: --dry-run)
        Path shapes = example(
                "    - {name: measure, constant: {rate: 2000, duration: 2s}}",
                "    - {name: steps, stairs: {levels: [100, 200], step: 1s}}\n"
                        + "    - {name: measure, arrivals: poisson, ramp: {from: 100, to: 2000, duration: 1s}}\n"
                        + "    - {name: top, max: {count: 100}}");
        Cli sh = Cli.run("run", shapes.toString(), "--dry-run");
        assertThat(sh.exit).as(sh.toString()).isZero();
        // what a driver agent cannot do is one line naming the field
        for (String[] refused : new String[][] {
            {
                "{name: measure, constant: {rate: 2000, duration: 2s}, batch: {size: 10}}",
                "load.phases[0].batch: a driver agent sends its events one at a time; micro-batches over agents are"
                        + " not built"
            },
            {
                "{name: measure, wave: {auto: true}}",
                "load.phases[0].wave.auto: auto parameters come from a single-node pre-run, which a run over agents"
                        + " does not make; give min, max and period"
            },
            {
                "{name: a, adaptivity: {rate: 1000, steady: 1s, peak: 1s, recovery: 1s}}",
                "load.phases[0].adaptivity.ramp: its warm-up ramp is left out of the figures, and runs over agents"
                        + " measure every phase; set ramp: 0"
            }
        }) {
            Path bad = example("    - {name: measure, constant: {rate: 2000, duration: 2s}}", "    - " + refused[0]);
            Cli b = Cli.run("run", bad.toString(), "--out", tmp.resolve("run5").toString());
            assertThat(b.exit).as(b.toString()).isEqualTo(2);
            assertThat(b.err.strip()).isEqualTo("evperf: " + bad + ": " + refused[1]);
        }
        Path split = example("  probes:", "  split: hash\n  probes:");
        Cli sp = Cli.run("run", split.toString(), "--out", tmp.resolve("run3").toString());
        assertThat(sp.exit).isEqualTo(2);
        // a word other than rate or key is the binding's error: file, line and column, then the field
        assertThat(sp.err.strip())
                .matches(Pattern.quote("evperf: " + split) + ":\\d+:\\d+: "
                        + Pattern.quote("agents.split: expected rate or key, got 'hash'"));
        Path proxy = example("  probes:", "  local: false\n  proxy: {out: 1ms}\n  probes:");
        Cli px = Cli.run("run", proxy.toString(), "--out", tmp.resolve("run4").toString());
        assertThat(px.exit).isEqualTo(2);
        assertThat(px.err).contains("agents.");
        assertThat(tmp.resolve("run")).doesNotExist();
    }

    @Test
    void aClockBoundAboveTheLimitMarksTheTrial() throws Exception {
        Path w = example("clock_bound_limit: 1ms", "clock_bound_limit: 1us");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out).contains("MARKED: clock bound ±", "above agents.clock_bound_limit 1us");
        JsonNode r = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile());
        assertThat(r.path("status").asText()).isEqualTo("marked");
    }

    @Test
    void aBadAgentsSectionIsOneLineAndNothingRuns() throws Exception {
        Path w = example("role: sink}", "role: sinc}");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).isEqualTo(2);
        assertThat(cli.err.strip())
                .matches(Pattern.quote("evperf: " + w)
                        + ":\\d+:\\d+: "
                        + Pattern.quote(
                                "agents.nodes[1].role: expected driver or sink, got 'sinc'; did you mean 'sink'?"));
        assertThat(tmp.resolve("run")).doesNotExist();
    }

    @Test
    void anAgentThatCannotBeReachedFailsTheTrialWithItsName() throws Exception {
        int free;
        try (ServerSocket s = new ServerSocket(0)) {
            free = s.getLocalPort();
        }
        Files.writeString(tmp.resolve("agents.secret"), "0123456789abcdef0123456789abcdef\n");
        Path w = example(
                "  nodes:\n    - {name: driver-1, role: driver}\n    - {name: sink-1, role: sink}",
                "  local: false\n  nodes:\n    - {name: driver-1, role: driver, address: 127.0.0.1:" + free + "}\n"
                        + "    - {name: sink-1, role: sink, address: 127.0.0.1:" + free + "}");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isEqualTo(1);
        assertThat(cli.err)
                .contains("evperf: trial t001 failed: agent 'driver-1' cannot be reached at 127.0.0.1:" + free);
        JsonNode r = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile());
        assertThat(r.path("agent").asText()).isEqualTo("driver-1");
    }
}
