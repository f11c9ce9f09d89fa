package dev.evperf.flink;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The jars a job brings to the cluster: evperf's record format and end-of-input operators, Kafka's
 * connector and client, and the user's job class, found where their classes were loaded from. A
 * class directory (a build's target/classes) is packed into a jar once per JVM, because a cluster
 * takes jars only. The cluster keeps only Flink's own libraries, as an existing one does.
 */
final class JobJars {
    private static final Map<Path, Path> PACKED = new ConcurrentHashMap<>();

    private JobJars() {}

    static String[] of(List<Class<?>> classes) {
        Set<Path> homes = new LinkedHashSet<>();
        for (Class<?> c : classes) homes.add(home(c));
        List<String> jars = new ArrayList<>();
        for (Path h : homes) jars.add((Files.isDirectory(h) ? PACKED.computeIfAbsent(h, JobJars::pack) : h).toString());
        return jars.toArray(new String[0]);
    }

    private static Path home(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("cannot tell where " + c.getName() + " was loaded from", e);
        }
    }

    private static Path pack(Path dir) {
        try {
            Path jar = Files.createTempFile("evperf-job-", ".jar");
            jar.toFile().deleteOnExit();
            try (OutputStream out = Files.newOutputStream(jar);
                    JarOutputStream j = new JarOutputStream(out);
                    Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    j.putNextEntry(new JarEntry(dir.relativize(f).toString().replace('\\', '/')));
                    Files.copy(f, j);
                    j.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new IllegalStateException("cannot pack " + dir + " into a jar: " + e.getMessage(), e);
        }
    }
}
