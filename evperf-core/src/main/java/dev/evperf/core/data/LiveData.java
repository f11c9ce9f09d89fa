package dev.evperf.core.data;

import dev.evperf.api.StreamSchema;
import dev.evperf.core.driver.LiveSupply;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.suites.data.EventSource;
import java.util.Arrays;

/**
 * A stream's live data ({@code data.<stream>.live}): opens its {@link EventSource}, and reads a replay
 * phase's timestamps by a first pass over a second instance (a source is deterministic), as
 * {@link CsvSource} reads them from a file. A source's bad argument is one line naming the field.
 */
public final class LiveData {
    private LiveData() {}

    public static EventSource open(StreamSchema schema, int seqIndex, Workload.LiveDef live, String where) {
        try {
            return EventSource.open(live.source, schema, seqIndex, live.args);
        } catch (IllegalArgumentException e) {
            throw new WorkloadException(where + ": data." + schema.name() + ".live: " + e.getMessage());
        }
    }

    /** The live feed of a stream whose data is live, with a ring per sender; null for a pool. */
    public static LiveSupply feed(StreamSchema schema, int seqIndex, Workload.DataDef d, int senders, String where) {
        if (d == null || d.live == null) return null;
        return new LiveSupply(open(schema, seqIndex, d.live, where)::next, senders, LiveSupply.RING);
    }

    /** Opens the source and makes its first event, so a source that cannot start fails before any trial. */
    public static void check(StreamSchema schema, int seqIndex, Workload.LiveDef live, String where) {
        if (open(schema, seqIndex, live, where).next() == null) {
            throw new WorkloadException(where + ": data." + schema.name() + ".live: source " + live.source
                    + " makes no events with these arguments");
        }
    }

    /** The replay timestamps of the load stream's live source: column {@code column} of its first {@code limit} events. */
    static double[] column(Workload w, String column, long limit, String where) {
        String stream = Schemas.loadStream(w);
        StreamSchema schema = Schemas.inputs(w).get(stream);
        int at = schema.indexOf(column);
        if (at < 0) {
            throw new WorkloadException(where + ": replay: stream " + stream + " has no field '" + column
                    + "' (a live source's replay column is a field name)");
        }
        if (!schema.fields().get(at).type().isNumeric()) {
            throw new WorkloadException(where + ": replay: field '" + column + "' is not a number");
        }
        EventSource source =
                open(schema, schema.indexOf(w.streams.get(stream).sequence), w.data.get(stream).live, where);
        double[] out = new double[1024];
        int n = 0;
        for (Object[] row; n < limit && (row = source.next()) != null; ) {
            if (n == out.length) out = Arrays.copyOf(out, n * 2);
            out[n++] = ((Number) row[at]).doubleValue();
        }
        return Arrays.copyOf(out, n);
    }
}
