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
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the report marks on each trial's time axis: spikes with their attributed cause (the end of
 * warm-up is the report's own). Spike attribution selects the slow events and bursts in DuckDB, so only
 * they come into the JVM; trials above {@link #MAX_EVENTS} events are still left unmarked (with a note),
 * because an overloaded trial of that size can have millions of slow events, each a span on the page.
 */
final class ReportMarks implements ReportAnnotations {
    static final long MAX_EVENTS = 20_000_000;

    @Override
    public TrialAnnotations forTrial(String id, Path dir) {
        TrialResult result = TrialResult.load(dir);
        long events = result == null || result.eventsSent() == null ? 0 : result.eventsSent();
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
