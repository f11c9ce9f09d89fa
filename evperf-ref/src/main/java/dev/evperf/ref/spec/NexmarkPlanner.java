package dev.evperf.ref.spec;

import dev.evperf.api.EngineException;
import dev.evperf.api.StreamSchema;
import dev.evperf.ref.op.HighestBidOp;
import dev.evperf.ref.op.HotItemsOp;
import dev.evperf.ref.op.LocalItemOp;
import dev.evperf.ref.op.NewUsersOp;
import dev.evperf.ref.op.OutbidOp;
import dev.evperf.ref.op.Output;
import dev.evperf.ref.op.PersonsAndAuctions;
import dev.evperf.ref.op.Plan;
import dev.evperf.ref.op.PriceDipsOp;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.nexmark.query.HighestBid;
import dev.evperf.suites.nexmark.query.HotItems;
import dev.evperf.suites.nexmark.query.LocalItem;
import dev.evperf.suites.nexmark.query.NewUsers;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.nexmark.query.Outbid;
import dev.evperf.suites.nexmark.query.PriceDips;
import dev.evperf.suites.spec.OutputSchema;

/**
 * Builds operators for the Nexmark queries ref takes as specs (its translator, NexmarkRef, writes the
 * stateless ones in RefQL): q5 (hot items, a hopping window's counts per auction and their maximum)
 * and q7 (highest bid, a tumbling window's bids at its largest price), each on the bids' event time;
 * q3 (the incremental join of persons and auctions) and q8 (persons who opened an auction in the
 * tumbling window they registered in), each one operator fed by both streams; the patterns cep1
 * (outbid) and cep2 (price dips) over the bids, each an operator of its own.
 */
public final class NexmarkPlanner {
    private NexmarkPlanner() {}

    public static void plan(NexmarkQuery q, Plan plan) throws EngineException {
        if (q instanceof LocalItem || q instanceof NewUsers) {
            planPersonsAndAuctions(q, plan);
            return;
        }
        String bids = NexmarkStreams.BID_SCHEMA.name();
        StreamSchema in = plan.input(bids);
        OutputSchema o = q.outputs().get(0);
        Output out = plan.output(o.stream(), o.fieldNames());
        if (q instanceof HighestBid h) {
            int[] fields = fields(in, "seq", "auction", "price", "bidder", "dateTime", "extra");
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
        } else if (q instanceof Outbid outbid) {
            int[] fields = fields(in, "seq", "auction", "price", "dateTime");
            plan.add(bids, "nexmark cep1", new OutbidOp(fields, outbid.within().millis(), out));
        } else if (q instanceof PriceDips) {
            plan.add(bids, "nexmark cep2", new PriceDipsOp(fields(in, "seq", "auction", "bidder", "price"), out));
        } else {
            throw new EngineException("ref: Nexmark " + q.name() + " is not a spec ref runs; q0-q2 are RefQL text"
                    + " (NexmarkRef), q3, q5, q7, q8, cep1 and cep2 specs");
        }
    }

    private static void planPersonsAndAuctions(NexmarkQuery q, Plan plan) throws EngineException {
        String persons = NexmarkStreams.PERSON_SCHEMA.name();
        String auctions = NexmarkStreams.AUCTION_SCHEMA.name();
        StreamSchema p = plan.input(persons);
        StreamSchema a = plan.input(auctions);
        OutputSchema o = q.outputs().get(0);
        Output out = plan.output(o.stream(), o.fieldNames());
        PersonsAndAuctions op = q instanceof LocalItem l
                ? new LocalItemOp(
                        fields(p, "seq", "id", "name", "city", "state"),
                        fields(a, "seq", "id", "seller", "category"),
                        l.category(),
                        l.states().toArray(String[]::new),
                        out)
                : new NewUsersOp(
                        fields(p, "id", "name", "dateTime"),
                        fields(a, "seller", "dateTime"),
                        ((NewUsers) q).window().millis(),
                        q.data().latenessMillis(),
                        out);
        plan.add(persons, "nexmark " + q.name(), op.persons());
        plan.add(auctions, "nexmark " + q.name(), op.auctions());
    }

    private static int[] fields(StreamSchema s, String... names) throws EngineException {
        int[] at = new int[names.length];
        for (int i = 0; i < names.length; i++) at[i] = field(s, names[i]);
        return at;
    }

    private static int field(StreamSchema s, String name) throws EngineException {
        int i = s.indexOf(name);
        if (i < 0) throw new EngineException("ref: Nexmark's " + s.name() + " stream needs the attribute " + name);
        return i;
    }
}
