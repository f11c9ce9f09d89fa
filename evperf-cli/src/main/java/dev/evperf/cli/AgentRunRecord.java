package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.agent.AgentRunSummary;
import dev.evperf.core.results.Environment;
import dev.evperf.core.results.Json;
import dev.evperf.core.workload.AgentSplit;
import dev.evperf.core.workload.Components;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.results.Layout;
import dev.evperf.results.ResultsJson;
import dev.evperf.results.RunFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * run.json of a run over agents, as the run goes (written again after every change, so a run cut
 * short says how far it got): the same results format as a local run's ({@link RunFile}), with
 * {@code agents} set (the nodes, the split, what is between them) and per trial its status, duration
 * and summary: the trial's result.json without the probe anchors, i.e. its latency with the clock
 * bound and every agent's clock ({@link AgentRunSummary#brief}). The trials' directories are the usual
 * {@code trials/<id>/}.
 */
final class AgentRunRecord {
    private final Path runDir;
    private final RunFile.Draft run = new RunFile.Draft();

    AgentRunRecord(Path runDir, Plan plan, String between) throws IOException {
        this.runDir = runDir;
        Files.createDirectories(runDir.resolve(Layout.TRIALS));
        run.format = Layout.FORMAT;
        run.workloadFile = plan.workloadFile().toAbsolutePath().toString();
        run.workload = plan.tree();
        run.started = Instant.now().toString();
        run.environment = Json.MAPPER.valueToTree(Environment.capture());
        run.agents = agents(plan.base().agents, between);
        for (TrialSpec t : plan.trials()) {
            run.trials.add(RunFile.Trial.Draft.planned(
                    t.id(), t.label(), Json.MAPPER.valueToTree(t.params()), t.repetition()));
        }
        write();
    }

    private static ObjectNode agents(Components.AgentsDef a, String between) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("between", between);
        n.put("local", a.local);
        n.put("split", a.split.text());
        if (a.split == AgentSplit.KEY) n.put("keys", a.keys);
        ArrayNode nodes = n.putArray("nodes");
        for (Components.AgentNodeDef d : a.nodes) {
            ObjectNode node = nodes.addObject();
            node.put("name", d.name);
            node.put("role", d.role.text());
            if (d.address != null) node.put("address", d.address);
        }
        if (a.brokerOn != null) n.put("broker_on", a.brokerOn);
        if (a.engineOn != null) n.put("engine_on", a.engineOn);
        ObjectNode probes = n.putObject("probes");
        probes.put("count", a.probes.count);
        probes.put("during", a.probes.during);
        probes.put("period_ms", a.probes.period.millis());
        if (a.proxy != null) n.put("proxy", true);
        return n;
    }

    Path trialDir(TrialSpec t) {
        return Layout.trialDir(runDir, t.id());
    }

    void running(TrialSpec t) {
        entry(t).status = RunFile.RUNNING;
        write();
    }

    /** The trial ran: ok (a marked trial too: its marks are in its summary), with its result.json as its summary. */
    void ran(TrialSpec t, double seconds) {
        RunFile.Trial.Draft o = entry(t);
        JsonNode result = ResultsJson.readTree(trialDir(t).resolve(Layout.RESULT_JSON));
        o.status = RunFile.OK;
        o.durationS = Math.round(seconds * 100) / 100.0;
        o.summary = AgentRunSummary.brief(result);
        write();
    }

    void failed(TrialSpec t, double seconds, String reason) {
        RunFile.Trial.Draft o = entry(t);
        o.status = RunFile.FAILED;
        o.reason = reason;
        o.durationS = Math.round(seconds * 100) / 100.0;
        write();
    }

    void finish() {
        run.finished = Instant.now().toString();
        write();
    }

    private RunFile.Trial.Draft entry(TrialSpec t) {
        return run.trials.stream().filter(o -> o.id.equals(t.id())).findFirst().orElseThrow();
    }

    private void write() {
        Json.write(runDir.resolve(Layout.RUN_JSON), run.file());
    }
}
