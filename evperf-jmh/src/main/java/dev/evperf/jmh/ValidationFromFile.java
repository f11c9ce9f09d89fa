package dev.evperf.jmh;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.ReferenceModel;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.validate.Produced;
import dev.evperf.suites.validate.SlotSortedFile;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.ValuesLine;
import dev.evperf.suites.validate.Verdict;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The controller's check of a trial's outputs as {@code evperf run} does it (docs/suites.md §3), timed
 * once: the reference's own rows of {@code count_window avg rows 1000} over N events are written as a
 * trial writes its values file (in order, or with every adjacent pair swapped so that the check must
 * sort on disk), then checked from the file with {@link SlotSortedFile} and {@link
 * Validation#checkStreamed}. Not a JMH benchmark: one whole check is seconds, and its memory is the
 * point (run it with a small -Xmx). Usage: {@code ValidationFromFile DIR EVENTS in|swap}.
 */
public final class ValidationFromFile {
    private ValidationFromFile() {}

    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectories(Path.of(args[0]));
        long events = Long.parseLong(args[1]);
        boolean swap = args[2].equals("swap");
        QuerySpec spec = Specs.read("{test: count_window, function: avg, rows: 1000, stream: {max_id: 10}}", "t");
        OutputSchema o = spec.outputs().get(0);
        Path file = dir.resolve("values-Out.csv");
        write(spec, o, events, swap, file);
        long t0 = System.nanoTime();
        try (SlotSortedFile rows = SlotSortedFile.open(
                file, ValuesLine::parse, Produced.slots(o), dir.resolve("spill"), SlotSortedFile.RUN_BYTES)) {
            Verdict v = Validation.checkStreamed(spec, spec.outputs(), events, Map.of("Out", rows), Tolerance.DEFAULT)
                    .get(0);
            System.out.printf(
                    "%d ms; %s; %d of %d correct, produced %d; max heap %d MiB%n",
                    (System.nanoTime() - t0) / 1_000_000,
                    rows.order(),
                    v.correct(),
                    v.expected(),
                    v.produced(),
                    Runtime.getRuntime().maxMemory() >> 20);
        }
    }

    private static void write(QuerySpec spec, OutputSchema o, long events, boolean swap, Path file) throws IOException {
        Model model = ReferenceModel.of(spec);
        Inputs inputs = new Inputs(spec);
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(String.join(",", o.fieldNames()) + "\n");
            String[] held = new String[1];
            for (long seq = 0; seq < events; seq++) {
                Input in = inputs.event(seq);
                model.onEvent(in.stream(), in.row(), (stream, row) -> {
                    StringBuilder line = new StringBuilder();
                    for (int i = 0; i < row.length; i++)
                        line.append(i == 0 ? "" : ",").append(row[i]);
                    try {
                        if (!swap) {
                            out.write(line + "\n");
                        } else if (held[0] == null) {
                            held[0] = line.toString();
                        } else {
                            out.write(line + "\n" + held[0] + "\n");
                            held[0] = null;
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
            if (held[0] != null) out.write(held[0] + "\n");
        }
    }
}
