package dev.evperf.cli;

import dev.evperf.agent.AgentAddress;
import dev.evperf.agent.AgentFailure;
import dev.evperf.agent.AgentFigures;
import dev.evperf.agent.AgentTrial;
import dev.evperf.agent.AgentTrialFiles;
import dev.evperf.agent.DelayProxy;
import dev.evperf.agent.LocalAgent;
import dev.evperf.agent.PartPlan;
import dev.evperf.agent.QueryCheck;
import dev.evperf.agent.Schedule;
import dev.evperf.agent.wire.Secret;
import dev.evperf.core.component.ComponentFailure;
import dev.evperf.core.component.RunComponents;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.workload.AgentRole;
import dev.evperf.core.workload.Components;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.launch.ModuleClassPath;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * {@code evperf run} of a workload with an {@code agents} section (docs/agents.md): per trial, the
 * local agents are started (or the running ones reached), an {@link AgentTrial} runs the load's
 * phases (any profile: each driver agent computes the single-node schedule, {@link Schedule}) on the driver agents (split by rate or by key) towards the sink agents (directly, or through the run's Kafka
 * broker when the engine is {@code kafka}: started once for the run, under {@code <run>/components}, or per trial
 * by the agent {@code agents.broker_on} on its node; with
 * {@code kafka-streams} the query runs between them on an agent, {@code agents.engine_on}), and the trial's {@code result.json}
 * and {@code events.csv} go to {@code <run>/trials/<trial id>/}, run.json beside them ({@link AgentRunRecord}). A lost or refusing agent fails that trial
 * with its name (exit 1, the other trials still run); a clock bound above
 * {@code agents.clock_bound_limit} marks it.
 */
final class AgentRun {
    private AgentRun() {}

