package dev.evperf.agent;

import dev.evperf.launch.ChildMain;
import dev.evperf.launch.Ready;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An agent JVM the controller starts on its own host (a run's local agents, and the tests): {@code
 * java -cp <class path> ChildMain AgentMain --listen 127.0.0.1:0 …}. Its port comes from its
 * readiness line; its stderr goes to a log; its parent-death watch ends it with its starter.
 */
public final class LocalAgent implements AutoCloseable {
    /** The module whose class-path file an agent JVM runs on (with Kafka's client). */
    public static final String MODULE = "evperf-agent";

    private final String name;
    private final Process process;
    private final int port;
    private final long clockBase;

    private final String host;

    private LocalAgent(String name, String host, Process process, int port, long clockBase) {
        this.name = name;
        this.host = host;
        this.process = process;
        this.port = port;
        this.clockBase = clockBase;
    }

    /**
     * Starts the agent and waits until it listens.
     *
     * @param extraArgs further agent options (e.g. the test-only clock skew)
     * @throws AgentFailure when it exits or is not listening within {@code timeout}
     */
    public static LocalAgent start(
            String name, String classPath, Path secretFile, Path log, Duration timeout, List<String> extraArgs)
            throws IOException {
        return start(name, List.of(), "127.0.0.1", classPath, secretFile, log, timeout, extraArgs);
    }

    /**
     * As {@link #start(String, String, Path, Path, Duration, List)}, the command run under {@code prefix}
     * (e.g. {@code ip netns exec NS}) and listening on {@code host} (not loopback: {@code --allow-remote}).
     */
    public static LocalAgent start(
            String name,
            List<String> prefix,
            String host,
            String classPath,
            Path secretFile,
            Path log,
            Duration timeout,
            List<String> extraArgs)
            throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + ChildMain.PARENT_PID + "=" + ProcessHandle.current().pid(),
                "-Xmx128m",
                // Kafka's clients log every setting at INFO: only warnings and errors reach the agent's log
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                classPath,
                ChildMain.class.getName(),
                AgentMain.class.getName(),
                "--listen",
                host + ":0",
                "--secret-file",
                secretFile.toString(),
                "--name",
                name));
        if (!host.equals("127.0.0.1")) cmd.add("--allow-remote");
        cmd.addAll(extraArgs);
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Map<String, String>> up = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    Map<String, String> r = Ready.parse(line);
                    if (r != null && r.get("event").equals("up")) return r;
                }
            } catch (IOException e) {
                // the agent is gone: answered below
            }
            return null;
        });
        Map<String, String> ready;
        try {
            ready = up.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            ready = null;
        }
        if (ready == null) {
            p.destroyForcibly();
            throw new AgentFailure(
                    name, "did not start listening within " + timeout.toSeconds() + " s (log: " + log + ")", null);
        }
        // keep draining stdout so the agent never blocks on a full pipe
        Thread drain = new Thread(
                () -> {
                    try {
                        while (out.readLine() != null) {
                            // nothing else is announced
                        }
                    } catch (IOException e) {
                        // gone
                    }
                },
                "evperf-agent-" + name + "-stdout");
        drain.setDaemon(true);
        drain.start();
        return new LocalAgent(
                name, host, p, Integer.parseInt(ready.get("port")), Long.parseLong(ready.get("clock_base")));
    }

    public AgentAddress address() {
        return new AgentAddress(name, host, port);
    }

    public Process process() {
        return process;
    }

    /** The raw clock reading the agent's test-only drift is measured from. */
    public long clockBase() {
        return clockBase;
    }

    /** Waits for the agent to exit on its own; stops it forcibly after {@code wait}. @return whether it exited by itself */
    public boolean awaitExit(Duration wait) throws InterruptedException {
        if (process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) return true;
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        return false;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS))
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
