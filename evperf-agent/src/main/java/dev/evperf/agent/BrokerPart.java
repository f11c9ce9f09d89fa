package dev.evperf.agent;

import dev.evperf.launch.ChildMain;
import dev.evperf.launch.ModuleClassPath;
import dev.evperf.launch.Ready;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Kafka broker on the agent's node (seed 004's "the engine and sink on another node"): the agent
 * starts it when the controller plans it, as a JVM of its own (module {@value #MODULE}'s class path,
 * {@code BrokerMain}: KRaft, one node), listening on the agent's own address (loopback unless the
 * agent was allowed a remote one), its data and log in a temporary directory. The controller waits
 * until it serves ({@link #ready}) and uses its {@link #address} for the trial's topics. It never
 * outlives the agent: stopped (SIGTERM, forcibly after {@value #STOP_S} s) with the agent's other
 * parts when the controller stops them, says bye or goes away; and, should the agent be killed, its
 * parent-death watch ({@link ChildMain}) ends it. A broker that exits while the trial runs fails the
 * part with one line, which the controller reports with the agent's name. A killed agent's broker
 * directory is removed by the next agent that starts on the host ({@link StaleBrokerDirs}).
 */
final class BrokerPart extends Part {
    static final String MODULE = "evperf-kafka-broker";
    private static final String MAIN = "dev.evperf.kafkabroker.BrokerMain";
    /** Kafka's controlled shutdown takes a second or two; the data is thrown away, so a kill after this is harmless. */
    static final long STOP_S = 10;

    private final Path dir;
    private final Process process;
    private volatile String bootstrap;
    private volatile boolean stopping;

    /** Starts the broker JVM (it announces when it serves); @throws IOException when it cannot be launched. */
    BrokerPart(InetAddress bind) throws IOException {
        if (bind.isAnyLocalAddress())
            // clients on other hosts need one address to reach it by: Kafka hands them the advertised one
            throw new IllegalArgumentException("the agent listens on every address; start it with --listen"
                    + " <its address> so that its broker can tell clients where it is");
        this.dir = Files.createTempDirectory(StaleBrokerDirs.PREFIX);
        String host = bind.getHostAddress();
        int port = freePort(bind), controllerPort = freePort(InetAddress.getLoopbackAddress());
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + ChildMain.PARENT_PID + "=" + ProcessHandle.current().pid(),
                "-Xms256m",
                "-Xmx1g",
                "-XX:+UseG1GC",
                "-cp",
                ModuleClassPath.join(ModuleClassPath.of(MODULE)),
                ChildMain.class.getName(),
                MAIN,
                dir.toString(),
                Integer.toString(port),
                Integer.toString(controllerPort)));
        if (!bind.isLoopbackAddress()) {
            // drivers on other hosts produce to it: its client listener on the agent's address
            cmd.add("listeners=PLAINTEXT://" + host + ":" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
            cmd.add("advertised.listeners=PLAINTEXT://" + host + ":" + port);
        }
        this.process = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("broker.log").toFile()))
                .start();
        // should the agent be killed, the next agent on this host removes the directory (StaleBrokerDirs)
        StaleBrokerDirs.own(dir, process.toHandle());
        run(this::watch, "broker");
        started = true;
    }

    private static int freePort(InetAddress bind) throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(bind, 0));
            return s.getLocalPort();
        }
    }

    /** Reads the broker's announcements until it serves, then waits for its exit (a failure unless stopped). */
    private void watch() {
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                Map<String, String> r = Ready.parse(line);
                if (r != null && "up".equals(r.get("event"))) bootstrap = r.get("bootstrap");
            }
        } catch (IOException e) {
            // the pipe closed: the exit below says why
        }
        try {
            int code = process.waitFor();
            if (!stopping) failure = "broker: exited with code " + code + " (" + lastLine() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String lastLine() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("broker.log"), StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--)
                if (!lines.get(i).isBlank()) return lines.get(i).strip();
        } catch (IOException e) {
            // no log: nothing more to say
        }
        return "no log";
    }

    /** The broker's {@code host:port}, once it serves; else null. */
    @Override
    String address() {
        return bootstrap;
    }

    /** The broker's process id (tests check that nothing is left running). */
    long pid() {
        return process.pid();
    }

    @Override
    void start() {
        // started when planned: the controller waits until it serves before planning any other part
    }

    @Override
    String role() {
        return PartPlan.BROKER;
    }

    @Override
    boolean ready() {
        return bootstrap != null;
    }

    /** A broker has no events of its own: done while it serves (its failure ends the trial). */
    @Override
    boolean done() {
        return true;
    }

    @Override
    long[][] records() {
        return new long[0][];
    }

    @Override
    void stop() throws InterruptedException {
        stopping = true;
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(STOP_S, TimeUnit.SECONDS))
                process.destroyForcibly().waitFor(STOP_S, TimeUnit.SECONDS);
        }
        if (thread != null) thread.join(1_000);
        try {
            StaleBrokerDirs.delete(dir);
        } catch (IOException e) {
            // a temporary directory: what is left goes with the machine's temporary files
        }
    }
}
