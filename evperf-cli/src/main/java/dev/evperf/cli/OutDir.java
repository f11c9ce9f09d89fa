package dev.evperf.cli;

import dev.evperf.core.results.WriteFaults;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The results directory, checked before anything runs: not a file, not a finished run, and a
 * directory this process can create and write a file into. A directory that fails here would
 * otherwise fail the first trial, or the run itself, minutes later.
 */
final class OutDir {
    /** Written and removed again: a results directory must take at least this much. */
    private static final int PROBE_BYTES = 64 * 1024;

    private OutDir() {}

    /** Creates {@code dir} if needed and proves it writable. @throws IllegalArgumentException one line naming the option and the directory */
    static void prepare(Path dir, String option) {
        String what = option + " " + dir;
        Path existing = dir.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        if (existing != null && !Files.isDirectory(existing)) {
            throw new IllegalArgumentException(
                    what + ": " + (existing.equals(dir.toAbsolutePath()) ? "is a file" : existing + " is a file")
                            + ", not a directory");
        }
        if (Files.exists(dir.resolve(Layout.RUN_JSON))) {
            throw new IllegalArgumentException(what + ": already holds a run; choose another " + option);
        }
        List<Path> created = new ArrayList<>();
        for (Path p = dir.toAbsolutePath(); p != null && !Files.exists(p); p = p.getParent()) created.add(p);
        Path probe = dir.resolve(".evperf-write-check");
        try {
            Files.createDirectories(dir);
            Files.write(probe, new byte[PROBE_BYTES]);
            Files.delete(probe);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(probe);
                for (Path p : created) Files.deleteIfExists(p); // innermost first: leave nothing of ours behind
            } catch (IOException ignored) {
                // it could not be written; whatever is left is empty
            }
            throw new IllegalArgumentException(what + ": cannot write there: " + reason(e) + WriteFaults.fullNote(dir));
        }
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException a) return a.getFile() + ": permission denied";
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getFile() + ": " + f.getReason();
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
