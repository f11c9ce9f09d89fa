package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.LONG;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Span;
import java.util.List;

/**
 * cep1, outbid (evperf's, in the style of Nexmark's CEP queries): for every bid, the first later bid
 * on the same auction with a higher price, if it comes less than {@code within} of event time later.
 * <pre>
 * MATCH_RECOGNIZE (PARTITION BY auction ORDER BY dateTime
 *   AFTER MATCH SKIP TO NEXT ROW  PATTERN (A B* C)
 *   DEFINE B AS B.price &lt;= A.price AND B.dateTime - A.dateTime &lt; within,
 *          C AS C.price &gt; A.price AND C.dateTime - A.dateTime &lt; within)
 * </pre>
 * Every row of the auction satisfies B or C until {@code within} has passed, so the match is the
 * first higher bid (a pattern with gaps, {@code every a -> c}, says the same). One row
 * {@code (aseq, cseq, auction, aprice, cprice)} per match, caused by C. Rows are matched in arrival
 * order, which is event-time order only for in-order data.
 *
 * @param within 10 s
 */
public record Outbid(NexmarkConfig data, Span within) implements NexmarkQuery {
    public Outbid {
        data = Outputs.data(data);
        within = Outputs.window(within, "within", 10_000);
    }

    @Override
    public String name() {
        return "cep1";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.BID_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(new OutputSchema(
                Outputs.OUT,
                Outputs.fields("aseq", LONG, "cseq", LONG, "auction", LONG, "aprice", LONG, "cprice", LONG),
                List.of("cseq"),
                1,
                List.of("aseq"),
                false));
    }

    @Override
    public boolean dependsOnEventTimeOrder() {
        return true;
    }

    @Override
    public String label() {
        return "cep1 outbid within=" + within;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.outbid(this);
    }
}
