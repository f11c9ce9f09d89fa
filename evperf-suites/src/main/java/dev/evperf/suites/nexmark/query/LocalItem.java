package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.LONG;
import static dev.evperf.api.FieldType.STRING;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Specs;
import java.util.List;

/**
 * q3, local item suggestion: {@code SELECT P.name, P.city, P.state, A.id FROM auction A JOIN person P
 * ON A.seller = P.id WHERE A.category = 10 AND P.state IN ('OR', 'ID', 'CA')}. As in Nexmark's Flink
 * SQL, an incremental join of the two whole streams: a pair is output once, when the later of its
 * auction and person arrives (an auction may name a seller whose person comes later). Rows
 * {@code (pseq, aseq, name, city, state, id)}, caused by the later of pseq and aseq.
 *
 * @param category the auctions' category (10)
 * @param states   the sellers' states (OR, ID, CA)
 */
public record LocalItem(NexmarkConfig data, Long category, List<String> states) implements NexmarkQuery {
    public LocalItem {
        data = Outputs.data(data);
        category = category == null ? 10L : category;
        states = states == null ? List.of("OR", "ID", "CA") : List.copyOf(states);
        Specs.check(!states.isEmpty(), "states", "must name at least one state");
        Specs.check(
                states.stream().allMatch(s -> s.matches("[A-Z]{2}")),
                "states",
                "must be two capital letters each, not " + states);
    }

    @Override
    public String name() {
        return "q3";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.PERSON_SCHEMA, NexmarkStreams.AUCTION_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(new OutputSchema(
                Outputs.OUT,
                Outputs.fields("pseq", LONG, "aseq", LONG, "name", STRING, "city", STRING, "state", STRING, "id", LONG),
                List.of("pseq", "aseq"),
                1,
                List.of("pseq", "aseq"),
                false));
    }

    @Override
    public String label() {
        return "q3 local items category=" + category + " states=" + String.join(",", states);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.localItem(this);
    }
}
