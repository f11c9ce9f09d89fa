package dev.evperf.suites.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.evperf.api.StreamSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * The multi-query test (thesis 4.5.6): N window joins (Q5) at once, writing Out1..OutN. Is plan
 * sharing visible in memory and throughput?
 *
 * <p>{@code identical}: every query has windows of {@code rows} and keeps the matches with
 * {@code S1.A1 < 1 + 99 / N}, so the N queries together output about one row per match of one
 * query (the thesis kept the output rate fixed this way). {@code similar}: no predicate; query i
 * (0-based) has windows of {@code rows + i · (max_rows − rows) / (N − 1)} (the thesis: 400 K…500 K).
 *
 * @param queries N (1, 4, 16, 64)
 */
public record MultiQuery(
        Stream1 stream, Integer queries, Kind kind, Integer rows, @JsonProperty("max_rows") Integer maxRows)
        implements QuerySpec {

    public enum Kind {
        IDENTICAL,
        SIMILAR;

        @JsonValue
        public String yamlName() {
            return Specs.yamlName(this);
        }

        @JsonCreator
        public static Kind of(String name) {
            return Specs.named(values(), name, "kind");
        }
    }

    /** One of the N joins: its output stream, window size, and the A1 bound of identical queries (or null). */
    public record Member(String output, int rows, Double a1Below) {}

    public MultiQuery {
        stream = stream == null ? Stream1.DEFAULT : stream;
        Specs.check(queries != null && queries >= 1, "queries", "is required, at least 1");
        kind = kind == null ? Kind.IDENTICAL : kind;
        Specs.check(rows != null && rows >= 1, "rows", "is required, at least 1");
        maxRows = maxRows == null ? rows : maxRows;
        Specs.check(maxRows >= rows, "max_rows", "must be at least rows (" + rows + "), not " + maxRows);
    }

    public List<Member> members() {
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < queries; i++) {
            if (kind == Kind.IDENTICAL) {
                members.add(new Member("Out" + (i + 1), rows, 1 + 99.0 / queries));
            } else {
                int size = queries == 1 ? rows : rows + (int) ((long) i * (maxRows - rows) / (queries - 1));
                members.add(new Member("Out" + (i + 1), size, null));
            }
        }
        return members;
    }

    /** The largest of the N joins' windows, 2 · max_rows events of the input (the streams take turns). */
    @Override
    public long reach() {
        return 2L * maxRows;
    }

    @Override
    public Stream1 data() {
        return stream;
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(stream.schema(Stream1.STREAM1), stream.schema(Stream1.STREAM2));
    }

    @Override
    public List<OutputSchema> outputs() {
        return members().stream().map(m -> WindowJoin.output(m.output())).toList();
    }

    @Override
    public String label() {
        return "multi_query " + kind.yamlName() + " queries=" + queries + " rows=" + rows
                + (kind == Kind.SIMILAR ? ".." + maxRows : "");
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.multiQuery(this);
    }
}
