package dev.evperf.core.component;

import dev.evperf.launch.ChildMain;
import dev.evperf.launch.ModuleClassPath;
import dev.evperf.launch.ParentWatch;
import dev.evperf.launch.Ready;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One JVM evperf starts for a component, with {@link ChildMain} as its main: its own class path
 * (a module's, see {@link ModuleClassPath}), its output in a log file, its readiness lines
 * ({@link Ready}) timed as they arrive, and a stop that is graceful first and forcible after.
 *
 * <p>No component outlives its starter. The JVM runs in a session of its own ({@code setsid}), so
 * a Ctrl-C at the terminal reaches evperf alone, and evperf stops its components in order; this
 * JVM's shutdown hook stops every component still running on a normal exit, SIGTERM or SIGINT;
 * and on SIGKILL, which runs no hook, the child's own parent-death watch ends it.
 */
public final class ComponentJvm {
    private static final Set<ComponentJvm> LIVE = ConcurrentHashMap.newKeySet();
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    /** How much of the log's end is read to explain a failed start. */
    private static final int TAIL_BYTES = 64 * 1024;

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(() -> stopAll(Duration.ofSeconds(10)), "evperf-components-stop"));
    }

    private final String name;
    private final Process process;
    private final Path log;
    private final long launchNanos;
    private final Map<String, Long> arrivals = new HashMap<>();
    private final Map<String, Map<String, String>> announced = new HashMap<>();
    private Long stopNanos;
    private Long exitNanos;

    private ComponentJvm(String name, Process process, Path log, long launchNanos) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.launchNanos = launchNanos;
    }

    /**
     * Spawns the JVM: {@code java <jvmOptions> -cp <classPath> ChildMain <mainClass> <args>}, in
     * {@code workDir}, its stdout and stderr into {@code log}.
     */
    public static ComponentJvm start(
            String name,
            List<Path> classPath,
            List<String> jvmOptions,
            String mainClass,
            List<String> args,
            Path workDir,
            Path log) {
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(SETSID)) cmd.add(SETSID.toString());
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(ParentWatch.option());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(ModuleClassPath.join(classPath));
        cmd.add(ChildMain.class.getName());
        cmd.add(mainClass);
        cmd.addAll(args);
        try {
            Files.createDirectories(workDir);
            Files.createDirectories(log.getParent());
            Files.writeString(
                    log,
                    "# " + String.join(" ", cmd) + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new ComponentFailure(name + ": cannot create " + workDir + ": " + e.getMessage(), e);
        }
        // stderr (where the systems log) goes straight to the file, so that a child outliving this JVM
        // still records why it stopped; stdout comes through this JVM for its readiness lines.
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(workDir.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        // stdin stays a pipe that is never written: its end of file tells the child its starter died.
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        long launch = System.nanoTime();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new ComponentFailure(name + ": cannot start java: " + e.getMessage(), e);
        }
        ComponentJvm jvm = new ComponentJvm(name, p, log, launch);
        LIVE.add(jvm);
        Thread reader = new Thread(jvm::pump, "evperf-" + name + "-output");
        reader.setDaemon(true);
        reader.start();
        return jvm;
    }

    /** Copies the child's output into its log, and times the readiness lines as they arrive. */
    private void pump() {
        try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            String line;
            while ((line = in.readLine()) != null) {
                long now = System.nanoTime();
                out.write(line);
                out.write('\n');
                out.flush();
                Map<String, String> ready = Ready.parse(line);
                synchronized (this) {
                    if (ready != null && !arrivals.containsKey(ready.get("event"))) {
                        arrivals.put(ready.get("event"), now);
                        announced.put(ready.get("event"), ready);
                    }
                    notifyAll();
                }
            }
        } catch (IOException e) {
            // the child is gone or the log cannot be written; waiters learn it from the process
        }
        synchronized (this) {
            notifyAll();
        }
    }

    /**
     * Waits until the child announces {@code event}.
     *
     * @return the values on the child's line
     * @throws ComponentFailure when the child exits first or the timeout passes (the child is then stopped)
     */
    public Map<String, String> await(String event, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            while (!announced.containsKey(event)) {
                if (!process.isAlive()) {
                    awaitOutputEnd();
                    if (announced.containsKey(event)) break;
                    throw new ComponentFailure(name + " exited with code " + process.exitValue()
                            + " before it was ready: " + cause() + " (log: " + log + ")");
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    stop(Duration.ofSeconds(5));
                    throw new ComponentFailure(
                            name + " was not ready after " + timeout.toSeconds() + " s (log: " + log + ")");
                }
                try {
                    wait(Math.max(1, Math.min(200, left / 1_000_000)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ComponentFailure(name + ": interrupted while waiting for it to start");
                }
            }
            return announced.get(event);
        }
    }

    /** Lets the output pump read the last lines of a child that has exited. */
    private void awaitOutputEnd() {
        try {
            wait(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The reason in the log's end: the first exception's message (later ones tend to be its
     * consequences), else the first ERROR line, else evperf's own note, else the last line.
     */
    private String cause() {
        String[] lines = logTail().split("\n");
        for (String marker : new String[] {"Exception: ", "Error: ", "ERROR", "evperf "}) {
            for (String line : lines) {
                if (line.contains(marker) && !line.startsWith(Ready.PREFIX)) return line.strip();
            }
        }
        return lines.length == 0 || lines[lines.length - 1].isBlank() ? "no output" : lines[lines.length - 1].strip();
    }

    /** The end of the child's log, for explaining a failed start and deciding whether a retry may help. */
    public String logTail() {
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long from = Math.max(0, f.length() - TAIL_BYTES);
            byte[] b = new byte[(int) (f.length() - from)];
            f.seek(from);
            f.readFully(b);
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Marks the component ready at this moment: for components whose readiness the starter probes itself. */
    public synchronized void readyNow(String event) {
        arrivals.putIfAbsent(event, System.nanoTime());
    }

    /**
     * Stops the child: SIGTERM, so it shuts down cleanly, then SIGKILL to it and its descendants
     * after {@code grace}. Idempotent.
     *
     * @return the exit code
     */
    public int stop(Duration grace) {
        synchronized (this) {
            if (stopNanos == null) stopNanos = System.nanoTime();
        }
        try {
            if (process.isAlive()) {
                process.destroy();
                if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    process.waitFor();
                }
            }
            synchronized (this) {
                if (exitNanos == null) exitNanos = System.nanoTime();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        LIVE.remove(this);
        return process.isAlive() ? -1 : process.exitValue();
    }

    /** Stops every component this JVM started that still runs: all signalled first, then awaited. */
    public static void stopAll(Duration grace) {
        List<ComponentJvm> all = new ArrayList<>(LIVE);
        for (ComponentJvm c : all) {
            synchronized (c) {
                if (c.stopNanos == null) c.stopNanos = System.nanoTime();
            }
            c.process.destroy();
        }
        for (ComponentJvm c : all) c.stop(grace);
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    public Path log() {
        return log;
    }

    /** The timings so far; see {@link ComponentTimes}. */
    public synchronized ComponentTimes times() {
        Map<String, String> started = announced.get("started");
        Double jvm = started == null ? null : Double.valueOf(started.get("jvm_ms"));
        return new ComponentTimes(
                name,
                pid(),
                jvm,
                since(arrivals.get("started")),
                since(arrivals.get("up")),
                stopNanos == null || exitNanos == null ? null : (exitNanos - stopNanos) / 1e6,
                process.isAlive() ? null : process.exitValue());
    }

    private Double since(Long nanos) {
        return nanos == null ? null : (nanos - launchNanos) / 1e6;
    }
}
