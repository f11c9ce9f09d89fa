package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf ref-study layouts|slidem|shared}: seed 001's chapter 5 and 6 studies on the reference
 * engine, each cell in a JVM of its own, the figures as the JVM and the kernel measured them
 * (see docs/ref.md).
 */
@Command(
        name = "ref-study",
        mixinStandardHelpOptions = true,
        description =
                "Seed 001's studies on the reference engine: data layouts (Table 5.1), SlideM (Table 6.1), Shared SlideM (Figure 6.12).",
        subcommands = {RefLayoutsStudy.class, RefSlideMStudy.class, RefSharedStudy.class})
public final class RefStudyCommand {
    @ParentCommand
    Main main;

    PrintStream out() {
        return main == null ? System.out : main.out;
    }

    PrintStream err() {
        return main == null ? System.err : main.err;
    }

    /** The study's results directory: {@code out}, or {@code results/ref-study-NAME-<time>}; must not hold a study yet. */
    static Path directory(Path out, String name) {
        Path dir = out != null
                ? out
                : Path.of(
                        "results",
                        "ref-study-" + name + "-"
                                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (Files.exists(dir.resolve(name + ".jsonl")))
            throw new IllegalArgumentException(dir + " already holds a " + name + " study; choose another --out");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create " + dir + ": " + e.getMessage());
        }
        return dir;
    }

    /** The JSON lines the cells appended to {@code file}. */
    static List<JsonNode> lines(Path file) {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> rows = new ArrayList<>();
        try {
            if (!Files.exists(file)) return rows;
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) rows.add(json.readTree(line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /** The machine's load now (the first field of /proc/loadavg), for the record. */
    static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    /** Options every study has. */
    static final class Common {
        @Option(
                names = "--out",
                paramLabel = "DIR",
                description = "Results directory (default: results/ref-study-<study>-<time>).")
        Path out;

        @Option(names = "--jvm", description = "More JVM options of every cell's JVM (repeatable).")
        List<String> jvm = new ArrayList<>();
    }

    /** Options of the studies that keep windows on disk. */
    static final class Disk {
        @Option(names = "--block", defaultValue = "64KB", description = "Block size (default: ${DEFAULT-VALUE}).")
        String block;

        @Option(
                names = "--direct-io",
                defaultValue = "true",
                arity = "1",
                description = "O_DIRECT (default: ${DEFAULT-VALUE}).")
        boolean direct;

        @Option(
                names = "--dir",
                paramLabel = "DIR",
                description = "Where the block files go (default: DIR/disk of the results); removed after.")
        Path dir;

        /** The directory for block files, made. */
        Path directory(Path results) throws IOException {
            Path d = (dir != null ? dir : results.resolve("disk")).toAbsolutePath();
            Files.createDirectories(d);
            return d;
        }
    }
}
