package dev.evperf.core.engine;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A class-data-sharing archive (the JDK's dynamic AppCDS archive) of one trial class path: the classes a JVM on
 * that class path loaded, already parsed and verified, mapped into later JVMs instead of loaded again. Flink's first
 * SQL planning in a fresh JVM spends a minute on a loaded machine, about a third of it loading classes
 * (docs/systems.md, "Where a Flink trial's start-up goes"); the archive cuts that part.
 *
 * <p>One archive per class path and JDK, kept between runs in the user's cache directory
 * ({@code $XDG_CACHE_HOME/evperf/cds}, else {@code ~/.cache/evperf/cds}; {@code -Devperf.cds.dir=DIR} or
 * {@code EVPERF_CDS_DIR} put it elsewhere, the value {@code off} turns archives off). A JVM started with
 * {@link #dumpOptions} writes it when it exits. Before any JVM maps it, a JVM started with {@code -Xshare:on}
 * checks that it loads against the class path: a jar rebuilt since, another JDK or a truncated file (which crashes
 * a JVM that maps it, SIGBUS, even with {@code -Xshare:auto}) fail that check, and the archive is deleted so that
 * the next engine check makes it again. A JVM that still cannot use it runs without it and says so on its stderr.
 */
public final class ClassArchive {
    /** Archives checked in this JVM: file → its and its class path's jars' sizes and times when it passed. */
    private static final Map<Path, String> CHECKED = new ConcurrentHashMap<>();

    private static final long CHECK_LIMIT_S = 120;

    private final Path file;
    private final String classPath;

    private ClassArchive(Path file, String classPath) {
        this.file = file;
        this.classPath = classPath;
    }

    /** @return the cache directory, or null when archives are off */
    public static Path dir() {
        String d = System.getProperty("evperf.cds.dir", System.getenv("EVPERF_CDS_DIR"));
        if (d != null && !d.isBlank()) return d.equals("off") ? null : Path.of(d);
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("evperf").resolve("cds");
    }

    /**
     * @return the archive of {@code classPath} for this JDK (the file need not exist), or null when archives are off
     *     or the class path cannot be archived: the JDK refuses to write an archive when a class directory with
     *     files in it comes before a jar it loaded from
     */
    public static ClassArchive of(String classPath) {
        Path dir = dir();
        if (dir == null || !archivable(classPath)) return null;
        return new ClassArchive(dir.resolve(key(classPath) + ".jsa"), classPath);
    }

    /** No non-empty directory before the last jar. */
    static boolean archivable(String classPath) {
        boolean dirSeen = false;
        for (String e : classPath.split(File.pathSeparator)) {
            Path p = Path.of(e);
            if (Files.isDirectory(p)) {
                try (var files = Files.list(p)) {
                    dirSeen |= files.findAny().isPresent();
                } catch (IOException unreadable) {
                    dirSeen = true;
                }
            } else if (dirSeen && e.endsWith(".jar")) {
                return false;
            }
        }
        return true;
    }

    /**
     * The JDK and the class path: a jar rebuilt in place keeps its name, and the check before use finds it (the
     * JDK compares each jar's size and time), so that a rebuild replaces its archive rather than adding one.
     */
    private static String key(String classPath) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(
                    (System.getProperty("java.home") + "\0" + System.getProperty("java.vm.version") + "\0" + classPath)
                            .getBytes(StandardCharsets.UTF_8));
            return "cp-" + HexFormat.of().formatHex(md.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public Path file() {
        return file;
    }

    /**
     * Whether JVMs may map the archive: it exists and a JVM with {@code -Xshare:on} started with it on this class
     * path. Checked once per JVM (again if the file changed); a failed archive is deleted.
     */
    public boolean usable() {
        String stamp = stamp(file);
        if (stamp == null) return false;
        if (stamp.equals(CHECKED.get(file))) return true;
        if (loads(file)) {
            CHECKED.put(file, stamp);
            return true;
        }
        discard();
        return false;
    }

    /** The archive's size and time, and each jar's: a jar rebuilt during a run makes the archive checked again. */
    private String stamp(Path archive) {
        String s = stampOf(archive);
        if (s == null) return null;
        StringBuilder b = new StringBuilder(s);
        for (String e : classPath.split(File.pathSeparator)) {
            if (e.endsWith(".jar")) b.append(' ').append(stampOf(Path.of(e)));
        }
        return b.toString();
    }

    /** The options of a JVM that maps the archive; the JDK's own warnings go to stderr, not the trial's stdout. */
    public List<String> useOptions() {
        return List.of("-XX:SharedArchiveFile=" + file, "-Xlog:disable", "-Xlog:all=warning:stderr");
    }

    /** A new file for a JVM to write the archive to; {@link #adopt} makes it the archive. */
    public Path dumpTarget() throws IOException {
        Files.createDirectories(file.getParent());
        // What a JVM killed while writing left behind (a day old: none is still being written).
        try (var old = Files.newDirectoryStream(file.getParent(), "*.tmp")) {
            long dayAgo = System.currentTimeMillis() - 86_400_000L;
            for (Path f : old) if (Files.getLastModifiedTime(f).toMillis() < dayAgo) Files.deleteIfExists(f);
        }
        return file.resolveSibling(
                file.getFileName() + "." + ProcessHandle.current().pid() + "." + System.nanoTime() + ".tmp");
    }

    /** The options of a JVM that writes the archive of the classes it loaded to {@code target} when it exits. */
    public static List<String> dumpOptions(Path target) {
        // Without the JDK's warning per class it cannot archive (old class versions, generated accessors).
        return List.of("-XX:ArchiveClassesAtExit=" + target, "-Xlog:disable", "-Xlog:all=warning,cds=error:stderr");
    }

    /**
     * Makes a written archive the class path's, if it loads (others may be writing theirs: each writes its own file
     * and the last rename wins).
     *
     * @return whether it did
     */
    public boolean adopt(Path written) {
        try {
            if (stamp(written) == null || !loads(written)) return false;
            try {
                Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(written, file, StandardCopyOption.REPLACE_EXISTING);
            }
            CHECKED.put(file, stamp(file));
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            try {
                Files.deleteIfExists(written);
            } catch (IOException ignored) {
                // a temporary file left in the cache; the next adopt writes another
            }
        }
    }

    /** Deletes the archive (it failed its check). */
    public void discard() {
        CHECKED.remove(file);
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the next check fails again and tries again
        }
    }

    private boolean loads(Path archive) {
        try {
            Process p = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-Xshare:on",
                            "-XX:SharedArchiveFile=" + archive,
                            // a damaged archive crashes this JVM: no hs_err file in the working directory
                            "-XX:ErrorFile=/dev/null",
                            "-cp",
                            classPath,
                            "-version")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!p.waitFor(CHECK_LIMIT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String stampOf(Path f) {
        try {
            return Files.size(f) + "@" + Files.getLastModifiedTime(f).toMillis();
        } catch (IOException e) {
            return null;
        }
    }
}
