package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.ref.study.SharedCells;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf ref-study shared}: seed 001's Figure 6.12 on ref. Per N, a JVM runs N windows of
 * sizes uniform in [R, 2R) over one stream, with one Shared SlideM and with N SlideMs sharing out the
 * same memory, and counts disk requests and space of each. The defaults are the seed's setting
 * scaled by 1/10 (R = 1.8 M tuples: 3600 s at 500 tuples/s; 51.2 MB of memory for 512 MB).
 */
@Command(
        name = "shared",
        mixinStandardHelpOptions = true,
        description = "Disk requests and space of Shared SlideM against N separate SlideMs (seed 001, Figure 6.12).")
public final class RefSharedStudy implements Callable<Integer> {
    @ParentCommand
    RefStudyCommand parent;

    @Mixin
    RefStudyCommand.Common common;

    @Mixin
    Verbosity verbosity;

    @Mixin
    RefStudyCommand.Disk disk;

    @Option(names = "--windows", defaultValue = "2,4,8,16,32", description = "N (default: ${DEFAULT-VALUE}).")
    String windows;

    @Option(
            names = "--r",
            defaultValue = "1.8M",
            description = "R, the smallest window, in tuples (default: ${DEFAULT-VALUE}).")
    String r;

    @Option(
            names = "--memory",
            defaultValue = "51.2m",
            description = "RAM for the windows' blocks, shared or split N ways (default: ${DEFAULT-VALUE}).")
    String memory;

    @Option(
            names = "--measure",
            description =
                    "Tuples measured after the windows are full (default: 3R, the seed's 1.5 of the largest window).")
    String measure;

    @Option(names = "--heap", defaultValue = "1g", description = "-Xmx of each N's JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Override
    public Integer call() throws Exception {
        List<Long> ns = StudyJvm.list(windows).stream().map(StudyJvm::count).toList();
        long rr = StudyJvm.count(r);
        long mem = StudyJvm.bytes(memory);
        long m = measure != null ? StudyJvm.count(measure) : 3 * rr;
        int blockBytes = (int) StudyJvm.bytes(disk.block);
        for (long n : ns) {
            if (mem / blockBytes < n + 2 || mem / blockBytes / n < 2) {
                throw new IllegalArgumentException("--memory " + memory + " is too little for " + n + " windows of "
                        + disk.block + " blocks (Shared SlideM needs N + 2 blocks, each SlideM 2)");
            }
        }
        Path dir = RefStudyCommand.directory(common.out, "shared");
        Path files = disk.directory(dir);
        Path results = dir.resolve("shared.jsonl");
        PrintStream err = parent.err();
        err.println("evperf: Shared SlideM study in " + dir + " (load " + RefStudyCommand.load() + ")");
        for (long n : ns) {
            err.println("evperf: N = " + n + " …");
            List<String> opts = new ArrayList<>(List.of("-Xmx" + StudyJvm.bytes(heap)));
            opts.addAll(common.jvm);
            StudyJvm.run(
                    "shared-" + n,
                    opts,
                    SharedCells.class,
                    List.of(
                            Long.toString(n),
                            Long.toString(rr),
                            Long.toString(mem),
                            Long.toString(m),
                            Integer.toString(blockBytes),
                            files.toString(),
                            Boolean.toString(disk.direct),
                            results.toAbsolutePath().toString()),
                    dir,
                    Duration.ofHours(6));
        }
        String table = table(RefStudyCommand.lines(results));
        Files.writeString(dir.resolve("shared.txt"), table);
        parent.out().print(table);
        return 0;
    }

    static String table(List<JsonNode> lines) {
        StringBuilder s = new StringBuilder(String.format(
                Locale.ROOT,
                "%4s %14s %14s %8s %12s %12s %8s%n",
                "N",
                "SSM requests",
                "SlideM reqs",
                "fewer",
                "SSM space",
                "SlideM space",
                "less"));
        for (JsonNode l : lines) {
            double sr = l.path("shared_requests").asDouble();
            double ur = l.path("unshared_requests").asDouble();
            double ss = l.path("shared_space_bytes").asDouble();
            double us = l.path("unshared_space_bytes").asDouble();
            s.append(String.format(
                    Locale.ROOT,
                    "%4d %14.0f %14.0f %7.1f× %10.2fGB %10.2fGB %7.1f×%n",
                    l.path("windows").asInt(),
                    sr,
                    ur,
                    sr == 0 ? Double.POSITIVE_INFINITY : ur / sr,
                    ss / 1e9,
                    us / 1e9,
                    us / ss));
        }
        s.append(
                "requests: block reads + writes while the measured tuples arrive; space: RAM blocks + disk file blocks\n");
        return s.toString();
    }
}
