package dev.evperf.core.trial;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** How a trial JVM ended, in words for run.json, and how the controller ends one that must not go on. */
final class TrialExit {
    /** Enough of a dead JVM's stderr to find why; a trial that printed gigabytes is not read whole. */
    private static final int STDERR_READ = 1 << 20;

    private TrialExit() {}

    /** Exit status 130 or 143: SIGINT or SIGTERM ended the JVM. */
    static boolean bySignal(int code) {
        return code == 128 + 2 || code == 128 + 15;
    }

    /** "exited with code 1", or for a JVM ended by a signal (exit status 128 + n) the signal's name. */
    static String describe(int code) {
        String signal =
                switch (code - 128) {
                    case 1 -> "SIGHUP";
                    case 2 -> "SIGINT";
                    case 6 -> "SIGABRT";
                    case 9 -> "SIGKILL";
                    case 15 -> "SIGTERM";
                    default -> null;
                };
        return signal == null ? "exited with code " + code : "was ended by " + signal + " (exit code " + code + ")";
    }

    /** The line of a dead JVM's stderr that says why: the first error or exception line. */
    static String crashLine(Path stderr) throws IOException {
        if (!Files.exists(stderr)) return "no stderr";
        byte[] head;
        try (InputStream in = Files.newInputStream(stderr)) {
            head = in.readNBytes(STDERR_READ);
        }
        // Lenient decoding: whatever the JVM printed, the reason is worth more than a decoding error.
        List<String> lines = new String(head, StandardCharsets.UTF_8).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (l.contains("Error") || l.contains("Exception")) {
                // "Error occurred during initialization of VM" says why on its next line.
                return i + 1 < lines.size() && l.endsWith("VM")
                        ? l + ": " + lines.get(i + 1).trim()
                        : l;
            }
        }
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) return lines.get(i).trim();
        }
        return "no output";
    }

    /** SIGKILL to the JVM and anything it started; waits up to 10 s for it to be gone. */
    static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
