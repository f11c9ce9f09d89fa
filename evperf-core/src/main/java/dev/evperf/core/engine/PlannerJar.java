package dev.evperf.core.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Flink's table planner as a jar of its own. {@code flink-table-planner-loader} holds the planner (with its Scala)
 * as a jar inside it and, at the first planning, unpacks it to a temporary directory and loads it through a class
 * loader of its own; a class-data-sharing archive keeps only the classes of the application class loader, so a
 * trial that maps one ({@link ClassArchive}) has the planner jar itself on its class path instead of the loader.
 */
final class PlannerJar {
    static final String LOADER = "flink-table-planner-loader-";
    private static final String INNER = "flink-table-planner.jar";

    private PlannerJar() {}

    static boolean isLoader(Path entry) {
        return entry.getFileName().toString().startsWith(LOADER)
                && entry.getFileName().toString().endsWith(".jar");
    }

    /**
     * @return the planner jar inside {@code loader}, unpacked once into {@code dir} (named after the loader and its
     *     size, so that another version gets its own)
     * @throws IOException when it cannot be read or written
     */
    static Path unpacked(Path loader, Path dir) throws IOException {
        String name = loader.getFileName().toString().replaceFirst("\\.jar$", "");
        Path out = dir.resolve(name.replace("-loader", "") + "-" + Files.size(loader) + ".jar");
        if (Files.isRegularFile(out)) return out;
        Files.createDirectories(dir);
        try (ZipFile zip = new ZipFile(loader.toFile())) {
            ZipEntry inner = zip.getEntry(INNER);
            if (inner == null) throw new IOException(loader + " holds no " + INNER);
            // Written under another name and renamed: another run may be unpacking the same jar.
            Path tmp = Files.createTempFile(dir, name, ".tmp");
            try (InputStream in = zip.getInputStream(inner)) {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        return out;
    }
}
