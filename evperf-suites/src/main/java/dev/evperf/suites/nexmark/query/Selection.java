package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.LONG;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Specs;
import java.util.List;

/**
 * q2, selection: {@code SELECT auction, price FROM bid WHERE MOD(auction, 123) = 0}. One row
 * {@code (seq, auction, price)} per selected bid. Hot auctions are multiples of 100 (plus 1000), so
 * most selected bids are for cold auctions: a small, irregular share of the bids.
 *
 * @param modulus 123
 */
public record Selection(NexmarkConfig data, Integer modulus) implements NexmarkQuery {
    public Selection {
        data = Outputs.data(data);
        modulus = modulus == null ? 123 : modulus;
        Specs.check(modulus >= 1, "modulus", "must be at least 1, not " + modulus);
    }

    @Override
    public String name() {
        return "q2";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.BID_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(Outputs.perInput(Outputs.fields("seq", LONG, "auction", LONG, "price", LONG), "seq"));
    }

    @Override
    public String label() {
        return "q2 selection modulus=" + modulus;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.selection(this);
    }
}
