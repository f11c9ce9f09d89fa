package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.LONG;
import static dev.evperf.api.FieldType.STRING;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Span;
import java.util.List;

/**
 * q7, highest bid: per tumbling window of bids ({@code TUMBLE(bid, dateTime, window)}), the bids
 * whose price is the window's largest: {@code (wend, seq, auction, price, bidder, dateTime, extra)}.
 * Nexmark's Flink SQL joins the bids with the window maxima on {@code dateTime BETWEEN wend − 10 s
 * AND wend}, which also admits a bid at exactly wend (of the next window) with the same price; here
 * a bid belongs to its own window only, as in Beam's query 7.
 *
 * @param window the window's length (10 s)
 */
public record HighestBid(NexmarkConfig data, Span window) implements NexmarkQuery {
    public HighestBid {
        data = Outputs.data(data);
        window = Outputs.window(window, "window", 10_000);
    }

    @Override
    public String name() {
        return "q7";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.BID_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(Outputs.perWindow(
                Outputs.fields(
                        "wend",
                        LONG,
                        "seq",
                        LONG,
                        "auction",
                        LONG,
                        "price",
                        LONG,
                        "bidder",
                        LONG,
                        "dateTime",
                        LONG,
                        "extra",
                        STRING),
                "seq"));
    }

    @Override
    public Windows windows() {
        return new Windows(List.of(NexmarkGenerator.BID), window.millis());
    }

    @Override
    public String label() {
        return "q7 highest bid window=" + window;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.highestBid(this);
    }
}
