package dev.evperf.core.engine;

import dev.evperf.launch.ModuleClassPath;
import java.io.IOException;
import java.nio.file.Files;
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
    /**
     * An engine outside the trial JVM: its adapter module and the components it needs. {@code classArchive}: its
     * trial JVMs map a class-data-sharing archive of their class path ({@link ClassArchive}), made by the engine
     * check, because their start-up is mostly class loading and cold code (Flink's SQL planning).
     */
    public record External(String module, boolean broker, boolean flink, boolean submitCheck, boolean classArchive) {}

    /**
     * By engine name. {@code submitCheck}: a job can fail only when the cluster runs it (a class
     * missing on the cluster, a setting it refuses), so the check before the run opens it instead of
     * validating it (opening plans the job, once, and submits it) and cancels it.
     */
    public static final Map<String, External> EXTERNAL = Map.of(
            "kafka", new External("evperf-kafka", true, false, false, false),
            "kafka-streams", new External("evperf-kstreams", true, false, false, false),
            "flink", new External("evperf-flink", true, true, true, true));

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
        if (e.classArchive() && ClassArchive.dir() != null) all = archivable(all, ClassArchive.dir());
        all.addAll(user);
        return ModuleClassPath.join(all);
    }

    /**
     * The same entries as a class-data-sharing archive needs them: jars first, then class directories (the JDK
     * writes no archive when a directory with files comes before a jar it loaded from; evperf's directories, in a
     * build, hold only evperf's classes, which no jar holds), and Flink's planner jar instead of its loader.
     */
    private static List<Path> archivable(List<Path> entries, Path cacheDir) {
        List<Path> jars = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        for (Path p : entries) {
            if (Files.isDirectory(p)) {
                dirs.add(p);
            } else if (PlannerJar.isLoader(p)) {
                try {
                    jars.add(PlannerJar.unpacked(p, cacheDir));
                } catch (IOException ex) {
                    return entries; // the loader then, and no archive of the planner's classes
                }
            } else {
                jars.add(p);
            }
        }
        jars.addAll(dirs);
        return jars;
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
