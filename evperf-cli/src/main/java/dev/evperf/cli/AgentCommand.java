package dev.evperf.cli;

import dev.evperf.agent.AgentMain;
import dev.evperf.agent.AgentOptions;
import dev.evperf.agent.LocalAgent;
import dev.evperf.agent.wire.Secret;
import dev.evperf.launch.ChildMain;
import dev.evperf.launch.ModuleClassPath;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf agent --listen HOST:PORT --secret-file F}: runs drivers and sinks for one controller
 * (docs/agents.md), then exits. The same options as {@link AgentMain}, which local agents run.
 */
@Command(
        name = "agent",
        mixinStandardHelpOptions = true,
        description =
                "Runs drivers and/or sinks for a controller on another host (docs/agents.md); exits when it goes away.")
final class AgentCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(
            names = "--listen",
            paramLabel = "HOST:PORT",
            defaultValue = "127.0.0.1:0",
            description = "Where to listen (default: ${DEFAULT-VALUE}; port 0 = any, announced on stdout).")
    String listen;

    @Option(
            names = "--secret-file",
            paramLabel = "FILE",
            required = true,
            description = "The file with the run's secret (the controller reads the same one).")
    Path secretFile;

    @Option(
            names = "--name",
            defaultValue = "agent",
            description = "The agent's name, as the workload's agents.nodes call it.")
    String name;

    @Option(names = "--allow-remote", description = "Allow a non-loopback --listen address.")
    boolean allowRemote;

    @Option(names = "--accept-ms", defaultValue = "120000", description = "How long to wait for the controller (ms).")
    long acceptMs;

    @Option(
            names = "--idle-ms",
            defaultValue = "30000",
            description = "Silence after which the controller is taken as gone (ms).")
    long idleMs;

    @Option(names = "--test-clock-offset-ns", hidden = true, defaultValue = "0")
    long testOffsetNs;

    @Option(names = "--test-clock-drift-ppm", hidden = true, defaultValue = "0")
    double testDriftPpm;

    @Mixin
    Verbosity verbosity;

    /**
     * Checks the options here (one line, exit 2, before any JVM starts), then runs the agent in a JVM
     * of its own on the agent module's class path: Kafka's client, which a Kafka sink or driver part
     * needs, never joins the controller's class path (ModuleClassPath).
     */
    @Override
    public Integer call() throws Exception {
        String[] hp = AgentOptions.hostPort(listen);
        new AgentOptions(
                        hp[0],
                        Integer.parseInt(hp[1]),
                        secretFile,
                        allowRemote,
                        name,
                        acceptMs,
                        idleMs,
                        testOffsetNs,
                        testDriftPpm)
                .bindAddress();
        Secret.read(secretFile);
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + ChildMain.PARENT_PID + "=" + ProcessHandle.current().pid(),
                // Kafka's clients log every setting at INFO: only warnings and errors reach the agent's log
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                ModuleClassPath.join(ModuleClassPath.of(LocalAgent.MODULE)),
                ChildMain.class.getName(),
                AgentMain.class.getName(),
                "--listen",
                listen,
                "--secret-file",
                secretFile.toString(),
                "--name",
                name,
                "--accept-ms",
                Long.toString(acceptMs),
                "--idle-ms",
                Long.toString(idleMs),
                "--test-clock-offset-ns",
                Long.toString(testOffsetNs),
                "--test-clock-drift-ppm",
                Double.toString(testDriftPpm)));
        if (allowRemote) cmd.add("--allow-remote");
        // the agent bounds its own life (its wait for a controller, the controller's silence)
        return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    }
}
