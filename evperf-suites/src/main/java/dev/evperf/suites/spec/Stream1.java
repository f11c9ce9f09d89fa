package dev.evperf.suites.spec;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * The data set of seed 001's microbenchmarks (Table 4.1): {@code stream1(ID, A1..AN, TS)}, with ID
 * uniform in 1..MAX_ID, A_i uniform in [1, 100), and TS in milliseconds. evperf adds {@code seq},
 * the input's injection order (the sequence field every evperf stream carries).
 *
 * <p>TS is event time, a function of seq alone: {@code TS = start + floor(seq · 1000 / event_rate)}. The
 * thesis let the load generator stamp TS at send; here it is fixed by the data, so time windows and
 * patterns give the same outputs on every engine and in every run. A run's load rate should equal
 * {@code event_rate}, so that event time and the engine's own clock advance together.
 *
 * <p>The data repeat every {@code period} events: ID and A1..AN of event seq are those of event
 * {@code seq mod period}, while seq and TS go on. A trial then holds at most one period of events
 * however long it runs (the driver writes seq and TS into each copy it sends), so the harness's heap
 * does not grow with the run and a steady phase of minutes fits a trial heap. The default period
 * ({@link #periodFor}) is at least the query's reach, the events its largest window can span, so no
 * window ever holds the same data twice, and at least what 256 MiB of rows hold (2^20 events of the
 * default 5 attributes, 2^16 of 125).
 *
 * @param attributes N, the number of A attributes (1..125)
 * @param maxId      MAX_ID
 * @param eventRate  events per second of event time
 * @param seed       the generator's seed: the same seed gives the same events
 * @param start      TS of seq 0, in ms (default 0). Kafka Streams' hopping windows never start before
 *                   the epoch, so windows ending before W would be missing there; a start of at least
 *                   W − P (a multiple of P, so windows align as from 0) gives every engine, and the
 *                   reference model, the same windows (docs/suites.md §2 note 13)
 * @param period     the data's period in events, even (so that a two-stream query's event seq and seq
 *                   mod period go to the same stream); null for the default, {@link #periodFor}
 */
public record Stream1(
        Integer attributes,
        @JsonProperty("max_id") Integer maxId,
        @JsonProperty("event_rate") Double eventRate,
        Long seed,
        Long start,
        Integer period) {

    public static final String STREAM1 = "stream1";
    public static final String STREAM2 = "stream2";
    public static final Stream1 DEFAULT = new Stream1(null, null, null, null, null, null);

    /** The default period's budget: a trial's copy of one period of events stays under this many bytes. */
    static final long PERIOD_BYTES = 256L << 20;

    public Stream1(Integer attributes, Integer maxId, Double eventRate, Long seed) {
        this(attributes, maxId, eventRate, seed, null, null);
    }

    public Stream1(Integer attributes, Integer maxId, Double eventRate, Long seed, Long start) {
        this(attributes, maxId, eventRate, seed, start, null);
    }

    public Stream1 {
        attributes = attributes == null ? 5 : attributes;
        maxId = maxId == null ? 100 : maxId;
        eventRate = eventRate == null ? 1000.0 : eventRate;
        seed = seed == null ? 1L : seed;
        start = start == null ? 0L : start;
        Specs.check(attributes >= 1 && attributes <= 125, "attributes", "must be 1..125, not " + attributes);
        Specs.check(
                period == null || period >= 2 && period % 2 == 0,
                "period",
                "must be an even number of events, at least 2, not " + period);
        Specs.check(maxId >= 1, "max_id", "must be at least 1, not " + maxId);
        Specs.check(eventRate > 0 && eventRate <= 1e9, "event_rate", "must be in (0, 1e9] events/s, not " + eventRate);
        Specs.check(start >= 0, "start", "must be at least 0 ms, not " + start);
    }

    /** This data set with another MAX_ID (queries whose factor sets it, such as joins). */
    public Stream1 withMaxId(int id) {
        return new Stream1(attributes, id, eventRate, seed, start, period);
    }

    public Stream1 withAttributes(int n) {
        return new Stream1(n, maxId, eventRate, seed, start, period);
    }

    /**
     * The period of a query whose largest window spans {@code reach} events: the one given, or the
     * larger of the smallest power of two at least {@code reach} and the largest power of two of rows
     * (at most 2^20) that fit {@link #PERIOD_BYTES}. A row is an Object[] of N + 3 compressed
     * references and a boxed ID, N A's and TS, 16 bytes each (the seq slot is filled per send), about
     * 20 N + 60 bytes.
     */
    public long periodFor(long reach) {
        if (period != null) return period;
        long row = ((16 + 4L * (attributes + 3) + 7) & ~7L) + 16L * (attributes + 2);
        long fit = Math.min(1L << 20, Long.highestOneBit(PERIOD_BYTES / row));
        long cover = reach <= 2 ? 2 : Long.highestOneBit(Math.min(reach, 1L << 61) - 1) << 1;
        return Math.max(fit, cover);
    }

    /** Events of event time in {@code span}, rounded up: what a time window of that span can hold. */
    public long eventsIn(Span span) {
        return (long) Math.ceil(span.millis() * eventRate / 1000.0) + 1;
    }

    /** {@code name(seq long, ID int, A1 double, …, AN double, TS long)}. */
    public StreamSchema schema(String name) {
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("seq", FieldType.LONG));
        fields.add(new Field("ID", FieldType.INT));
        for (int i = 1; i <= attributes; i++) {
            fields.add(new Field("A" + i, FieldType.DOUBLE));
        }
        fields.add(new Field("TS", FieldType.LONG));
        return new StreamSchema(name, fields);
    }

    /** The position of TS in a row of {@link #schema}. */
    public int tsIndex() {
        return attributes + 2;
    }
}
