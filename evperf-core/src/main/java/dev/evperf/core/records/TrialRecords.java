package dev.evperf.core.records;

import com.sun.management.OperatingSystemMXBean;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.results.IntervalSeries;
import dev.evperf.core.results.LatencyLogs;
import dev.evperf.core.results.RecordsWriter;
import dev.evperf.core.results.TraceWriter;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * After the run: turns the records into the trial's result files. One pass over the events file
 * (written during the run, {@link RecordSpill}) in seq order and one over the outputs spill in
 * arrival order compute what evperf computes itself (each phase's achieved rate and lag, the
 * HdrHistogram logs and intervals.csv, send-end receipts); the second writes outputs.parquet as it
 * goes ({@link ResultWriters}), and the events file becomes events.parquet. Each pass holds one or
 * two row groups at a time.
 */
public final class TrialRecords {
    /** What the trial asked for. */
    /**
     * @param sampleEvery      capacity mode: 1 in this many events was timed (0: all)
     * @param outputsReceived  every output the listeners saw, recorded or not (capacity mode records only the timed inputs' ones)
     * @param senders          the senders that shared the events (capacity mode's harness share is per sender)
     */
    public record Options(
            List<String> latencyModes,
            boolean records,
            boolean tracepoints,
            long intervalNs,
            long origin,
            double originEpochMs,
            List<String> streams,
            int sampleEvery,
            long outputsReceived,
            int senders) {}

    private TrialRecords() {}

    /**
     * What writing the records found, for result.json: each phase as scheduled and as achieved, the
     * sampled timing (capacity mode, else null), the trace's counts (tracepoints, else null) and
     * how long each part of the writing took.
     */
    public record Written(
            List<TrialResult.Phase> phases,
            Map<String, Object> timing,
            Map<String, Object> trace,
            Map<String, Object> writePartsMs) {}

    /** @return result.json's phases, timing, trace and write times */
    public static Written write(Path dir, Schedule s, RecordSpill spill, Options o) throws Exception {
        return write(dir, s, spill, o, null);
    }

    /** @param acks the acknowledgements' spill of an engine behind a broker (joined into events.parquet, then deleted), or null */
    public static Written write(Path dir, Schedule s, RecordSpill spill, Options o, Path acks) throws Exception {
        long t0 = System.nanoTime(), cpu0 = cpuNs();
        spill.finish();
        Map<String, Object> took = new LinkedHashMap<>();
        took.put("spill_tail", ms(t0));
        boolean[] measured = measured(s);
        Path eventsFile = spill.eventsPath(), outputsSpill = spill.outputsPath();
        long t1 = System.nanoTime();
        EventsView ev = new EventsView(spill.events(), spill.timedOnly(), spill.eventCount());
        List<TrialResult.Phase> phases;
        HarnessShare share = new HarnessShare(s.phases.size());
        // outputs.parquet is written in the outputs pass (events.parquet and bursts.parquet were written during the
        // run);
        // the trace reads its receipts, filled in, even when the trial keeps no records.
        Path outputsFile = dir.resolve(Layout.OUTPUTS);
        try (ResultWriters files = o.records() || o.tracepoints() ? new ResultWriters(dir, o.streams()) : null) {
            phases = phases(s, ev, spill, measured, dir, o, files, share);
            if (files != null) files.finish();
        }
        took.put("figures_and_files", ms(t1));
        Map<String, Object> timing = o.sampleEvery() > 0
                ? SampledTiming.describe(
                        o.sampleEvery(), ev.size(), spill, o.outputsReceived(), harness(share, phases, o))
                : null;
        long t3 = System.nanoTime();
        Map<String, Object> trace =
                o.tracepoints() ? TraceWriter.write(dir, eventsFile, outputsFile, o.origin()) : null;
        if (o.tracepoints()) took.put("trace", ms(t3));
        spill.close();
        long t2 = System.nanoTime();
        // A broker's acknowledgements are joined into events.parquet by DuckDB; bursts whose events interleave are
        // grouped by DuckDB.
        Path events = dir.resolve(Layout.EVENTS), bursts = dir.resolve(Layout.BURSTS);
        if (o.records() && acks != null) {
            RecordsWriter.writeEvents(eventsFile, events, measured, acks);
        } else if (o.records()) {
            Files.move(eventsFile, events, StandardCopyOption.REPLACE_EXISTING);
            if (spill.burstsWhole()) Files.move(spill.burstsPath(), bursts, StandardCopyOption.REPLACE_EXISTING);
            else RecordsWriter.writeBursts(events);
        }
        if (o.records() && (acks != null || !spill.burstsWhole())) took.put("duckdb", ms(t2));
        // The CPU the JVM spent on it: what the wall time would be with a core to itself.
        took.put("cpu", Math.round((cpuNs() - cpu0) / 1e4) / 100.0);
        Written result = new Written(phases, timing, trace, took);
        Files.deleteIfExists(eventsFile);
        Files.deleteIfExists(spill.burstsPath());
        if (spill.untimedRunsPath() != null) Files.deleteIfExists(spill.untimedRunsPath());
        Files.deleteIfExists(outputsSpill);
        if (!o.records()) Files.deleteIfExists(outputsFile);
        if (acks != null) Files.deleteIfExists(acks);
        return result;
    }

