package dev.evperf.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A trial's intervals.csv (written by the trial runner): its header and its rows as cells. */
record IntervalsCsv(List<String> header, List<String[]> rows) {

    /** @return null when the trial has no intervals.csv, or one without rows */
    static IntervalsCsv read(Path trialDir) {
        Path file = trialDir.resolve("intervals.csv");
        if (!Files.isRegularFile(file)) return null;
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        if (lines.size() < 2) return null;
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) rows.add(line.split(",", -1));
        return new IntervalsCsv(Arrays.asList(lines.get(0).split(",", -1)), rows);
    }

    /** The column's index, or -1 when the file (an older one) has no such column. */
    int column(String name) {
        return header.indexOf(name);
    }
}
