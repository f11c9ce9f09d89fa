package dev.evperf.core.component;

import dev.evperf.launch.ModuleClassPath;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What every Flink JVM evperf starts needs: the module's class path, the JDK 17 access flags
 * flink-dist's default configuration gives every Flink process ({@code env.java.opts.all}), and
 * the memory settings Flink's own start scripts compute with {@code BashJavaUtils}.
 */
final class FlinkJvm {
    static final String MODULE = "evperf-flink-cluster";

    /** Flink 1.20's {@code env.java.opts.all} default: its serializers reach into these JDK internals. */
    static final List<String> JDK17_ACCESS = List.of(
            "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED",
            "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED",
            "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    private FlinkJvm() {}

    static List<Path> classPath() {
        return ModuleClassPath.of(MODULE);
    }

    /**
     * The JVM options and dynamic properties Flink's scripts would give a JobManager
     * ({@code GET_JM_RESOURCE_PARAMS}) or TaskManager ({@code GET_TM_RESOURCE_PARAMS}) with this
     * configuration: runs {@code BashJavaUtils} and reads its two result lines.
     *
     * @return [0]: JVM options (-Xmx …), [1]: dynamic properties (-D key=value …), as arguments
     */
    static List<List<String>> resourceParams(String command, Path configDir) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m",
                "-cp",
                ModuleClassPath.join(classPath()),
                "org.apache.flink.runtime.util.bash.BashJavaUtils",
                command,
                "--configDir",
                configDir.toString()));
        List<List<String>> results = new ArrayList<>();
        StringBuilder output = new StringBuilder();
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (BufferedReader in =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    output.append(line).append('\n');
                    int at = line.indexOf("BASH_JAVA_UTILS_EXEC_RESULT:");
                    if (at >= 0) {
                        String rest = line.substring(at + "BASH_JAVA_UTILS_EXEC_RESULT:".length())
                                .trim();
                        results.add(rest.isEmpty() ? List.of() : Arrays.asList(rest.split("\\s+")));
                    }
                }
            }
            if (!p.waitFor(120, TimeUnit.SECONDS)) p.destroyForcibly();
        } catch (IOException e) {
            throw new ComponentFailure("flink: cannot run BashJavaUtils: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ComponentFailure("flink: interrupted while computing memory settings");
        }
        if (results.size() < 2) {
            String[] lines = output.toString().strip().split("\n");
            throw new ComponentFailure(
                    "flink: BashJavaUtils " + command + " gave no memory settings: " + lines[lines.length - 1]);
        }
        return results.subList(results.size() - 2, results.size());
    }
}
