package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.LONG;
import static dev.evperf.api.FieldType.STRING;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import java.util.List;

/**
 * q0, pass-through: {@code SELECT auction, bidder, price, dateTime, extra FROM bid}. Every bid is one
 * row {@code (seq, auction, bidder, price, dateTime, extra)}: the cost of getting events in and out.
 */
public record PassThrough(NexmarkConfig data) implements NexmarkQuery {
    public PassThrough {
        data = Outputs.data(data);
    }

    @Override
    public String name() {
        return "q0";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.BID_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(Outputs.perInput(
                Outputs.fields(
                        "seq", LONG, "auction", LONG, "bidder", LONG, "price", LONG, "dateTime", LONG, "extra", STRING),
                "seq"));
    }

    @Override
    public String label() {
        return "q0 pass-through";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.passThrough(this);
    }
}
