package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.ref.study.DiskBandwidth;
import dev.evperf.ref.study.SlideMCells;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf ref-study slidem}: seed 001's Table 6.1 on ref. The disk's sequential bandwidth is
 * measured first (the same block size, O_DIRECT, in the same directory); then, per injection rate,
 * a JVM with a small heap runs VWAP over {@code [RANGE 1 HOUR] GROUP BY symbol} with its window in
 * SlideM, the window holding {@code --window-ratio} times the heap.
 */
@Command(
        name = "slidem",
        mixinStandardHelpOptions = true,
        description =
                "VWAP over [RANGE 1 HOUR] GROUP BY symbol with the window in SlideM, larger than the heap (seed 001, Table 6.1).")
public final class RefSlideMStudy implements Callable<Integer> {
    static final int TUPLE = 28;

    @ParentCommand
    RefStudyCommand parent;

    @Mixin
    RefStudyCommand.Common common;

    @Mixin
    Verbosity verbosity;

    @Mixin
    RefStudyCommand.Disk disk;

    @Option(
            names = "--rates",
            defaultValue = "50000,100000,200000,300000,1000000,0",
            description =
                    "Injection rates in tuples/s; 0 = as fast as the engine takes them (default: ${DEFAULT-VALUE}).")
    String rates;

    @Option(
            names = "--heap",
            defaultValue = "64m",
            description = "-Xmx of each rate's JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(
            names = "--window-ratio",
            defaultValue = "10",
            description = "The window's size over the heap's (default: ${DEFAULT-VALUE}).")
    double ratio;

    @Option(
            names = "--seconds",
            defaultValue = "20",
            description = "Seconds measured per rate (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(
            names = "--pool-blocks",
            defaultValue = "2",
            description = "SlideM's pool, in blocks (default: ${DEFAULT-VALUE}, the seed's).")
    int pool;

    @Option(
            names = "--bandwidth-bytes",
            defaultValue = "1g",
            description = "Data written and read back to measure the disk (default: ${DEFAULT-VALUE}).")
    String bandwidthBytes;

    @Override
    public Integer call() throws Exception {
        List<Double> rs = StudyJvm.list(rates).stream()
                .map(r -> (double) StudyJvm.count(r))
                .toList();
        long xmx = StudyJvm.bytes(heap);
        int blockBytes = (int) StudyJvm.bytes(disk.block);
        long window = (long) Math.ceil(ratio * xmx / TUPLE);
        Path dir = RefStudyCommand.directory(common.out, "slidem");
        Path files = disk.directory(dir);
        Path results = dir.resolve("slidem.jsonl");
        PrintStream err = parent.err();
        err.println("evperf: SlideM study in " + dir + " (load " + RefStudyCommand.load() + "); window " + window
                + " tuples of " + TUPLE + " B = " + String.format(Locale.ROOT, "%.2f", window * TUPLE / 1e9)
                + " GB, heap " + heap);
        Map<String, Object> bw = DiskBandwidth.measure(files, blockBytes, StudyJvm.bytes(bandwidthBytes), disk.direct);
        Files.writeString(results, new ObjectMapper().writeValueAsString(Map.of("bandwidth", bw)) + "\n");
        for (double r : rs) {
            err.println("evperf: rate " + (r == 0 ? "max" : String.format(Locale.ROOT, "%.0f", r)) + " …");
            List<String> opts = new ArrayList<>(List.of("-Xmx" + xmx, "-Xms" + xmx));
            opts.addAll(common.jvm);
            StudyJvm.run(
                    "slidem-" + (long) r,
                    opts,
                    SlideMCells.class,
                    List.of(
                            Double.toString(r),
                            Long.toString(window),
                            Double.toString(seconds),
                            Integer.toString(blockBytes),
                            Integer.toString(pool),
                            files.toString(),
                            Boolean.toString(disk.direct),
                            results.toAbsolutePath().toString()),
                    dir,
                    Duration.ofHours(3));
        }
        try (var left = Files.list(files)) {
            if (left.findAny().isPresent()) err.println("evperf: warning: files left in " + files);
        }
        String table = table(RefStudyCommand.lines(results), blockBytes);
        Files.writeString(dir.resolve("slidem.txt"), table);
        parent.out().print(table);
        return 0;
    }

    static String table(List<JsonNode> lines, int block) {
        StringBuilder s = new StringBuilder();
        int perBlock = block / TUPLE;
        for (JsonNode l : lines) {
            JsonNode bw = l.get("bandwidth");
            if (bw != null) {
                s.append(String.format(
                        Locale.ROOT,
                        "disk, sequential, %d B blocks%s: write %.0f MB/s (%.0f IOPS), read %.0f MB/s (%.0f IOPS)%n",
                        bw.path("block").asInt(),
                        bw.path("direct_io").asBoolean() ? ", O_DIRECT" : "",
                        bw.path("write_mb_per_s").asDouble(),
                        bw.path("write_iops").asDouble(),
                        bw.path("read_mb_per_s").asDouble(),
                        bw.path("read_iops").asDouble()));
            }
        }
        s.append(String.format(
                Locale.ROOT,
                "%10s %10s %8s %9s %9s %9s %9s %6s %8s %8s %8s%n",
                "rate",
                "achieved",
                "window",
                "mean µs",
                "p99 µs",
                "p99.9 µs",
                "max ms",
                "CPU %",
                "IOPS",
                "model",
                "MB/s"));
        for (JsonNode l : lines) {
            if (l.has("bandwidth")) continue;
            double achieved = l.path("tuples_per_s").asDouble();
            double elapsed = l.path("elapsed_s").asDouble();
            double iops = (l.path("disk_read_bytes").asDouble()
                            + l.path("disk_write_bytes").asDouble())
                    / block
                    / elapsed;
            JsonNode send = l.path("send_ns");
            s.append(String.format(
                    Locale.ROOT,
                    "%10s %10.0f %6.2fGB %9.2f %9.2f %9.2f %9.2f %6.0f %8.0f %8.0f %8.1f%n",
                    l.path("rate").asDouble() == 0
                            ? "max"
                            : String.format(Locale.ROOT, "%.0f", l.path("rate").asDouble()),
                    achieved,
                    l.path("window_tuples").asLong() * TUPLE / 1e9,
                    send.path("mean").asDouble() / 1e3,
                    send.path("p99").asDouble() / 1e3,
                    send.path("p999").asDouble() / 1e3,
                    send.path("max").asDouble() / 1e6,
                    l.path("cpu_percent").asDouble(),
                    iops,
                    2 * achieved / perBlock,
                    iops * block / (1 << 20)));
        }
        s.append(
                "latency: the send's duration (nanoTime before and after the engine call), as the seed's; IOPS: the kernel's\n"
                        + "read_bytes + write_bytes of the JVM over the measured seconds / block; model: 2λ / ⌊block / tuple⌋ at the achieved λ\n");
        return s.toString();
    }
}
