package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.DOUBLE;
import static dev.evperf.api.FieldType.LONG;
import static dev.evperf.api.FieldType.STRING;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Specs;
import java.util.List;

/**
 * q1, currency conversion: {@code SELECT auction, bidder, 0.908 * price AS price, dateTime, extra FROM
 * bid}. One row {@code (seq, auction, bidder, price, dateTime, extra)} per bid, the price a double
 * (Nexmark's Flink SQL keeps DECIMAL(23, 3); engines without decimals compute in doubles, and the
 * validator's tolerance covers the last bit).
 *
 * @param rate dollars to euros (0.908)
 */
public record Currency(NexmarkConfig data, Double rate) implements NexmarkQuery {
    public Currency {
        data = Outputs.data(data);
        rate = rate == null ? 0.908 : rate;
        Specs.check(rate > 0, "rate", "must be positive, not " + rate);
    }

    @Override
    public String name() {
        return "q1";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.BID_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(Outputs.perInput(
                Outputs.fields(
                        "seq",
                        LONG,
                        "auction",
                        LONG,
                        "bidder",
                        LONG,
                        "price",
                        DOUBLE,
                        "dateTime",
                        LONG,
                        "extra",
                        STRING),
                "seq"));
    }

    @Override
    public String label() {
        return "q1 currency rate=" + Specs.number(rate);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.currency(this);
    }
}
