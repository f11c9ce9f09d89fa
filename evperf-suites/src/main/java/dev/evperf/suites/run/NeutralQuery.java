package dev.evperf.suites.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.StreamSchema;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.nexmark.NexmarkInputs;
import dev.evperf.suites.nexmark.SentClosingEvents;
import dev.evperf.suites.nexmark.model.NexmarkModels;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.nexmark.translate.NexmarkEsper;
import dev.evperf.suites.nexmark.translate.NexmarkFlinkSql;
import dev.evperf.suites.nexmark.translate.NexmarkKafkaStreams;
import dev.evperf.suites.nexmark.translate.NexmarkRef;
import dev.evperf.suites.nexmark.translate.NexmarkSiddhi;
import dev.evperf.suites.nexmark.translate.NexmarkTranslator;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.ReferenceModel;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.SpecException;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.spec.Stream1;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.translate.Database;
import dev.evperf.suites.translate.EsperTranslator;
import dev.evperf.suites.translate.FlinkSqlTranslator;
import dev.evperf.suites.translate.KafkaStreamsTranslator;
import dev.evperf.suites.translate.RefTranslator;
import dev.evperf.suites.translate.SiddhiTranslator;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.translate.Translator;
import dev.evperf.suites.validate.Produced;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

/**
 * A neutral query as a workload names it ({@code engine.query}): a chapter-4 test ({@code test:
 * …}) or a Nexmark query ({@code query: q…}). It is what {@code evperf run} needs from the suites
 * and nothing more: the translation for one engine, the events of a trial in send order, and the
 * validation of the rows the engine gave.
 *
 * <p>Events are numbered in send order: event j of a trial carries seq = j, so the driver's
 * sequence numbers, the engine's rows and the reference model's rows all speak of the same j.
 * A Nexmark query is sent only the events of the streams it reads (and, for engines whose windows
 * close on events, one terminal event per windowed stream at the end), renumbered so.
 */
public sealed interface NeutralQuery {

