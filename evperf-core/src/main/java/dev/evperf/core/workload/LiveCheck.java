package dev.evperf.core.workload;

import static dev.evperf.core.workload.WorkloadValidator.fail;

/**
 * A stream's live data ({@code data.<stream>.live}), checked for its form before anything runs: a
 * source name, no pool file or field generators beside it, and a load the live feed can send (single
 * events timed one by one from local senders: micro-batches are built ahead by the supply, sampled
 * timing and agents send from a pool). Whether the source exists and takes its arguments is checked
 * by opening it (PlanChecker), as a pool is checked by building it.
 */
final class LiveCheck {
    private LiveCheck() {}

    static void validate(Workload w, String where) {
        w.data.forEach((stream, d) -> {
            if (d.live == null) return;
            String p = "data." + stream + ".live";
            if (d.live.source == null || d.live.source.isBlank())
                fail(where, p + ".source", "expected the name of a live source, e.g. pairs");
            if (d.file != null) fail(where, p, "give either file or live, not both");
            if (!d.fields.isEmpty()) fail(where, p, "give either fields or live, not both");
            String load = Schemas.loadStream(w);
            if (!stream.equals(load)) fail(where, p, "only the load stream (" + load + ") can be fed live");
            if (w.load.batch != null || w.load.phases.stream().anyMatch(ph -> ph != null && ph.batch != null))
                fail(where, p, "live data is sent one event at a time; remove the micro-batching (batch)");
            if (w.measure.timing == Timing.SAMPLED)
                fail(where, p, "live data is timed event by event; use measure.timing: all");
            if (w.agents != null) fail(where, p, "agents send from a pool; live data runs on local senders");
            if (w.engine != null && w.engine.query != null)
                fail(where, p, "a neutral query (engine.query) sends its own events; remove live");
        });
    }
}
