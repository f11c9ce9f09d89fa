package dev.evperf.suites.validate;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A trial's values file (a header line, then one row per line in the order the engine gave them)
 * read in slot order with memory that does not grow with the file. A first pass reads the slots:
 * when they never decrease (most engines emit in input order) the second pass streams the lines as
 * they are. Otherwise the rows are sorted on disk: runs of at most {@code runBytes} of lines (as
 * counted by {@link #RUN_BYTES}) are sorted by slot (a stable sort, so a slot's rows keep the engine's order) and spilled to
 * files in {@code spillDir}, then merged, ties going to the earlier run. Lines travel as text and are
 * parsed when handed out, so a run costs its characters, not its boxed values. {@link #close}
 * deletes every spill file.
 */
public final class SlotSortedFile implements Produced {
    /**
     * A sorted run's heap, as counted here: a line's characters plus {@link #LINE_OVERHEAD} for its
     * record, string and array headers. 16 MiB keeps the check inside a 64 MiB heap
     * ({@code SlotSortedFileTest}); a run of short lines is about 170 000 rows.
     */
    public static final long RUN_BYTES = 16L << 20;

    /** Bytes of heap per line beyond its characters: the Line record, its String and the String's byte[] headers. */
    static final int LINE_OVERHEAD = 72;

    private final Function<String, Object[]> parse;
    private final List<Path> spills = new ArrayList<>();
    private final List<DataInputStream> spillIns = new ArrayList<>();
    private final String order;
    private BufferedReader lines; // in slot order already
    private List<Line> single; // one run: sorted in memory, not spilled
    private int singleNext;
    private PriorityQueue<Run> merge; // several runs

    private record Line(long slot, String text) {}

    private SlotSortedFile(Function<String, Object[]> parse, String order) {
        this.parse = parse;
        this.order = order;
    }

    /**
     * @param file     the values file; its header line is skipped (the caller read it to make {@code parse})
     * @param parse    one line to a row in the schema's field order
     * @param slot     a row's slot ({@link Produced#slots})
     * @param spillDir where sorted runs go when the rows are out of order; made when needed
     * @param runBytes the heap one sorted run may hold, as {@link #RUN_BYTES} counts it
     */
    public static SlotSortedFile open(
            Path file, Function<String, Object[]> parse, ToLongFunction<Object[]> slot, Path spillDir, long runBytes)
            throws IOException {
        boolean ordered = true;
        long rows = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            in.readLine();
            long last = Long.MIN_VALUE;
            for (String line; (line = in.readLine()) != null; rows++) {
                long s = slot.applyAsLong(parse.apply(line));
                if (s < last) {
                    ordered = false;
                    break;
                }
                last = s;
            }
        }
        if (ordered) {
            SlotSortedFile f = new SlotSortedFile(parse, "in slot order as given (" + rows + " rows)");
            f.lines = Files.newBufferedReader(file, StandardCharsets.UTF_8);
            f.lines.readLine();
            return f;
        }
        return sorted(file, parse, slot, spillDir, runBytes);
    }

    private static SlotSortedFile sorted(
            Path file, Function<String, Object[]> parse, ToLongFunction<Object[]> slot, Path spillDir, long runBytes)
            throws IOException {
        List<List<Line>> kept = new ArrayList<>(1);
        List<Path> spilled = new ArrayList<>();
        long rows = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            in.readLine();
            List<Line> run = new ArrayList<>();
            long bytes = 0;
            for (String line; (line = in.readLine()) != null; rows++) {
                run.add(new Line(slot.applyAsLong(parse.apply(line)), line));
                bytes += line.length() + LINE_OVERHEAD;
                if (bytes >= runBytes) {
                    spilled.add(spill(run, spillDir, spilled.size()));
                    run = new ArrayList<>();
                    bytes = 0;
                }
            }
            if (spilled.isEmpty()) {
                run.sort(Comparator.comparingLong(Line::slot));
                kept.add(run);
            } else if (!run.isEmpty()) {
                spilled.add(spill(run, spillDir, spilled.size()));
            }
        } catch (IOException | RuntimeException e) {
            delete(spilled, spillDir);
            throw e;
        }
        if (spilled.isEmpty()) {
            SlotSortedFile f = new SlotSortedFile(parse, "sorted by slot in memory (" + rows + " rows out of order)");
            f.single = kept.get(0);
            return f;
        }
        SlotSortedFile f = new SlotSortedFile(
                parse, "sorted by slot on disk (" + rows + " rows out of order, " + spilled.size() + " runs)");
        f.spills.addAll(spilled);
        f.merge = new PriorityQueue<>(
                Comparator.comparingLong((Run r) -> r.head.slot()).thenComparingInt(r -> r.index));
        try {
            for (int i = 0; i < spilled.size(); i++) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(spilled.get(i))));
                f.spillIns.add(in);
                Run r = new Run(i, in);
                if (r.advance()) f.merge.add(r);
            }
        } catch (IOException | RuntimeException e) {
            f.close();
            throw e;
        }
        return f;
    }

    /** A run sorted by slot (stable), written as (slot, length, UTF-8 bytes) per line. */
    private static Path spill(List<Line> run, Path dir, int index) throws IOException {
        run.sort(Comparator.comparingLong(Line::slot));
        Files.createDirectories(dir);
        Path p = dir.resolve("run-" + index + ".bin");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(p), 1 << 16))) {
            for (Line l : run) {
                byte[] b = l.text().getBytes(StandardCharsets.UTF_8);
                out.writeLong(l.slot());
                out.writeInt(b.length);
                out.write(b);
            }
        }
        return p;
    }

    /** One spilled run being merged: its next line. */
    private static final class Run {
        final int index;
        final DataInputStream in;
        Line head;

        Run(int index, DataInputStream in) {
            this.index = index;
            this.in = in;
        }

        boolean advance() throws IOException {
            long slot;
            try {
                slot = in.readLong();
            } catch (EOFException end) {
                head = null;
                return false;
            }
            byte[] b = new byte[in.readInt()];
            in.readFully(b);
            head = new Line(slot, new String(b, StandardCharsets.UTF_8));
            return true;
        }
    }

    /** How the rows came to be in slot order, for validation.json. */
    public String order() {
        return order;
    }

    @Override
    public Object[] next() {
        try {
            if (lines != null) {
                String line = lines.readLine();
                return line == null ? null : parse.apply(line);
            }
            if (single != null) {
                if (singleNext == single.size()) return null;
                Line l = single.get(singleNext);
                single.set(singleNext++, null); // handed out: let it go
                return parse.apply(l.text());
            }
            Run r = merge.poll();
            if (r == null) return null;
            String text = r.head.text();
            if (r.advance()) merge.add(r);
            return parse.apply(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            if (lines != null) lines.close();
            for (DataInputStream in : spillIns) in.close();
        } catch (IOException ignored) {
            // read only; the files go next
        }
        delete(spills, spills.isEmpty() ? null : spills.get(0).getParent());
    }

    private static void delete(List<Path> files, Path dir) {
        try {
            for (Path p : files) Files.deleteIfExists(p);
            if (dir != null && Files.isDirectory(dir)) {
                try (var left = Files.list(dir)) {
                    if (left.findAny().isEmpty()) Files.delete(dir);
                }
            }
        } catch (IOException ignored) {
            // a spill file left behind is named run-N.bin in the spill directory; nothing reads it
        }
    }
}
