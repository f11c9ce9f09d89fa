package dev.evperf.core.engine;

import dev.evperf.launch.ModuleClassPath;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engines whose libraries conflict with the CLI's (Kafka's clients, Kafka Streams, Flink; see
 * docs/systems.md): their adapters are not on the CLI's class path, so they are named here with
 * their module, and their trials (and the check of their queries) run on evperf-core's class path
 * followed by the adapter module's, core's version winning where both name an artifact.
 */
public final class EngineModules {
    /** An engine outside the trial JVM: its adapter module and the components it needs. */
    public record External(String module, boolean broker, boolean flink, boolean submitCheck) {}

    /**
     * By engine name. {@code submitCheck}: a job can fail only when the cluster runs it (a class
     * missing on the cluster, a setting it refuses), so the check before the run also submits it
     * once and cancels it.
     */
    public static final Map<String, External> EXTERNAL = Map.of(
            "kafka", new External("evperf-kafka", true, false, false),
            "kafka-streams", new External("evperf-kstreams", true, false, false),
            "flink", new External("evperf-flink", true, true, true));

    private EngineModules() {}

    public static External external(String engine) {
        return EXTERNAL.get(engine);
    }

    /**
     * The class path of a trial of {@code engine}: {@code cliClassPath} for engines on it (Siddhi,
     * Esper, null), else core's own class path then the adapter module's.
     */
    public static String trialClassPath(String engine, String cliClassPath) {
        return trialClassPath(engine, cliClassPath, List.of());
    }

    /** The same, with the user's jars or class directories ({@code engine.classpath}, absolute) last. */
    public static String trialClassPath(String engine, String cliClassPath, List<Path> user) {
        External e = EXTERNAL.get(engine);
        if (e == null) return cliClassPath;
        Map<String, Path> byArtifact = new LinkedHashMap<>();
        for (Path p : ModuleClassPath.of("evperf-core")) byArtifact.putIfAbsent(artifact(p), p);
        for (Path p : ModuleClassPath.of(e.module())) byArtifact.putIfAbsent(artifact(p), p);
        List<Path> all = new ArrayList<>(byArtifact.values());
        all.addAll(user);
        return ModuleClassPath.join(all);
    }

    /** {@code engine.classpath}'s entries, resolved against the workload file's directory. */
    public static List<Path> userClassPath(List<String> entries, Path baseDir) {
        List<Path> out = new ArrayList<>();
        for (String s : entries) out.add(baseDir.resolve(s).toAbsolutePath().normalize());
        return out;
    }

    /**
     * Which artifact a class path entry is, without its version: in a Maven repository
     * {@code …/<group path>/<artifact>/<version>/<artifact>-<version>[-classifier].jar} gives
     * group and artifact (the classifier kept: a test jar is another artifact); a reactor module's
     * {@code …/<module>/target/classes} or {@code target/<module>-<version>.jar} gives the module.
     */
    static String artifact(Path p) {
        String file = p.getFileName().toString();
        Path parent = p.getParent();
        if (parent != null
                && parent.getFileName() != null
                && parent.getFileName().toString().equals("target")) {
            Path module = parent.getParent();
            return module == null ? p.toString() : "module:" + module.getFileName();
        }
        if (parent != null && parent.getParent() != null && parent.getParent().getParent() != null) {
            String version = parent.getFileName().toString();
            String artifactId = parent.getParent().getFileName().toString();
            if (file.startsWith(artifactId + "-" + version)) {
                String rest =
                        file.substring((artifactId + "-" + version).length()).replaceFirst("\\.jar$", "");
                String group = parent.getParent().getParent().toString();
                // a reactor module's jar and its repository jar are the same artifact
                return group.endsWith("/dev/evperf") ? "module:" + artifactId + rest : group + ":" + artifactId + rest;
            }
        }
        return p.toString();
    }

    /** Every engine name a workload may use: those on the class path and the external ones. */
    public static List<String> names(Collection<String> onClassPath) {
        List<String> out = new ArrayList<>(onClassPath);
        for (String n : EXTERNAL.keySet()) if (!out.contains(n)) out.add(n);
        Collections.sort(out);
        return out;
    }
}
