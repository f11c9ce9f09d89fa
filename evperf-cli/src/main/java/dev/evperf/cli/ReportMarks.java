package dev.evperf.cli;

import dev.evperf.analysis.report.ReportAnnotations;
import dev.evperf.analysis.report.Span;
import dev.evperf.analysis.report.TrialAnnotations;
import dev.evperf.analysis.spikes.Spike;
import dev.evperf.analysis.spikes.SpikeOptions;
import dev.evperf.analysis.spikes.SpikeReport;
import dev.evperf.analysis.spikes.SpikeText;
import dev.evperf.analysis.spikes.Spikes;
import dev.evperf.analysis.spikes.TrialSpikes;
import dev.evperf.core.results.Json;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the report marks on each trial's time axis: spikes with their attributed cause (the end of
 * warm-up is the report's own). Spike attribution loads the trial's events into the JVM, so trials above
 * {@link #MAX_EVENTS} events are left unmarked (with a note) to keep the report within its memory.
 */
final class ReportMarks implements ReportAnnotations {
    static final long MAX_EVENTS = 20_000_000;

    @Override
    public TrialAnnotations forTrial(String id, Path dir) {
        Path result = dir.resolve(Layout.RESULT_JSON);
        long events;
        try {
            events = Files.exists(result)
                    ? Json.MAPPER.readTree(result.toFile()).path("events_sent").asLong(0)
                    : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (events > MAX_EVENTS || !Files.exists(dir.resolve(Layout.EVENTS))) {
            return new TrialAnnotations(
                    List.of(),
                    null,
                    events > MAX_EVENTS
                            ? "spikes are not marked for trials above " + MAX_EVENTS + " events"
                            : "no per-event records");
        }
        TrialSpikes s = Spikes.load(dir, SpikeOptions.DEFAULT);
        List<Span> spans = new ArrayList<>();
        for (SpikeReport r : Arrays.asList(s.events(), s.bursts())) {
            if (r == null) continue;
            for (Spike sp : r.spikes()) spans.add(new Span(sp.startNs(), sp.endNs(), sp.cause(), SpikeText.what(sp)));
        }
        // The warm-up end is the report's own (MSER-5 in DuckDB, any trial size).
        return new TrialAnnotations(
                spans,
                null,
                SpikeText.byCause(s.events()) + (s.bursts() != null ? "; " + SpikeText.byCause(s.bursts()) : "") + ".");
    }
}