    static int run(Plan plan, Path runDir, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        Components.AgentsDef a = plan.base().agents;
        Path secretFile = plan.workloadFile().toAbsolutePath().getParent().resolve(a.secretFile);
        Secret secret = a.local && !Files.exists(secretFile) ? Secret.create(secretFile) : Secret.read(secretFile);
        // the broker between the agents (engine kafka or kafka-streams), started once for the run; a query
        // between them is checked first on the engine's own class path (EngineCheck): bad input, exit 2
        String engine = plan.base().engine.name;
        if ("kafka-streams".equals(engine) && a.brokerOn != null) checkQueries(plan);
        try (RunComponents components = "kafka-streams".equals(engine) && a.brokerOn == null
                // this package's Components (the workload's Components class is imported)
                ? dev.evperf.cli.Components.startAndCheck(
                        plan, runDir, System.getProperty("java.class.path"), err, () -> false)
                : "kafka".equals(engine) && a.brokerOn == null
                        ? RunComponents.start(plan.base().components, runDir)
                        : null) {
            String kafka = components == null ? null : components.bootstrap();
            if (kafka != null) out.println("evperf: broker " + kafka + " between the agents");
            return trials(plan, runDir, secretFile, secret, kafka, out, err);
        } catch (ComponentFailure e) {
            throw new WorkloadException(plan.workloadFile() + ": components: " + e.getMessage(), e);
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int trials(
            Plan plan, Path runDir, Path secretFile, Secret secret, String kafka, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        Components.AgentsDef a = plan.base().agents;
        String agentClassPath = ModuleClassPath.join(ModuleClassPath.of(LocalAgent.MODULE));
        // run.json, the run's record as summary, report and compare read it: written first, so a run cut short
        // still lists its trials
        AgentRunRecord record =
                new AgentRunRecord(runDir, plan, kafka == null && a.brokerOn == null ? "tcp" : plan.base().engine.name);
        boolean allOk = true;
        for (TrialSpec t : plan.trials()) {
            Path dir = record.trialDir(t);
            Files.createDirectories(dir);
            record.running(t);
            long began = System.nanoTime();
            List<LocalAgent> local = new ArrayList<>();
            List<DelayProxy> proxies = new ArrayList<>();
            try {
                List<AgentAddress> addresses = new ArrayList<>();
                for (Components.AgentNodeDef n : a.nodes) {
                    if (a.local) {
                        LocalAgent la = LocalAgent.start(
                                n.name,
                                agentClassPath,
                                secretFile,
                                dir.resolve("agent-" + n.name + ".log"),
                                Duration.ofSeconds(90),
                                List.of());
                        local.add(la);
                        addresses.add(a.proxy == null ? la.address() : proxied(la.address(), a.proxy, proxies));
                    } else {
                        int colon = n.address.lastIndexOf(':');
                        addresses.add(new AgentAddress(
                                n.name,
                                n.address.substring(0, colon),
                                Integer.parseInt(n.address.substring(colon + 1))));
                    }
                }
                AgentFigures f = new AgentTrial(
                                trialPlan(t.workload(), PlanChecker.baseDir(plan.workloadFile()), addresses, kafka),
                                secret,
                                route(a.proxy, proxies))
                        .brokerOn(a.brokerOn)
                        .switching(a.switches.stream()
                                .map(sw -> sw.ratePercent != null
                                        ? new AgentTrial.Switch(
                                                sw.agent, "rate_percent", sw.ratePercent, sw.after.millis())
                                        : sw.xoy != null
                                                ? AgentTrial.Switch.xoy(sw.agent, sw.xoy.x, sw.xoy.y, sw.after.millis())
                                                : new AgentTrial.Switch(
                                                        sw.agent, "downsample", sw.downsample, sw.after.millis()))
                                .toList())
                        .run();
                List<String> marks = new ArrayList<>();
                if (a.clockBoundLimit != null && f.maxBound() > a.clockBoundLimit.nanos()) {
                    marks.add(String.format(
                            "clock bound ± %.1f µs above agents.clock_bound_limit %s",
                            f.maxBound() / 1e3, a.clockBoundLimit.text()));
                }
                f.write(dir, marks);
                out.println(t.id() + ":");
                for (String line : f.summary()) out.println("  " + line);
                for (String m : marks) out.println("  MARKED: " + m);
                record.ran(t, (System.nanoTime() - began) / 1e9);
            } catch (AgentFailure e) {
                allOk = false;
                err.println("evperf: trial " + t.id() + " failed: " + e.getMessage());
                AgentTrialFiles.writeFailed(dir, e.getMessage(), e.agent());
                record.failed(t, (System.nanoTime() - began) / 1e9, e.getMessage());
            } finally {
                for (DelayProxy p : proxies) p.close();
                for (LocalAgent la : local) {
                    // a local agent exits by itself once its controller said bye; one that does not is stopped
                    if (!la.awaitExit(Duration.ofSeconds(15))) {
                        err.println("evperf: agent " + la.address().name() + " did not exit by itself; stopped");
                    }
                }
            }
        }
        record.finish();
        return allOk ? 0 : 1;
    }

    /** The agent behind a delay proxy of its own: the controller's requests and probes cross it. */
    private static AgentAddress proxied(AgentAddress agent, Components.ProxyDef p, List<DelayProxy> proxies)
            throws IOException {
        DelayProxy dp = new DelayProxy(new InetSocketAddress(agent.host(), agent.port()), out(p), back(p));
        proxies.add(dp);
        return new AgentAddress(agent.name(), "127.0.0.1", dp.port());
    }

    /** With a proxy: each driver reaches its sink through a delay proxy of its own (the events' path). */
    private static UnaryOperator<String> route(Components.ProxyDef p, List<DelayProxy> proxies) {
        if (p == null) return UnaryOperator.identity();
        return target -> {
            int colon = target.lastIndexOf(':');
            try {
                DelayProxy dp = new DelayProxy(
                        new InetSocketAddress(
                                target.substring(0, colon), Integer.parseInt(target.substring(colon + 1))),
                        out(p),
                        back(p));
                proxies.add(dp);
                return "127.0.0.1:" + dp.port();
            } catch (IOException e) {
                throw new UncheckedIOException("agents.proxy: " + e.getMessage(), e);
            }
        };
    }

    private static DelayProxy.Delay out(Components.ProxyDef p) {
        return new DelayProxy.Delay(p.out.nanos(), p.jitter.nanos());
    }

    private static DelayProxy.Delay back(Components.ProxyDef p) {
        return new DelayProxy.Delay(p.back.nanos(), p.jitter.nanos());
    }

    private static AgentTrial.Plan trialPlan(Workload w, Path baseDir, List<AgentAddress> addresses, String kafka) {
        Components.AgentsDef a = w.agents;
        // the load's whole profile as the workload gives it: each driver agent computes its share with core's schedule
        List<String> drivers = a.nodes.stream()
                .filter(n -> n.role == AgentRole.DRIVER)
                .map(n -> n.name)
                .toList();
        Schedule load = new Schedule(w.load.phases, trace(w, baseDir), a.split.text(), a.keys, drivers.size(), 0);
        long total = load.total();
        if (total < 1) throw new WorkloadException("load: no events; agents take 1.." + (Integer.MAX_VALUE - 8));
        List<String> sinks = a.nodes.stream()
                .filter(n -> n.role == AgentRole.SINK)
                .map(n -> n.name)
                .toList();
        return new AgentTrial.Plan(
                addresses,
                drivers,
                sinks,
                load,
                a.probes.count,
                a.probes.during,
                a.probes.period.millis(),
                (int) a.replyTimeout.millis(),
                kafka,
                "kafka-streams".equals(w.engine.name) ? engine(w, sinks.get(0)) : null);
    }

    /**
     * The query between the agents when the broker runs on an agent: no broker runs before the agents
     * for the usual check (EngineCheck), so each trial's query is built on the agent's class path
     * against placeholder topics; a bad one is one line, exit 2, before any agent starts.
     */
    private static void checkQueries(Plan plan) throws IOException, InterruptedException {
        String classPath = ModuleClassPath.join(ModuleClassPath.of(LocalAgent.MODULE));
        List<PartPlan.Query> seen = new ArrayList<>();
        for (TrialSpec t : plan.trials()) {
            PartPlan.Query q = engine(t.workload(), "").query();
            if (seen.contains(q)) continue;
            seen.add(q);
            String problem = QueryCheck.check(classPath, q, Duration.ofSeconds(120));
            if (problem != null)
                throw new WorkloadException(
                        plan.workloadFile() + ": engine.queries (trial " + t.id() + "): " + problem);
        }
    }

    /**
     * The load stream's data file, for replay phases: its absolute path, which each driver agent reads
     * (agents on this host, or the file at the same path on theirs). Null when no phase replays.
     */
    private static Schedule.Trace trace(Workload w, Path baseDir) {
        if (w.load.phases.stream().noneMatch(p -> p.replay != null)) return null;
        Workload.FileDef f = w.data.get(Schemas.loadStream(w)).file;
        return new Schedule.Trace(
                baseDir.resolve(f.path).toAbsolutePath().normalize().toString(), f.delimiter, f.header);
    }

    /** The query between the agents: on agents.engine_on (default the sink agent), over the one input stream. */
    private static AgentTrial.Engine engine(Workload w, String sink) {
        Map.Entry<String, Workload.StreamDef> in =
                w.streams.entrySet().iterator().next();
        Map<String, String> fields = new LinkedHashMap<>();
        // as in a trial: a stream without its sequence field gets one in front
        if (!in.getValue().fields.containsKey(in.getValue().sequence)) fields.put(in.getValue().sequence, "long");
        fields.putAll(in.getValue().fields);
        Map<String, String> settings = new LinkedHashMap<>();
        if (w.engine.options.get("streams") instanceof Map<?, ?> m) {
            m.forEach((k, v) -> settings.put(String.valueOf(k), String.valueOf(v)));
        }
        return new AgentTrial.Engine(
                w.agents.engineOn != null ? w.agents.engineOn : sink,
                new PartPlan.Query(in.getKey(), fields, in.getValue().sequence, w.engine.queries, settings));
    }
}
