package dev.evperf.ref.spec;

import dev.evperf.api.EngineException;
import dev.evperf.api.StreamSchema;
import dev.evperf.ref.op.HighestBidOp;
import dev.evperf.ref.op.HotItemsOp;
import dev.evperf.ref.op.Output;
import dev.evperf.ref.op.Plan;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.nexmark.query.HighestBid;
import dev.evperf.suites.nexmark.query.HotItems;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.spec.OutputSchema;

/**
 * Builds operators for the Nexmark queries ref takes as specs (its translator, NexmarkRef, writes the
 * stateless ones in RefQL): q5 (hot items, a hopping window's counts per auction and their maximum)
 * and q7 (highest bid, a tumbling window's bids at its largest price), each on the bids' event time.
 */
public final class NexmarkPlanner {
    private NexmarkPlanner() {}

    public static void plan(NexmarkQuery q, Plan plan) throws EngineException {
        String bids = NexmarkStreams.BID_SCHEMA.name();
        StreamSchema in = plan.input(bids);
        OutputSchema o = q.outputs().get(0);
        Output out = plan.output(o.stream(), o.fieldNames());
        if (q instanceof HighestBid h) {
            int[] fields = {
                field(in, "seq"), field(in, "auction"), field(in, "price"),
                field(in, "bidder"), field(in, "dateTime"), field(in, "extra")
            };
            plan.add(bids, "nexmark q7", new HighestBidOp(fields, h.window().millis(), out));
        } else if (q instanceof HotItems h) {
            plan.add(
                    bids,
                    "nexmark q5",
                    new HotItemsOp(
                            field(in, "auction"),
                            field(in, "dateTime"),
                            h.window().millis(),
                            h.slide().millis(),
                            out));
        } else {
            throw new EngineException("ref: Nexmark " + q.name() + " is not a spec ref runs; q0-q2 are RefQL text"
                    + " (NexmarkRef), q5 and q7 specs");
        }
    }

    private static int field(StreamSchema s, String name) throws EngineException {
        int i = s.indexOf(name);
        if (i < 0) throw new EngineException("ref: Nexmark's " + s.name() + " stream needs the attribute " + name);
        return i;
    }
}
