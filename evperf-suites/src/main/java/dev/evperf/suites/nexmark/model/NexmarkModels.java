package dev.evperf.suites.nexmark.model;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.BID;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_AUCTION;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_BIDDER;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_EXTRA;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_PRICE;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_SEQ;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_TIME;

import dev.evperf.suites.nexmark.query.Currency;
import dev.evperf.suites.nexmark.query.HighestBid;
import dev.evperf.suites.nexmark.query.HotItems;
import dev.evperf.suites.nexmark.query.LocalItem;
import dev.evperf.suites.nexmark.query.NewUsers;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.nexmark.query.Outbid;
import dev.evperf.suites.nexmark.query.PassThrough;
import dev.evperf.suites.nexmark.query.PriceDips;
import dev.evperf.suites.nexmark.query.Selection;
import dev.evperf.suites.reference.Model;

/**
 * evperf's own, plain implementation of each Nexmark query's meaning (as Beam's Nexmark query
 * models are): events in, in the order they are sent, expected rows out, in the order of their
 * slots. They never see the terminal events some engines are sent after the last event: those
 * only close windows, which {@link Model#end} does here.
 */
public final class NexmarkModels {
    private NexmarkModels() {}

    public static Model of(NexmarkQuery query) {
        String out = query.outputs().get(0).stream();
        return query.accept(new NexmarkQuery.Visitor<Model>() {
            @Override
            public Model passThrough(PassThrough q) {
                return (stream, b, sink) -> {
                    if (stream.equals(BID)) {
                        sink.row(
                                out,
                                new Object[] {b[B_SEQ], b[B_AUCTION], b[B_BIDDER], b[B_PRICE], b[B_TIME], b[B_EXTRA]});
                    }
                };
            }

            @Override
            public Model currency(Currency q) {
                double rate = q.rate();
                return (stream, b, sink) -> {
                    if (stream.equals(BID)) {
                        sink.row(out, new Object[] {
                            b[B_SEQ], b[B_AUCTION], b[B_BIDDER], rate * (Long) b[B_PRICE], b[B_TIME], b[B_EXTRA]
                        });
                    }
                };
            }

            @Override
            public Model selection(Selection q) {
                long m = q.modulus();
                return (stream, b, sink) -> {
                    if (stream.equals(BID) && (Long) b[B_AUCTION] % m == 0) {
                        sink.row(out, new Object[] {b[B_SEQ], b[B_AUCTION], b[B_PRICE]});
                    }
                };
            }

            @Override
            public Model localItem(LocalItem q) {
                return new LocalItemModel(q, out);
            }

            @Override
            public Model hotItems(HotItems q) {
                return new HotItemsModel(q, out);
            }

            @Override
            public Model highestBid(HighestBid q) {
                return new HighestBidModel(q, out);
            }

            @Override
            public Model newUsers(NewUsers q) {
                return new NewUsersModel(q, out);
            }

            @Override
            public Model outbid(Outbid q) {
                return new OutbidModel(q, out);
            }

            @Override
            public Model priceDips(PriceDips q) {
                return new PriceDipsModel(out);
            }
        });
    }
}
