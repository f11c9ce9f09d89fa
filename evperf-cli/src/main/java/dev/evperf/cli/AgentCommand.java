package dev.evperf.cli;

import dev.evperf.agent.AgentMain;
import dev.evperf.agent.AgentOptions;
import dev.evperf.agent.AgentServer;
import java.nio.file.Path;
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

    @Override
    public Integer call() throws Exception {
        String[] hp = AgentOptions.hostPort(listen);
        return AgentServer.run(
                new AgentOptions(
                        hp[0],
                        Integer.parseInt(hp[1]),
                        secretFile,
                        allowRemote,
                        name,
                        acceptMs,
                        idleMs,
                        testOffsetNs,
                        testDriftPpm),
                main.err);
    }
}