    /** Reads {@code engine.query}. @throws SpecException one line naming {@code where} and the field */
    static NeutralQuery read(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw new SpecException(where + ": expected a mapping: a chapter-4 test ({test: filter, …}) or a Nexmark"
                    + " query ({query: q5, …})");
        }
        if (node.has("test") == node.has("query")) {
            throw new SpecException(where + ": expected exactly one of 'test' (a chapter-4 test: filter, count_window,"
                    + " time_window, window_join, table_join, pattern, multi_query) or 'query' (Nexmark: q0 q1 q2 q3 q5"
                    + " q7 q8 cep1 cep2)");
        }
        return node.has("test")
                ? micro(Specs.read(node, where), where)
                : new Nexmark(Specs.read(node, NexmarkQuery.class, where));
    }

    /** A chapter-4 test; a period the workload gives must cover its reach, so that no window holds one data row twice. */
    private static Micro micro(QuerySpec spec, String where) {
        Integer given = spec.data().period();
        if (given != null && given < spec.reach()) {
            throw new SpecException(where + ": stream.period " + given + " is shorter than the " + spec.reach()
                    + " events the query's largest window spans: a window would hold the same data twice");
        }
        return new Micro(spec);
    }

    /** A short label for tables: {@code count_window avg rows=1000 slide=1}, {@code nexmark q5}. */
    String label();

    /** The query in this engine's language, or why the engine (or evperf's translator for it) cannot express it. */
    Translation translate(String engine);

    /** The input streams, in the order the spec gives them. */
    List<StreamSchema> inputs();

    /** Rows sent before the timed run (table1's for the in-memory table join). */
    List<Input> setup();

    /**
     * The database table join whose table1 the run's PostgreSQL must hold ({@code evperf run} starts it,
     * loads the table and gives the engine its address in place of {@link Database#OF_THE_RUN}), or null.
     */
    default TableJoin databaseJoin() {
        return null;
    }

    /**
     * The {@code count} events a trial of this engine sends, in send order, each with seq = its index.
     *
     * @param engine the engine's name: a Nexmark query on an engine whose windows close only on a later event
     *     (Siddhi, Esper) ends with terminal events that close the last windows
     */
    Input[] events(int count, String engine);

    /**
     * The period of the events in send order: event seq + period is event seq with another seq and
     * event time ({@link #eventTime}), so a trial holds one period of them, not the whole run
     * ({@code SpecFeed}); Long.MAX_VALUE when no event repeats (Nexmark's, whose ids and times are
     * the generator's state).
     */
    default long period() {
        return Long.MAX_VALUE;
    }

    /** The position of event time in every input row of a query whose events repeat ({@link #period}). */
    default int timeIndex() {
        throw new UnsupportedOperationException(label() + ": its events do not repeat");
    }

    /** Event seq's event time, for a query whose events repeat (the driver stamps each copy it sends with it). */
    default LongUnaryOperator eventTime() {
        throw new UnsupportedOperationException(label() + ": its events do not repeat");
    }

    /**
     * For a query with event-time windows, whose rows carry {@code wend}: from a window's end, the
     * seq (send index) of the event among {@code sent} that closed the window, or -1 when the end of
     * input closed it; null for a query without such windows.
     */
    default LongUnaryOperator closingEvents(Input[] sent) {
        return null;
    }

    /**
     * For a row that names several inputs (a pair, a pattern's events) and is caused by the latest of
     * them (it can leave only once that one arrived): the largest of its named seqs; null when rows
     * name one input, or the query does not promise it.
     */
    default ToLongFunction<Object[]> latestNamed(List<String> fields) {
        return null;
    }

    /**
     * Checks every output stream of the translation against the reference model over the events sent; each stream's
     * rows in slot order ({@link Produced}).
     */
    List<Verdict> validate(Translation.Queries t, Input[] sent, Map<String, ? extends Produced> produced);

    /**
     * The same over the {@code count} events a trial of {@code engine} sent. A query that can make any
     * of its events alone makes each as the model needs it, so the check holds none of them (P7's 16 M
     * events would be ~3 GB); the default makes them all first.
     */
    default List<Verdict> validate(
            Translation.Queries t, int count, String engine, Map<String, ? extends Produced> produced) {
        return validate(t, events(count, engine), produced);
    }

    /** A chapter-4 test: stream1 (and stream2 for joins of two windows), event seq from the seed. */
    record Micro(QuerySpec spec) implements NeutralQuery {
        private static final List<Translator> TRANSLATORS = List.of(
                new SiddhiTranslator(),
                new EsperTranslator(Database.OF_THE_RUN), // the run starts it (evperf run)
                new RefTranslator(Database.OF_THE_RUN),
                new FlinkSqlTranslator(),
                new KafkaStreamsTranslator());

        @Override
        public String label() {
            return spec.label();
        }

        @Override
        public Translation translate(String engine) {
            // the kstreams translator's topology is for the adapter named kafka-streams
            String name = engine.equals("kafka-streams") ? KafkaStreamsTranslator.ENGINE : engine;
            for (Translator t : TRANSLATORS) {
                if (t.engine().equals(name)) return t.translate(spec);
            }
            return new Translation.Unsupported(engine, "evperf has no chapter-4 translator for engine " + engine);
        }

        @Override
        public List<StreamSchema> inputs() {
            return spec.inputs();
        }

        @Override
        public List<Input> setup() {
            return new Inputs(spec).setup();
        }

        @Override
        public TableJoin databaseJoin() {
            return spec instanceof TableJoin j && j.table() == TableJoin.Table.DATABASE ? j : null;
        }

        /** stream1's period ({@link Stream1}): ID and A1..AN repeat, seq and TS go on. */
        @Override
        public long period() {
            return spec.period();
        }

        @Override
        public int timeIndex() {
            return spec.data().tsIndex(); // stream2 has stream1's fields
        }

        @Override
        public LongUnaryOperator eventTime() {
            return new Inputs(spec).generator()::ts;
        }

        @Override
        public Input[] events(int count, String engine) {
            Inputs inputs = new Inputs(spec);
            Input[] out = new Input[count];
            for (int j = 0; j < count; j++) out[j] = inputs.event(j);
            return out;
        }

        @Override
        public List<Verdict> validate(Translation.Queries t, Input[] sent, Map<String, ? extends Produced> produced) {
            Model model = ReferenceModel.of(spec, t.outputs());
            return Validation.checkStreamed(
                    t.outputs(), model, sent.length, seq -> sent[(int) seq], produced, Tolerance.DEFAULT);
        }

        /** Event seq is made from (seed, seq) alone, as {@link #events} makes it. */
        @Override
        public List<Verdict> validate(
                Translation.Queries t, int count, String engine, Map<String, ? extends Produced> produced) {
            return Validation.checkStreamed(spec, t.outputs(), count, produced, Tolerance.DEFAULT);
        }
    }

    /** A Nexmark query: person, auction and bid events from the generator, those of the streams it reads. */
    record Nexmark(NexmarkQuery query) implements NeutralQuery {
        private static final List<NexmarkTranslator> TRANSLATORS = List.of(
                new NexmarkSiddhi(),
                new NexmarkEsper(),
                new NexmarkFlinkSql(),
                new NexmarkKafkaStreams(),
                new NexmarkRef());

        @Override
        public String label() {
            return "nexmark " + query.name();
        }

        private static NexmarkTranslator translator(String engine) {
            for (NexmarkTranslator t : TRANSLATORS) {
                if (t.engine().equals(engine)) return t;
            }
            return null;
        }

        @Override
        public Translation translate(String engine) {
            NexmarkTranslator t = translator(engine);
            return t == null
                    ? new Translation.Unsupported(engine, "evperf has no Nexmark translator for engine " + engine)
                    : t.translate(query);
        }

        @Override
        public List<StreamSchema> inputs() {
            return query.inputs();
        }

        @Override
        public List<Input> setup() {
            return List.of();
        }

        /** The terminal events a trial of this engine ends with (they close the last windows; the model is not fed them). */
        private int terminals(String engine) {
            NexmarkTranslator t = translator(engine);
            return t != null && t.closesWindowsOnEvents() && query.windows() != null
                    ? query.windows().kinds().size()
                    : 0;
        }

        @Override
        public Input[] events(int count, String engine) {
            int terminals = terminals(engine);
            boolean terminal = terminals > 0;
            int data = Math.max(0, count - terminals);
            // The data set's length in generator events: the first k holding `data` events this query reads.
            NexmarkInputs probe = new NexmarkInputs(query, Long.MAX_VALUE / 4, false);
            long k = 0;
            for (int found = 0; found < data; k++) {
                if (probe.sent(k)) found++;
            }
            NexmarkInputs inputs = new NexmarkInputs(query, k, terminal);
            List<Input> out = new ArrayList<>(count);
            for (long seq = 0; seq < inputs.total() && out.size() < count; seq++) {
                if (!inputs.sent(seq)) continue;
                Input in = inputs.event(seq);
                Object[] row = in.row().clone();
                row[0] = (long) out.size(); // seq = send order; every Nexmark row starts with seq
                out.add(new Input(in.stream(), row));
            }
            return out.toArray(new Input[0]);
        }

        /** Nexmark's rows name their inputs in fields ending in seq; q3's pair and the CEP tier's match end with the latest. */
        @Override
        public ToLongFunction<Object[]> latestNamed(List<String> fields) {
            int[] named = IntStream.range(0, fields.size())
                    .filter(i -> fields.get(i).endsWith("seq"))
                    .toArray();
            if (named.length < 2) return null;
            return row -> {
                long latest = -1;
                for (int i : named) latest = Math.max(latest, ((Number) row[i]).longValue());
                return latest;
            };
        }

        @Override
        public LongUnaryOperator closingEvents(Input[] sent) {
            return query.windows() == null ? null : new SentClosingEvents(query, sent)::closingSeq;
        }

        @Override
        public List<Verdict> validate(Translation.Queries t, Input[] sent, Map<String, ? extends Produced> produced) {
            return Validation.checkStreamed(
                    t.outputs(),
                    NexmarkModels.of(query),
                    Math.max(0, sent.length - terminals(t.engine())),
                    seq -> sent[(int) seq],
                    produced,
                    Tolerance.DEFAULT);
        }
    }
}
