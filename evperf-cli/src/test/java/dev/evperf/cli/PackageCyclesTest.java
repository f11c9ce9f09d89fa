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
 * compiled classes has no strongly connected component of more than one package (as
 * scripts/package-cycles). It runs here, in the CLI, because the reactor has built every module the
 * CLI depends on by then, i.e. all but evperf-jmh, which is built after it and is checked when its
 * classes are there.
 */
class PackageCyclesTest {
    private static final Pattern EDGE =
            Pattern.compile("^\\s+(dev\\.evperf\\.[\\w.]+)\\s+->\\s+(dev\\.evperf\\.[\\w.]+)");

    @Test
    void noPackageCycles() {
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
        assertThat(graph)
                .as("jdeps found every module's packages")
                .containsKeys(
                        "dev.evperf.analysis.summary",
                        "dev.evperf.ref.store",
                        "dev.evperf.core.trial",
                        "dev.evperf.monitor.sensors",
                        "dev.evperf.cli");
        assertThat(cycles(graph)).isEmpty();
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
