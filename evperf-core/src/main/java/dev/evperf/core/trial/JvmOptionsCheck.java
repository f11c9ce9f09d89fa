package dev.evperf.core.trial;

import dev.evperf.core.workload.WorkloadException;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A trial's JVM options, tried before anything runs: {@code java <options> -version} once per
 * distinct set. Only the JVM knows which options it accepts (they change between versions and
 * vendors), and a set it rejects would otherwise fail every trial with "Could not create the
 * Java Virtual Machine". The JVM's own message is what the user sees.
 */
public final class JvmOptionsCheck {
    /** The trial JVMs' launcher: this JVM's own java. */
    public static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private static final long LIMIT_S = 60;
    /** Results per option set: "" when accepted. Options do not change meaning within one process. */
    private static final Map<List<String>, String> CHECKED = new ConcurrentHashMap<>();
    /** The launcher's closing lines, which say nothing about the option. */
    private static final List<String> BOILERPLATE = List.of(
            "Error: Could not create the Java Virtual Machine.",
            "Error: A fatal exception has occurred. Program will exit.");

    private JvmOptionsCheck() {}

    /** @throws WorkloadException naming the options and the JVM's reason, when it does not start with them */
    public static void check(List<String> options, String where) {
        if (options.isEmpty()) return;
        String problem = CHECKED.computeIfAbsent(List.copyOf(options), JvmOptionsCheck::tryStart);
        if (!problem.isEmpty()) {
            throw new WorkloadException(
                    where + ": trial JVM options " + options + ": the JVM does not start with them: " + problem);
        }
    }

    private static String tryStart(List<String> options) {
        List<String> cmd = new ArrayList<>();
        cmd.add(JAVA);
        cmd.addAll(options);
        // Pre-touching a large heap would cost seconds and prove nothing about the options.
        cmd.add("-XX:-AlwaysPreTouch");
        cmd.add("-version");
        Path scratch = null;
        try {
            // Options may name files (-Xlog:gc:file=gc.log): a scratch directory keeps them out of the user's.
            scratch = Files.createTempDirectory("evperf-jvm-check");
            // Output into a file, not a pipe: a JVM told to wait (for a debugger, say) must not hang this check.
            Path output = scratch.resolve("output.txt");
            Process p = new ProcessBuilder(cmd)
                    .directory(scratch.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!p.waitFor(LIMIT_S, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return "it did not finish starting within " + LIMIT_S + " s";
            }
            if (p.exitValue() == 0) return "";
            byte[] out;
            try (var in = Files.newInputStream(output)) {
                out = in.readNBytes(64 * 1024);
            }
            return reason(new String(out, StandardCharsets.UTF_8), p.exitValue());
        } catch (IOException e) {
            return "cannot start " + JAVA + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while checking them";
        } finally {
            if (scratch != null) delete(scratch);
        }
    }

    /** The JVM's lines without the launcher's boilerplate, joined into one. */
    static String reason(String output, int exit) {
        List<String> lines = new ArrayList<>();
        for (String l : output.split("\\R")) {
            String t = l.strip();
            if (!t.isEmpty() && !BOILERPLATE.contains(t) && !t.startsWith("Caused by:") && !t.startsWith("at "))
                lines.add(t);
        }
        if (lines.isEmpty()) return "exit code " + exit;
        return String.join(" ", lines.subList(0, Math.min(3, lines.size())));
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a scratch directory in the temp dir; nothing of the user's
        }
    }
}
