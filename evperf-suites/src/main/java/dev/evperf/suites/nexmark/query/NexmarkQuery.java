package dev.evperf.suites.nexmark.query;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.spec.OutputSchema;
import java.util.List;

/**
 * One Nexmark query, defined once and independently of any engine: its parameters, the data it
 * runs on, the streams it reads and the rows it must output. Its meaning is that of Nexmark's
 * Flink SQL text (each record's Javadoc says where evperf departs from it and why); translators
 * write it in each engine's language, {@code NexmarkModels} computes its rows, and the validator
 * compares an engine's rows with them.
 *
 * <p>In YAML the {@code query} key names it: {@code q0 q1 q2 q3 q5 q7 q8 cep1 cep2}, e.g.
 * {@code {query: q5, window: 10s, slide: 2s, data: {seed: 7, inter_event_delay: 50us}}}.
 *
 * <p>Windowed queries (q5, q7, q8) use event-time windows on {@code dateTime}, aligned at
 * multiples of their slide from the epoch (as Flink's window functions). A window [s, e) is
 * <em>closed</em> by the first event of each stream it reads whose {@code dateTime} is at least
 * e + L (L the generator's lateness; a watermark L behind the largest time seen passes e − 1
 * exactly then); for a window over two streams (q8), by the later of the two. Window rows carry
 * {@code wend} = e, from which {@code ClosingEvents} names that event: latency of a window row is
 * measured from it.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "query")
@JsonSubTypes({
    @JsonSubTypes.Type(value = PassThrough.class, name = "q0"),
    @JsonSubTypes.Type(value = Currency.class, name = "q1"),
    @JsonSubTypes.Type(value = Selection.class, name = "q2"),
    @JsonSubTypes.Type(value = LocalItem.class, name = "q3"),
    @JsonSubTypes.Type(value = HotItems.class, name = "q5"),
    @JsonSubTypes.Type(value = HighestBid.class, name = "q7"),
    @JsonSubTypes.Type(value = NewUsers.class, name = "q8"),
    @JsonSubTypes.Type(value = Outbid.class, name = "cep1"),
    @JsonSubTypes.Type(value = PriceDips.class, name = "cep2")
})
public sealed interface NexmarkQuery
        permits PassThrough, Currency, Selection, LocalItem, HotItems, HighestBid, NewUsers, Outbid, PriceDips {

    /** The generator's parameters. */
    NexmarkConfig data();

    /** The query's name in Nexmark and in YAML: q0 … q8, cep1, cep2. */
    String name();

    /** The input streams it reads (a subset of person, auction, bid). */
    List<StreamSchema> inputs();

    /** The output streams and their rows. */
    List<OutputSchema> outputs();

    /**
     * The event-time window whose closing events end the input, as
     * {@code (input kinds whose events close it, its length in ms)}; null for queries without
     * event-time windows.
     */
    default Windows windows() {
        return null;
    }

    /**
     * Whether the rows depend on the order of event time (windows, patterns), so that an engine
     * matching in arrival order gives other rows for out-of-order events.
     */
    default boolean dependsOnEventTimeOrder() {
        return windows() != null;
    }

    /** A short label, e.g. {@code q5 hot items window=10s slide=2s}. */
    String label();

    <R> R accept(Visitor<R> visitor);

    /**
     * The event-time windows of a query.
     *
     * @param kinds  the input kinds (NexmarkGenerator.PERSON …) whose events close a window; all of them must
     * @param length the window's length in ms
     */
    record Windows(List<Integer> kinds, long length) {
        public Windows {
            kinds = List.copyOf(kinds);
        }
    }

    /** One method per query, so that every translator and model handles every query. */
    interface Visitor<R> {
        R passThrough(PassThrough q);

        R currency(Currency q);

        R selection(Selection q);

        R localItem(LocalItem q);

        R hotItems(HotItems q);

        R highestBid(HighestBid q);

        R newUsers(NewUsers q);

        R outbid(Outbid q);

        R priceDips(PriceDips q);
    }
}
