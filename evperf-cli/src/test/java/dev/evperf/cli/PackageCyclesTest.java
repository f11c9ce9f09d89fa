package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * No package cycles in any module: the package graph from the JDK's jdeps over every module's
 * compiled classes (every module of the parent pom) has no strongly connected component of more than
 * one package (as scripts/package-cycles); and the layered modules' packages use no layer above their
 * own. It runs here, in the CLI, because the reactor has built every module the
 * CLI depends on by then, i.e. all but evperf-jmh, which is built after it and is checked when its
 * classes are there.
 */
class PackageCyclesTest {
    private static final Pattern EDGE =
            Pattern.compile("^\\s+(dev\\.evperf\\.[\\w.]+)\\s+->\\s+(dev\\.evperf\\.[\\w.]+)");

    /**
     * Packages in layers, each using only those before it (docs/architecture.md): evperf-analysis from
     * the trial's records up to the report page; evperf-core from the workload to the trial that runs it.
     */
    private static final Map<String, List<String>> LAYERS = Map.of(
            "dev.evperf.analysis.",
            List.of("trial", "figures", "warmup", "sql", "summary", "report"),
            "dev.evperf.core.",
            List.of("engine", "jvm", "workload", "load", "driver", "data", "results", "records", "component", "trial"));

    @Test
    void noPackageCycles() {
        Map<String, Set<String>> graph = packageGraph();
        assertThat(graph)
                .as("jdeps found every module's packages")
                .containsKeys(
                        "dev.evperf.analysis.summary",
                        "dev.evperf.ref.store",
                        "dev.evperf.core.trial",
                        "dev.evperf.monitor.sensors",
                        "dev.evperf.agent",
                        "dev.evperf.kstreams",
                        "dev.evperf.suites.run",
                        "dev.evperf.results",
                        "dev.evperf.cli");
        assertThat(cycles(graph)).isEmpty();
    }

    @Test
    void layeredModulesUseOnlyTheLayersBelow() {
        Map<String, Set<String>> graph = packageGraph();
        List<String> upward = new ArrayList<>();
        for (Map.Entry<String, List<String>> m : LAYERS.entrySet()) {
            List<String> layers = m.getValue();
            for (int i = 0; i < layers.size(); i++) {
                String from = m.getKey() + layers.get(i);
                assertThat(graph).as("jdeps found %s", from).containsKey(from);
                for (String to : graph.get(from)) {
                    int j = to.startsWith(m.getKey())
                            ? layers.indexOf(to.substring(m.getKey().length()))
                            : -1;
                    if (j > i) upward.add(from + " -> " + to);
                }
            }
        }
        assertThat(upward).as("dependencies from a layer to one above it").isEmpty();
    }

    /** Package -> the packages it uses, among evperf's, from jdeps over every module's classes. */
    private static Map<String, Set<String>> packageGraph() {
        List<String> args = new ArrayList<>(List.of("-verbose:package", "-filter:none", "-e", "dev\\.evperf\\..*"));
        for (String module : modules()) {
            Path classes = Path.of("..", module, "target", "classes");
            if (Files.isDirectory(classes)) args.add(classes.toString());
            else assertThat(module).as("%s is built before the CLI", classes).isEqualTo(BUILT_AFTER_THE_CLI);
        }
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(new StringWriter()), args.toArray(String[]::new));
        assertThat(rc).isZero();
        Map<String, Set<String>> graph = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (m.find() && !m.group(1).equals(m.group(2))) {
                graph.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
                graph.computeIfAbsent(m.group(2), k -> new TreeSet<>());
            }
        }
        return graph;
    }

    private static final String BUILT_AFTER_THE_CLI = "evperf-jmh";

    /** The parent pom's modules. */
    private static List<String> modules() {
        try {
            List<String> out = new ArrayList<>();
            Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(Path.of("../pom.xml")));
            while (m.find()) out.add(m.group(1));
            assertThat(out).contains("evperf-cli", "evperf-ref");
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Tarjan's strongly connected components of more than one package. */
    private static List<Set<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>(), low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<Set<String>> out = new ArrayList<>();
        for (String v : graph.keySet()) if (!index.containsKey(v)) visit(v, graph, index, low, stack, out);
        return out;
    }

    private static void visit(
            String v,
            Map<String, Set<String>> g,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            List<Set<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        for (String w : g.get(v)) {
            if (!index.containsKey(w)) {
                visit(w, g, index, low, stack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> scc = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                scc.add(w);
            } while (!w.equals(v));
            if (scc.size() > 1) out.add(scc);
        }
    }
}
