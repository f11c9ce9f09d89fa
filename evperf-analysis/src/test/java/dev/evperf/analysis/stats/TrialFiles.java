package dev.evperf.analysis.stats;

import dev.evperf.analysis.trial.TrialData;
import dev.evperf.results.TrialFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes synthetic trials and runs in the results format, for the tests of the statistics packages. */
public final class TrialFiles {
    private TrialFiles() {}

    /** A bursty trial: {@code bursts} measured bursts of {@code size}, event times from {@code eventNs(burst, pos)}, bursts {@code distanceNs} apart. */
    public interface EventTime {
        long ns(int burst, int pos);
    }

    public static TrialData bursty(int bursts, int size, long distanceNs, EventTime time) {
        int n = bursts * size;
        long[] seq = new long[n], intended = new long[n], start = new long[n], end = new long[n];
        int[] phase = new int[n], burst = new int[n], pos = new int[n];
        boolean[] measured = new boolean[n];
        for (int b = 0; b < bursts; b++) {
            long t = 1_000_000 + b * distanceNs;
            for (int p = 0; p < size; p++) {
                int i = b * size + p;
                seq[i] = i;
                phase[i] = 0;
                measured[i] = true;
                burst[i] = b;
                pos[i] = p;
                intended[i] = 1_000_000 + b * distanceNs;
                start[i] = t;
                t += time.ns(b, p);
                end[i] = t;
            }
        }
        return new TrialData(seq, phase, measured, burst, pos, intended, start, end);
    }

    /**
     * Writes events.parquet, an outputs.parquet with one output per input (received at send end) and
     * bursts.parquet.
     */
    public static void write(TrialData d, Path dir) {
        write(d, dir, false);
    }

    /**
     * Writes the trial as the trial runner does, with its own outputs, every file's rows in reverse
     * order, so that loading must sort (events by seq, outputs by seq and receipt).
     */
    public static void writeReversed(TrialData d, Path dir) {
        write(d, dir, true);
        writeOutputs(d, dir, true);
    }

    private static void write(TrialData d, Path dir, boolean reversed) {
        List<TrialFixture.Event> events = new ArrayList<>();
        List<TrialFixture.Output> outputs = new ArrayList<>();
        for (int k = 0; k < d.size(); k++) {
            int i = reversed ? d.size() - 1 - k : k;
            events.add(new TrialFixture.Event(
                    i, d.phase(i), d.measured(i), d.burst(i), d.pos(i), d.intended(i), d.sendStart(i), d.sendEnd(i)));
            outputs.add(new TrialFixture.Output("OutputStream", i, d.sendEnd(i)));
        }
        TrialFixture.events(dir, events);
        TrialFixture.outputs(dir, outputs);
    }

    /**
     * Replaces outputs.parquet with the trial's own outputs, in their order in {@code d} (so a test
     * can write several streams, outputs of unknown cause and outputs out of seq order).
     */
    public static void writeOutputs(TrialData d, Path dir) {
        writeOutputs(d, dir, false);
    }

    private static void writeOutputs(TrialData d, Path dir, boolean reversed) {
        List<TrialFixture.Output> outputs = new ArrayList<>();
        for (int k = 0; k < d.outputCount(); k++) {
            int j = reversed ? d.outputCount() - 1 - k : k;
            outputs.add(new TrialFixture.Output(d.outputStream(j), d.outputSeq(j), d.outputReceived(j)));
        }
        TrialFixture.outputs(dir, outputs);
    }

    /** One trace record. */
    public record TraceRow(long seq, String point, long t, int rank) {}

    public static void writeTrace(List<TraceRow> rows, Path dir) {
        List<TrialFixture.TraceRow> out = new ArrayList<>();
        // Reverse order on purpose: loading must sort.
        for (int i = rows.size() - 1; i >= 0; i--) {
            TraceRow r = rows.get(i);
            out.add(new TrialFixture.TraceRow(r.seq(), r.point(), r.t(), r.rank()));
        }
        TrialFixture.trace(dir, out);
    }

    /** A run directory holding the given trials (ids t001, t002, …), all ok, without matrix parameters. */
    public static Path run(Path runDir, List<TrialData> trials) {
        return run(runDir, trials, java.util.Collections.nCopies(trials.size(), "{}"));
    }

    /** The same with each trial's matrix parameters as a JSON object, e.g. {@code {"d": "100ms"}}. */
    public static Path run(Path runDir, List<TrialData> trials, List<String> params) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < trials.size(); i++) {
            String id = String.format("t%03d", i + 1);
            write(trials.get(i), runDir.resolve("trials/" + id));
            entries.add("{\"id\":\"" + id + "\",\"dir\":\"trials/" + id + "\",\"params\":" + params.get(i)
                    + ",\"status\":\"ok\"}");
        }
        entries.add(
                "{\"id\":\"t999\",\"dir\":\"trials/t999\",\"params\":{},\"status\":\"failed\",\"reason\":\"crashed\"}");
        try {
            Files.writeString(
                    runDir.resolve("run.json"),
                    "{\"format\":\"evperf-run/1\",\"trials\":[" + String.join(",", entries) + "]}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return runDir;
    }
}