    /** Capacity mode's timed sends against each phase's time per event. */
    private static List<Map<String, Object>> harness(HarnessShare share, List<TrialResult.Phase> phases, Options o) {
        int k = phases.size();
        long[] counts = new long[k], spans = new long[k];
        List<String> names = new ArrayList<>();
        for (int p = 0; p < k; p++) {
            TrialResult.Phase ph = phases.get(p);
            names.add(ph.name());
            counts[p] = ph.count();
            spans[p] = ph.achievedRate() == null ? 0 : Math.round(ph.count() * 1e9 / ph.achievedRate());
        }
        return share.describe(names, counts, spans, o.senders());
    }

    /** Whether each phase is measured (events.parquet's {@code measured}). */
    public static boolean[] measured(Schedule s) {
        boolean[] measured = new boolean[s.phases.size()];
        for (int p = 0; p < measured.length; p++) measured[p] = s.phases.get(p).measure();
        return measured;
    }

    private static long cpuNs() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double ms(long since) {
        return Math.round((System.nanoTime() - since) / 1e4) / 100.0;
    }

    /** The two passes; returns each phase as scheduled and as achieved: count / (last send end − first send start), and the generator lag. */
    private static List<TrialResult.Phase> phases(
            Schedule s,
            EventsView ev,
            RecordSpill spill,
            boolean[] measured,
            Path dir,
            Options o,
            ResultWriters files,
            HarnessShare share)
            throws Exception {
        int phases = s.phases.size();
        long[] firstStart = new long[phases],
                lastEnd = new long[phases],
                maxLag = new long[phases],
                lastLag = new long[phases];
        Arrays.fill(maxLag, Long.MIN_VALUE);
        IntervalSeries iv = null;
        if (ev.groups() > 0) {
            EventsView.Group g = ev.firstRow();
            long first = Math.min(g.intended[0], g.start[0]);
            g = ev.lastRow();
            long last = Math.max(Math.max(g.intended[g.rows - 1], g.end[g.rows - 1]), spill.maxReceived());
            if (spill.timedOnly()) {
                long[] untimed = spill.untimedIntendedRange();
                first = Math.min(first, untimed[0]);
                last = Math.max(last, untimed[1]);
            }
            iv = new IntervalSeries(s, first, last, o.intervalNs());
            if (spill.timedOnly()) untimedRuns(spill.untimedRuns(), iv);
        }
        try (LatencyLogs logs = new LatencyLogs(dir, o.latencyModes(), o.intervalNs(), o.originEpochMs())) {
            // The previous timed event's seq: capacity mode's input rate counts each timed send with the untimed ones
            // sent since.
            long previousTimed = -1;
            for (int g = 0; g < ev.groups(); g++) {
                EventsView.Group grp = ev.group(g);
                for (int i = 0; i < grp.rows; i++) {
                    long seq = grp.seq(i);
                    int p = grp.phase[i];
                    long start = grp.start[i], end = grp.end[i], intended = grp.intended[i];
                    if (start == RecordSpill.UNTIMED) {
                        iv.untimed(intended, 1);
                        continue;
                    }
                    Schedule.PhaseInfo info = s.phases.get(p);
                    if (seq == info.firstSeq()) firstStart[p] = start;
                    long lag = start - intended;
                    maxLag[p] = Math.max(maxLag[p], lag);
                    if (seq == info.firstSeq() + info.count() - 1) {
                        lastEnd[p] = end;
                        lastLag[p] = lag;
                    }
                    iv.event(intended, start, end, seq - previousTimed);
                    if (o.sampleEvery() > 0) share.send(p, end - start);
                    previousTimed = seq;
                    if (measured[p]) logs.processing(end, end - start);
                }
            }
            long recorded = spill.outputsWritten();
            double outputWeight = o.sampleEvery() > 0 && recorded > 0 ? o.outputsReceived() / (double) recorded : 1;
            outputs(spill.outputs(), ev, measured, iv, logs, outputWeight, files);
        }
        if (iv != null) iv.write(dir);
        List<TrialResult.Phase> out = new ArrayList<>();
        for (int p = 0; p < phases; p++) {
            Schedule.PhaseInfo info = s.phases.get(p);
            long span = lastEnd[p] - firstStart[p];
            boolean sent = info.count() > 0;
            out.add(new TrialResult.Phase(
                    info.name(),
                    info.measure(),
                    info.profile(),
                    info.firstSeq(),
                    info.count(),
                    info.targetRate(),
                    info.intendedRate(),
                    info.intendedSpan(),
                    sent && span > 0 ? info.count() * 1e9 / span : null,
                    sent ? maxLag[p] / 1e6 : null,
                    sent ? lastLag[p] / 1e6 : null));
        }
        return out;
    }

