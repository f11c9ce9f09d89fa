package dev.evperf.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code evperf} command as its own JVM, as a user runs it: for what needs a process (signals,
 * exit codes, what is left running). SIGINT is reset to its default for it, because a shell
 * starts background commands with SIGINT ignored, and a JVM that inherits that never sees one.
 */
final class CliProcess {
    final Process process;
    final Path out;
    final Path err;

    private CliProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /** Starts {@code evperf args…}; its stdout and stderr go to files next to {@code logs}. */
    static CliProcess start(Path logs, String... args) throws IOException {
        return start(logs, List.of(), args);
    }

    /** The same with a limit on the size of any file it (or a trial JVM) writes: writes beyond it fail, as on a full disk. */
    static CliProcess startLimited(Path logs, long fileSizeKiB, String... args) throws IOException {
        return start(logs, List.of("bash", "-c", "ulimit -f " + fileSizeKiB + " && exec \"$@\"", "bash"), args);
    }

    private static CliProcess start(Path logs, List<String> prefix, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(
                "env",
                "--default-signal=INT",
                dev.evperf.core.trial.JvmOptionsCheck.JAVA,
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        Path out = logs.resolveSibling(logs.getFileName() + ".out"),
                err = logs.resolveSibling(logs.getFileName() + ".err");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        return new CliProcess(p, out, err);
    }

    /** Sends a signal by name (INT, TERM) to the command's JVM. */
    void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid()))
                .inheritIO()
                .start();
        if (kill.waitFor() != 0) throw new AssertionError("kill -" + name + " " + process.pid() + " failed");
    }

    /** @return the exit code, or -1 after killing the whole tree when it did not end within {@code seconds} */
    int waitFor(long seconds) throws InterruptedException {
        if (process.waitFor(seconds, TimeUnit.SECONDS)) return process.exitValue();
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor();
        return -1;
    }

    String err() throws IOException {
        return Files.readString(err);
    }

    String out() throws IOException {
        return Files.readString(out);
    }

    /**
     * Processes whose command line names {@code dir} (the controller, trial JVMs): none may outlive a
     * command. Read from /proc: {@code ProcessHandle.Info.commandLine()} is empty for most processes
     * here, the JVMs with long class paths among them, which made this check see nothing.
     */
    static List<ProcessHandle> runningFor(Path dir) {
        String d = dir.toAbsolutePath().toString();
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(h -> cmdline(h).contains(d))
                .toList();
    }

    /** A process's command line as /proc has it (arguments separated by NUL); "" when it is gone. */
    static String cmdline(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
        } catch (IOException e) {
            return "";
        }
    }
}
