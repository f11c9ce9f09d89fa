package dev.evperf.cli;

import dev.evperf.core.component.ComponentJvm;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs one cell of a study in a JVM of its own (the CLI's class path, {@code ChildMain} as its main,
 * so it dies with this process), its output in a log beside the results, and waits for it to end.
 */
final class StudyJvm {
    private StudyJvm() {}

    /** @throws IllegalStateException naming the log when the JVM fails or outlives {@code timeout} */
    static void run(String name, List<String> jvmOptions, Class<?> main, List<String> args, Path dir, Duration timeout)
            throws InterruptedException {
        List<Path> cp = new ArrayList<>();
        for (String p : System.getProperty("java.class.path").split(File.pathSeparator)) cp.add(Path.of(p));
        ComponentJvm jvm =
                ComponentJvm.start(name, cp, jvmOptions, main.getName(), args, dir, dir.resolve(name + ".log"));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (jvm.alive() && System.nanoTime() < deadline) Thread.sleep(100);
        boolean late = jvm.alive();
        int exit = jvm.stop(Duration.ofSeconds(5));
        if (late || exit != 0) {
            String tail = jvm.logTail();
            String[] lines = tail.strip().split("\\R");
            throw new IllegalStateException(
                    name + (late ? " ran longer than " + timeout.toSeconds() + " s" : " exited with " + exit) + " ("
                            + jvm.log() + "): " + lines[lines.length - 1]);
        }
    }

    /** {@code 1K} = 1000, {@code 10M} = 10 000 000: counts of events. */
    static long count(String s) {
        String t = s.trim().toUpperCase();
        long unit = t.endsWith("K") ? 1000 : t.endsWith("M") ? 1_000_000 : t.endsWith("G") ? 1_000_000_000 : 1;
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        try {
            return (long) (Double.parseDouble(digits.replace("_", "")) * unit);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not a count such as 1000, 1K or 10M");
        }
    }

    /** {@code 64KB}, {@code 256m}, {@code 8g}: bytes (binary units). */
    static long bytes(String s) {
        String t = s.trim().toUpperCase().replaceAll("I?B$", "");
        long unit = t.endsWith("K") ? 1L << 10 : t.endsWith("M") ? 1L << 20 : t.endsWith("G") ? 1L << 30 : 1;
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        try {
            return (long) (Double.parseDouble(digits) * unit);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not a size such as 65536, 64KB, 256m or 8g");
        }
    }

    static String label(long n) {
        if (n >= 1_000_000_000 && n % 1_000_000_000 == 0) return n / 1_000_000_000 + "G";
        if (n >= 1_000_000 && n % 1_000_000 == 0) return n / 1_000_000 + "M";
        if (n >= 1000 && n % 1000 == 0) return n / 1000 + "K";
        return Long.toString(n);
    }

    static List<String> list(String csv) {
        return Arrays.stream(csv.split(","))
                .map(String::trim)
                .filter(x -> !x.isEmpty())
                .toList();
    }
}