    /** Capacity mode: the untimed events' intended times, from their runs. */
    private static void untimedRuns(ResultFileReader runs, IntervalSeries iv) throws Exception {
        long[] intended = new long[0], count = new long[0];
        for (int g = 0; g < runs.rowGroups(); g++) {
            int rows = runs.rows(g);
            if (intended.length < rows) {
                intended = new long[rows];
                count = new long[rows];
            }
            runs.read(g, RecordSpill.R_INTENDED, intended);
            runs.read(g, RecordSpill.R_COUNT, count);
            for (int r = 0; r < rows; r++) iv.untimed(intended[r], count[r]);
        }
    }

    /**
     * Outputs in arrival order: send-end receipts filled in (outputs.parquet has them), then their latencies. An
     * output whose linked input is not in the events file (capacity mode records the timed inputs' outputs only)
     * counts in the output rate with no latency.
     */
    private static void outputs(
            ResultFileReader f,
            EventsView ev,
            boolean[] measured,
            IntervalSeries iv,
            LatencyLogs logs,
            double weight,
            ResultWriters files)
            throws Exception {
        long n = ev.size();
        long[] seq = new long[0], received = new long[0];
        for (int g = 0; g < f.rowGroups(); g++) {
            int rows = f.rows(g);
            if (seq.length < rows) {
                seq = new long[rows];
                received = new long[rows];
            }
            f.read(g, RecordSpill.O_SEQ, seq);
            f.read(g, RecordSpill.O_RECEIVED, received);
            for (int k = 0; k < rows; k++) {
                long q = seq[k];
                EventsView.Group e = q >= 0 && q < n && ev.groups() > 0 ? ev.load(q) : null;
                int at = e == null ? -1 : e.row(q);
                boolean linked = at >= 0;
                if (received[k] == OutputRecords.NOT_READ && linked) {
                    received[k] = e.end[at];
                }
                if (iv == null) continue;
                if (!linked) {
                    iv.output(received[k], false, 0, 0, weight);
                    continue;
                }
                long start = e.start[at], intended = e.intended[at];
                iv.output(received[k], true, start, intended, weight);
                if (measured[e.phase[at]]) {
                    logs.endToEnd(received[k], received[k] - start);
                    logs.scheduled(received[k], received[k] - intended);
                }
            }
            if (files != null) files.outputs(f, g, seq, received);
        }
    }
}
