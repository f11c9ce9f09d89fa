package dev.evperf.suites.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.ReferenceModel;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine's values file read in slot order without holding it: as given when in order, sorted on
 * disk in runs when not, with a slot's rows in the engine's order, the spill removed, and the same
 * verdicts as the check over rows in memory; and a check of more rows than its heap could hold.
 */
class SlotSortedFileTest {
    @TempDir
    Path dir;

    /** Two long columns: slot, then the line's place in the file. */
    private static Object[] pair(String line) {
        int comma = line.indexOf(',');
        return new Object[] {Long.valueOf(line.substring(0, comma)), Long.valueOf(line.substring(comma + 1))};
    }

    private Path write(List<long[]> rows) throws IOException {
        Path f = dir.resolve("values-Out.csv");
        try (BufferedWriter out = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            out.write("slot,arrival\n");
            for (long[] r : rows) out.write(r[0] + "," + r[1] + "\n");
        }
        return f;
    }

    private static List<Object[]> drain(Produced p) {
        List<Object[]> out = new ArrayList<>();
        for (Object[] row; (row = p.next()) != null; ) out.add(row);
        return out;
    }

    @Test
    void rowsInSlotOrderStreamAsTheyAreWithNothingSpilled() throws IOException {
        List<long[]> rows = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) rows.add(new long[] {i / 3, i});
        Path spill = dir.resolve("spill");
        try (SlotSortedFile f =
                SlotSortedFile.open(write(rows), SlotSortedFileTest::pair, r -> (Long) r[0], spill, 1_000)) {
            assertThat(f.order()).isEqualTo("in slot order as given (5000 rows)");
            List<Object[]> out = drain(f);
            assertThat(out).hasSize(5_000);
            for (int i = 0; i < out.size(); i++) assertThat(out.get(i)[1]).isEqualTo((long) i);
        }
        assertThat(spill).doesNotExist();
    }

    @Test
    void rowsOutOfOrderAreSortedOnDiskInRunsKeepingEachSlotsArrivalOrder() throws IOException {
        // 40 000 rows over 500 slots in random order: each slot's rows scattered over every run
        Random r = new Random(11);
        List<long[]> rows = new ArrayList<>();
        for (int i = 0; i < 40_000; i++) rows.add(new long[] {r.nextInt(500), i});
        Path spill = dir.resolve("spill");
        List<Object[]> out;
        try (SlotSortedFile f =
                SlotSortedFile.open(write(rows), SlotSortedFileTest::pair, x -> (Long) x[0], spill, 100_000)) {
            assertThat(f.order()).startsWith("sorted by slot on disk (40000 rows out of order, ");
            int runs = Integer.parseInt(f.order().replaceAll(".*, (\\d+) runs\\)", "$1"));
            assertThat(runs).isGreaterThan(10); // ~82 bytes a line counted: ~1 200 lines a run
            try (var files = Files.list(spill)) {
                assertThat(files.count()).isEqualTo(runs);
            }
            out = drain(f);
        }
        assertThat(spill).doesNotExist(); // close removed the runs and their directory
        assertThat(out).hasSize(40_000);
        for (int i = 1; i < out.size(); i++) {
            long s0 = (Long) out.get(i - 1)[0], s1 = (Long) out.get(i)[0];
            assertThat(s1).isGreaterThanOrEqualTo(s0);
            if (s0 == s1) assertThat((Long) out.get(i)[1]).isGreaterThan((Long) out.get(i - 1)[1]);
        }
        assertThat(out.stream().map(x -> (Long) x[1]).collect(Collectors.toSet()))
                .hasSize(40_000);
    }

    @Test
    void rowsOutOfOrderThatFitOneRunAreSortedInMemory() throws IOException {
        List<long[]> rows = List.of(new long[] {2, 0}, new long[] {1, 1}, new long[] {2, 2}, new long[] {0, 3});
        Path spill = dir.resolve("spill");
        try (SlotSortedFile f =
                SlotSortedFile.open(write(rows), SlotSortedFileTest::pair, x -> (Long) x[0], spill, 1 << 20)) {
            assertThat(f.order()).isEqualTo("sorted by slot in memory (4 rows out of order)");
            assertThat(drain(f).stream().map(x -> (Long) x[1])).containsExactly(3L, 1L, 0L, 2L);
        }
        assertThat(spill).doesNotExist();
    }

    static void writeValues(Path f, OutputSchema o, List<Object[]> rows) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            out.write(String.join(",", o.fieldNames()) + "\n");
            for (Object[] row : rows) {
                out.write(java.util.Arrays.stream(row).map(String::valueOf).collect(Collectors.joining(",")) + "\n");
            }
        }
    }

    @Test
    void theVerdictFromAShuffledFileSortedOnDiskIsTheVerdictFromMemory() throws IOException {
        QuerySpec spec = SeededFaultTest.JOIN;
        OutputSchema o = spec.outputs().get(0);
        List<Object[]> produced = SeededFaultTest.rows(spec, SeededFaultTest.EVENTS);
        produced.remove(produced.size() / 2); // missing
        produced.add(produced.size() / 3, produced.get(produced.size() / 3).clone()); // undue
        Object[] changed = produced.get(5_000).clone();
        changed[changed.length - 1] =
                ((Number) changed[changed.length - 1]).longValue() + 1; // wrong (or missing + undue)
        produced.set(5_000, changed);
        Collections.shuffle(produced, new Random(5));
        Path f = dir.resolve("values-Out.csv");
        writeValues(f, o, produced);

        Verdict inMemory = SeededFaultTest.check(spec, produced);
        Verdict fromFile;
        try (SlotSortedFile rows =
                SlotSortedFile.open(f, ValuesLine::parse, Produced.slots(o), dir.resolve("spill"), 50_000)) {
            assertThat(rows.order()).contains("on disk");
            fromFile = Validation.checkStreamed(
                            spec, spec.outputs(), SeededFaultTest.EVENTS, Map.of("Out", rows), Tolerance.DEFAULT)
                    .get(0);
        }
        assertThat(inMemory.valid()).isFalse();
        assertThat(inMemory.missing() + inMemory.undue() + inMemory.wrong()).isGreaterThanOrEqualTo(3);
        assertThat(List.of(
                        fromFile.expected(),
                        fromFile.produced(),
                        fromFile.correct(),
                        fromFile.missing(),
                        fromFile.undue(),
                        fromFile.wrong()))
                .containsExactly(
                        inMemory.expected(),
                        inMemory.produced(),
                        inMemory.correct(),
                        inMemory.missing(),
                        inMemory.undue(),
                        inMemory.wrong());
        assertThat(fromFile.examples().stream().map(Verdict.Example::toString).toList())
                .isEqualTo(inMemory.examples().stream()
                        .map(Verdict.Example::toString)
                        .toList());
    }

    /** {@link #main} in a JVM of 48 MiB heap: what it printed, and its exit code when not 0. */
    private static String check(Path f, boolean held) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx48m",
                "-XX:+UseSerialGC", // in so small a heap it reaches an OutOfMemoryError sooner than G1
                "-XX:-HeapDumpOnOutOfMemoryError",
                "-cp",
                System.getProperty("java.class.path"),
                SlotSortedFileTest.class.getName(),
                f.toString()));
        if (held) command.add("held");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        return p.exitValue() == 0 ? said : said + "\nexit " + p.exitValue();
    }

    /** The sliding average over 100 events: one row per event. */
    static final QuerySpec SLIDING = SeededFaultTest.SLIDING;

    static final int BIG = 1_000_000;

    /**
     * Checks {@link #BIG} rows of a values file, given out of order, in this JVM: run with a 48 MiB heap, where the
     * rows held as values (about 100 bytes each) need some 100 MB. Prints the verdict's counts. With a second argument
     * {@code held} it reads every row into memory first, as the check did before, to show that the heap cannot.
     */
    public static void main(String[] args) throws IOException {
        Path f = Path.of(args[0]);
        OutputSchema o = SLIDING.outputs().get(0);
        if (args.length > 1) {
            List<Object[]> held = new ArrayList<>();
            try (var lines = Files.lines(f)) {
                lines.skip(1).forEach(l -> held.add(ValuesLine.parse(l)));
            }
            System.out.println("held " + held.size() + " rows");
            return;
        }
        long t0 = System.nanoTime();
        try (SlotSortedFile rows = SlotSortedFile.open(
                f, ValuesLine::parse, Produced.slots(o), f.resolveSibling("spill"), SlotSortedFile.RUN_BYTES)) {
            Verdict v = Validation.checkStreamed(
                            SLIDING, SLIDING.outputs(), BIG, Map.of("Out", rows), Tolerance.DEFAULT)
                    .get(0);
            System.out.println((System.nanoTime() - t0) / 1_000_000 + " ms; " + rows.order() + "; " + v.correct()
                    + " of " + v.expected() + " correct, produced " + v.produced() + ", max heap "
                    + Runtime.getRuntime().maxMemory());
        }
    }

    @Test
    void moreRowsThanTheHeapHoldsAreCheckedInA48MiBHeap() throws Exception {
        // the reference's rows straight to the file, each adjacent pair swapped: every pair out of order
        Path f = dir.resolve("values-Out.csv");
        OutputSchema o = SLIDING.outputs().get(0);
        Model model = ReferenceModel.of(SLIDING);
        Inputs inputs = new Inputs(SLIDING);
        try (BufferedWriter out = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            out.write(String.join(",", o.fieldNames()) + "\n");
            Object[][] held = new Object[1][];
            Function<Object[], String> line =
                    row -> java.util.Arrays.stream(row).map(String::valueOf).collect(Collectors.joining(","));
            for (long seq = 0; seq < BIG; seq++) {
                Input in = inputs.event(seq);
                model.onEvent(in.stream(), in.row(), (stream, row) -> {
                    try {
                        if (held[0] == null) {
                            held[0] = row;
                        } else {
                            out.write(line.apply(row) + "\n" + line.apply(held[0]) + "\n");
                            held[0] = null;
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
            }
            if (held[0] != null) out.write(line.apply(held[0]) + "\n");
        }
        String said = check(f, false);
        assertThat(said)
                .as("every row checked and correct after a sort on disk, in a heap far smaller than the rows")
                .contains("sorted by slot on disk (" + BIG + " rows out of order, ")
                .contains(BIG + " of " + BIG + " correct, produced " + BIG);
        assertThat(dir.resolve("spill")).doesNotExist();
        // the same heap cannot hold the rows: the check above did not
        assertThat(check(f, true)).contains("OutOfMemoryError").doesNotContain("held " + BIG);
    }
}
