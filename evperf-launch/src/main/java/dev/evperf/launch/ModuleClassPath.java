package dev.evperf.launch;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The class path of a module that runs in a JVM of its own. Such a module's build writes its
 * runtime dependencies (absolute paths, in the local Maven repository or the reactor's target
 * directories) to {@code META-INF/evperf/classpath/<module>.txt}; the module's own jar or classes
 * directory is where that file was found. Whoever starts the module depends on its jar alone,
 * with every transitive dependency excluded, so that Kafka's or Flink's libraries never join the
 * starter's class path.
 */
public final class ModuleClassPath {
    private ModuleClassPath() {}

    /** The resource that lists a module's dependencies. */
    public static String resource(String module) {
        return "META-INF/evperf/classpath/" + module + ".txt";
    }

    /**
     * @return the module's own location followed by its dependencies, every entry an existing file
     * @throws IllegalStateException naming the module and what is missing
     */
    public static List<Path> of(String module) {
        URL url = ModuleClassPath.class.getClassLoader().getResource(resource(module));
        if (url == null) {
            throw new IllegalStateException(module + " is not on the class path (its " + resource(module)
                    + " was not found); build it with mvn package");
        }
        List<Path> out = new ArrayList<>();
        out.add(home(url, module));
        String text;
        try (InputStream in = url.openStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new IllegalStateException(module + ": cannot read " + url + ": " + e.getMessage(), e);
        }
        for (String entry : text.split(File.pathSeparator)) {
            if (entry.isBlank()) continue;
            Path p = Path.of(entry.trim());
            if (!Files.exists(p)) {
                throw new IllegalStateException(
                        module + ": class path entry " + p + " is missing; rebuild with mvn package");
            }
            out.add(p);
        }
        return out;
    }

    /** The jar or classes directory holding the resource. */
    private static Path home(URL url, String module) {
        try {
            if (url.getProtocol().equals("jar")) {
                return Path.of(((JarURLConnection) url.openConnection())
                        .getJarFileURL()
                        .toURI());
            }
            // …/classes/META-INF/evperf/classpath/<module>.txt: four levels up
            return Path.of(url.toURI()).getParent().getParent().getParent().getParent();
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException(module + ": cannot locate " + url + ": " + e.getMessage(), e);
        }
    }

    /** The entries joined with the platform's separator, for {@code java -cp}. */
    public static String join(List<Path> entries) {
        List<String> s = new ArrayList<>();
        for (Path p : entries) s.add(p.toString());
        return String.join(File.pathSeparator, s);
    }
}
