package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.EngineException;
import dev.evperf.ref.store.Layout;
import dev.evperf.ref.study.LayoutCells;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf ref-study layouts}: seed 001's Table 5.1 on ref. One JVM per layout runs
 * {@code SELECT AVG(A1) FROM S [ROWS N]} for each window size N; printed are the window's memory
 * (heap used after full collections, window full minus before) and the events per second through the
 * engine SPI, next to the bare loop that makes the events.
 */
@Command(
        name = "layouts",
        mixinStandardHelpOptions = true,
        description =
                "Window memory (JVM-measured) and throughput of AVG(A1) [ROWS N] per data layout (seed 001, Table 5.1).")
public final class RefLayoutsStudy implements Callable<Integer> {
    @ParentCommand
    RefStudyCommand parent;

    @Mixin
    RefStudyCommand.Common common;

    @Mixin
    Verbosity verbosity;

    @Option(
            names = "--sizes",
            defaultValue = "1K,10K,100K,1M,10M",
            description = "Window sizes N (default: ${DEFAULT-VALUE}).")
    String sizes;

    @Option(
            names = "--layouts",
            defaultValue = "map,array,pojo,columns,projected",
            description = "Layouts (default: ${DEFAULT-VALUE}).")
    String layouts;

    @Option(
            names = "--staging",
            defaultValue = "1",
            description = "K, the staging arrays of the column layouts (1: off).")
    int staging;

    @Option(
            names = "--heap",
            defaultValue = "8g",
            description = "-Xmx (and -Xms) of each layout's JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(
            names = "--warmup",
            defaultValue = "2",
            description = "Seconds of warm-up per size (default: ${DEFAULT-VALUE}).")
    double warmup;

    @Option(
            names = "--seconds",
            defaultValue = "3",
            description = "Seconds measured per size (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Override
    public Integer call() throws Exception {
        List<Long> n = StudyJvm.list(sizes).stream().map(StudyJvm::count).toList();
        List<String> ls = StudyJvm.list(layouts);
        for (String l : ls) {
            try {
                Layout.named(l); // bad names fail before anything runs
            } catch (EngineException e) {
                throw new IllegalArgumentException(
                        "--layouts: " + e.getMessage().replaceFirst("^ref: option layout", "a layout"));
            }
        }
        long xmx = StudyJvm.bytes(heap);
        Path dir = RefStudyCommand.directory(common.out, "layouts");
        Path results = dir.resolve("layouts.jsonl");
        PrintStream err = parent.err();
        err.println("evperf: layouts study in " + dir + " (load " + RefStudyCommand.load() + ")");
        String csv = String.join(",", n.stream().map(String::valueOf).toList());
        for (String layout : ls) {
            err.println("evperf: layout " + layout + " …");
            List<String> opts = new ArrayList<>(List.of("-Xmx" + xmx, "-Xms" + xmx, "-XX:+UseParallelGC"));
            opts.addAll(common.jvm);
            StudyJvm.run(
                    "layout-" + layout,
                    opts,
                    LayoutCells.class,
                    List.of(
                            layout,
                            csv,
                            Double.toString(warmup),
                            Double.toString(seconds),
                            Integer.toString(staging),
                            results.toAbsolutePath().toString()),
                    dir,
                    Duration.ofHours(2));
        }
        String table = table(RefStudyCommand.lines(results), ls, n);
        Files.writeString(dir.resolve("layouts.txt"), table);
        parent.out().print(table);
        return 0;
    }

    /** Table 5.1's shape: MB per layout and size, then M events/s, then the lightest layout against the others. */
    static String table(List<JsonNode> cells, List<String> layouts, List<Long> sizes) {
        Map<String, JsonNode> at = new LinkedHashMap<>();
        List<Double> bare = new ArrayList<>();
        for (JsonNode c : cells) {
            if (c.path("layout").asText().equals("bare-loop"))
                bare.add(c.path("events_per_s").asDouble());
            else at.put(c.path("layout").asText() + "@" + c.path("window").asLong(), c);
        }
        StringBuilder s = new StringBuilder();
        s.append("window memory, MB (heap used after full GC: window full − before the engine opened)\n");
        header(s, sizes);
        for (String l : layouts)
            row(
                    s,
                    l,
                    sizes,
                    at,
                    c -> String.format(
                            Locale.ROOT, "%.1f", c.path("window_bytes").asLong() / 1e6));
        s.append("\nthroughput, M events/s through the engine SPI (new event per send)\n");
        header(s, sizes);
        for (String l : layouts)
            row(
                    s,
                    l,
                    sizes,
                    at,
                    c -> String.format(
                            Locale.ROOT, "%.2f", c.path("events_per_s").asDouble() / 1e6));
        s.append(String.format(
                Locale.ROOT,
                "bare loop (makes each event, no engine): %s M events/s\n",
                bare.stream()
                        .map(b -> String.format(Locale.ROOT, "%.1f", b / 1e6))
                        .toList()));
        long largest = sizes.get(sizes.size() - 1);
        String lightest = layouts.get(layouts.size() - 1);
        JsonNode best = at.get(lightest + "@" + largest);
        if (best != null && "ok".equals(best.path("result").asText())) {
            s.append("\nat ")
                    .append(StudyJvm.label(largest))
                    .append(", ")
                    .append(lightest)
                    .append(" against each layout:\n");
            for (String l : layouts) {
                JsonNode c = at.get(l + "@" + largest);
                if (l.equals(lightest)
                        || c == null
                        || !"ok".equals(c.path("result").asText())) continue;
                s.append(String.format(
                        Locale.ROOT,
                        "  %-10s %6.1f× less memory, %6.1f× the throughput%n",
                        l,
                        c.path("window_bytes").asDouble()
                                / best.path("window_bytes").asDouble(),
                        best.path("events_per_s").asDouble()
                                / c.path("events_per_s").asDouble()));
            }
        }
        return s.toString();
    }

    private static void header(StringBuilder s, List<Long> sizes) {
        s.append(String.format(Locale.ROOT, "%-10s", "layout"));
        for (long n : sizes) s.append(String.format(Locale.ROOT, "%10s", StudyJvm.label(n)));
        s.append('\n');
    }

    private static void row(
            StringBuilder s,
            String layout,
            List<Long> sizes,
            Map<String, JsonNode> at,
            Function<JsonNode, String> value) {
        s.append(String.format(Locale.ROOT, "%-10s", layout));
        for (long n : sizes) {
            JsonNode c = at.get(layout + "@" + n);
            String v = c == null
                    ? "?"
                    : "ok".equals(c.path("result").asText())
                            ? value.apply(c)
                            : c.path("result").asText();
            s.append(String.format(Locale.ROOT, "%10s", v));
        }
        s.append('\n');
    }
}
