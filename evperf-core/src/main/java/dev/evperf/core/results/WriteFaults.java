package dev.evperf.core.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;

/**
 * A results directory that refuses a write (its file system full, read-only, or the directory
 * gone): said as what it is, and no half-written file left behind.
 */
public final class WriteFaults {
    /** Below this much free space (or a twentieth of a small file system) a failed write is put down to a full file system. */
    static final long FULL_BELOW = 1 << 20;

    private WriteFaults() {}

    /**
     * Removes the files of writes that did not finish, below {@code dir}, once the trial JVM that
     * wrote them is gone: {@link Json#write}'s *.tmp, and every record spill (*.spill.parquet, and capacity
     * mode's untimed runs, *.spill). A
     * trial that ends well renames or converts its spills into the result files, so a spill left
     * behind belongs to a trial that failed part-way: with or without a footer (the records writer
     * closes its files when the disk fills, since the files are written during the run), it is not a
     * result, and nothing reads it.
     */
    public static void removeTmp(Path dir) {
        if (!Files.isDirectory(dir)) return;
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(f -> {
                        String name = f.getFileName().toString();
                        return name.endsWith(".tmp") || name.endsWith(".spill") || name.endsWith(".spill.parquet");
                    })
                    .forEach(f -> {
                        try {
                            Files.deleteIfExists(f);
                        } catch (IOException ignored) {
                            // the directory refuses even this; the run's record says why
                        }
                    });
        } catch (IOException | UncheckedIOException ignored) {
            // as above
        }
    }

    /** " (its file system is full: 12 KiB free)" when {@code dir}'s file system has (almost) no space left, else "". */
    public static String fullNote(Path dir) {
        Path p = dir.toAbsolutePath();
        while (p != null && !Files.exists(p)) p = p.getParent();
        if (p == null) return "";
        try {
            FileStore store = Files.getFileStore(p);
            long free = store.getUsableSpace();
            return free < Math.min(FULL_BELOW, store.getTotalSpace() / 20)
                    ? " (its file system is full: " + free / 1024 + " KiB free)"
                    : "";
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Space held back in a results directory (a file of zeros), released when a write fails for
     * lack of space: then run.json can still record that the disk filled up, and what was not run.
     */
    public static final class Reserve {
        static final long MIN = 256 * 1024;
        private final Path file;

        public Reserve(Path dir) {
            this.file = dir.resolve(".evperf-reserve");
        }

        /** Grows the reserve to {@code bytes} (at least {@link #MIN}), as far as the file system allows. */
        public void keep(long bytes) {
            long want = Math.max(MIN, bytes);
            try {
                long have = Files.exists(file) ? Files.size(file) : 0;
                if (have >= want) return;
                try (var out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                    out.write(new byte[(int) Math.min(Integer.MAX_VALUE, want - have)]);
                }
            } catch (IOException e) {
                // no room to hold space back: nothing is lost by that until a write fails
            }
        }

        /** Gives the space back. @return whether there was any */
        public boolean release() {
            try {
                return Files.deleteIfExists(file);
            } catch (IOException e) {
                return false;
            }
        }
    }

    /** The failed write's own words, e.g. "No space left on device" or "/r/t001: Read-only file system". */
    public static String describe(Exception e) {
        Throwable c = e instanceof UncheckedIOException u
                        && u.getCause() != null
                        && !(u.getMessage() != null && u.getMessage().startsWith("cannot write "))
                ? u.getCause()
                : e;
        return c.getMessage() != null ? c.getMessage() : c.getClass().getSimpleName();
    }
}
