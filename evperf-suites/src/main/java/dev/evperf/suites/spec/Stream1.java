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
 * @param attributes N, the number of A attributes (1..125)
 * @param maxId      MAX_ID
 * @param eventRate  events per second of event time
 * @param seed       the generator's seed: the same seed gives the same events
 * @param start      TS of seq 0, in ms (default 0). Kafka Streams' hopping windows never start before
 *                   the epoch, so windows ending before W would be missing there; a start of at least
 *                   W − P (a multiple of P, so windows align as from 0) gives every engine, and the
 *                   reference model, the same windows (docs/suites.md §2 note 13)
 */
public record Stream1(
        Integer attributes,
        @JsonProperty("max_id") Integer maxId,
        @JsonProperty("event_rate") Double eventRate,
        Long seed,
        Long start) {

    public static final String STREAM1 = "stream1";
    public static final String STREAM2 = "stream2";
    public static final Stream1 DEFAULT = new Stream1(null, null, null, null, null);

    public Stream1(Integer attributes, Integer maxId, Double eventRate, Long seed) {
        this(attributes, maxId, eventRate, seed, null);
    }

    public Stream1 {
        attributes = attributes == null ? 5 : attributes;
        maxId = maxId == null ? 100 : maxId;
        eventRate = eventRate == null ? 1000.0 : eventRate;
        seed = seed == null ? 1L : seed;
        start = start == null ? 0L : start;
        Specs.check(attributes >= 1 && attributes <= 125, "attributes", "must be 1..125, not " + attributes);
        Specs.check(maxId >= 1, "max_id", "must be at least 1, not " + maxId);
        Specs.check(eventRate > 0 && eventRate <= 1e9, "event_rate", "must be in (0, 1e9] events/s, not " + eventRate);
        Specs.check(start >= 0, "start", "must be at least 0 ms, not " + start);
    }

    /** This data set with another MAX_ID (queries whose factor sets it, such as joins). */
    public Stream1 withMaxId(int id) {
        return new Stream1(attributes, id, eventRate, seed, start);
    }

    public Stream1 withAttributes(int n) {
        return new Stream1(n, maxId, eventRate, seed, start);
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
