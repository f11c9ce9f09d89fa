package dev.evperf.core.trial;

import dev.evperf.core.component.RunComponents;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The controller's wait for one trial JVM (split out of {@link Controller}): until it exits or its
 * time is up, ending the wait early when a component of the run died, and on an interactive
 * terminal showing the trial's latest live line in place.
 */
final class TrialWait {
    private final PrintStream progress;
    /** The run's components, or null when the engine runs in the trial JVM. */
    private final RunComponents components;

    TrialWait(PrintStream progress, RunComponents components) {
        this.progress = progress;
        this.components = components;
    }

    /**
     * Waits for the trial JVM; on an interactive terminal, shows the trial's latest live line in
     * place (a non-interactive log gets only the start and end lines).
     */
    boolean await(Process p, long timeoutNs, Path stdout, String id) throws InterruptedException, IOException {
        boolean console = System.console() != null;
        if (!console && components == null) return p.waitFor(timeoutNs, TimeUnit.NANOSECONDS);
        long deadline = System.nanoTime() + timeoutNs;
        String shown = "";
        while (System.nanoTime() < deadline) {
            if (p.waitFor(console ? 500 : 200, TimeUnit.MILLISECONDS)) {
                progress.print(overwrite(shown, ""));
                return true;
            }
            // A component that died fails the trial now, rather than when its clients time out.
            if (components != null && components.died() != null) {
                progress.print(overwrite(shown, ""));
                return false;
            }
            if (!console) continue;
            String line = lastLiveLine(stdout);
            if (line != null) {
                String text = "  " + id + " " + line.substring(LiveMonitor.PREFIX.length());
                if (!text.equals(shown)) {
                    progress.print(overwrite(shown, text));
                    progress.flush();
                    shown = text;
                }
            }
        }
        progress.print(overwrite(shown, ""));
        return false;
    }

    /**
     * What replaces the line {@code shown} in place by {@code text}: a carriage return, the text, and
     * blanks over what is left of the old line, the cursor back at the start when the line is cleared.
     * Plain characters only: no terminal escape codes, which a log or a simple terminal would show as
     * garbage.
     */
    static String overwrite(String shown, String text) {
        if (shown.isEmpty() && text.isEmpty()) return "";
        String pad = " ".repeat(Math.max(0, shown.length() - text.length()));
        return "\r" + text + pad + (text.isEmpty() ? "\r" : "");
    }

    static String lastLiveLine(Path stdout) throws IOException {
        if (!Files.exists(stdout)) return null;
        try (var file = new RandomAccessFile(stdout.toFile(), "r")) {
            long len = file.length();
            long from = Math.max(0, len - 4096);
            file.seek(from);
            byte[] tail = new byte[(int) (len - from)];
            file.readFully(tail);
            String[] lines = new String(tail, StandardCharsets.UTF_8).split("\n");
            for (int i = lines.length - 1; i >= 0; i--) {
                if (lines[i].startsWith(LiveMonitor.PREFIX)) return lines[i];
            }
        }
        return null;
    }
}
