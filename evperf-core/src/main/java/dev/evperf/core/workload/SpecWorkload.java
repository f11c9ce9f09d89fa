package dev.evperf.core.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.Field;
import dev.evperf.api.StreamSchema;
import dev.evperf.api.config.Suggest;
import dev.evperf.suites.run.NeutralQuery;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.SpecException;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.translate.Translation;
import java.util.ArrayList;
import java.util.List;

/**
 * A workload whose {@code engine.query} names a neutral spec (a chapter-4 test or a Nexmark query)
 * instead of queries in one engine's language. At plan time every trial's tree is expanded for its
 * own engine (so a matrix over {@code engine.name} runs one file on every engine): the spec's input
 * streams become {@code streams}, its translation {@code engine.queries} and {@code engine.options},
 * and its output streams {@code engine.outputs}, each with {@code values: true} so that the rows can
 * be validated after the trial ({@code SpecCheck}; with {@code measure.validation: separate}, false, and
 * a second unmeasured run writes them). The events are the spec's, made in the trial JVM
 * ({@code SpecFeed}), not a pool's.
 *
 * <p>Where the engine cannot express the query, the trial is <em>unsupported</em> with the reason
 * ({@link #unsupported}): neither run nor failed, and the rest of the matrix goes on.
 */
public final class SpecWorkload {
    /** The engine that runs no query (it measures the harness): it gets the streams and no queries. */
    public static final String NULL_ENGINE = "null";

    private SpecWorkload() {}

    public static boolean present(JsonNode tree) {
        return tree.path("engine").has("query");
    }

    /** The spec of a bound workload (already checked when the plan was made). */
    public static NeutralQuery query(Workload w) {
        return NeutralQuery.read(w.engine.query, "engine.query");
    }

    /** Reads {@code engine.query}, one line naming the file and the field when it is wrong, with a suggestion. */
    static NeutralQuery read(JsonNode node, String where) {
        try {
            return NeutralQuery.read(node, where + ": engine.query");
        } catch (SpecException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UnrecognizedPropertyException u) {
                List<String> known = new ArrayList<>();
                if (u.getKnownPropertyIds() != null) u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
                String hint = Suggest.closest(u.getPropertyName(), known);
                throw new WorkloadException(where + ": engine.query: unknown key '" + u.getPropertyName() + "'"
                        + (hint != null
                                ? "; did you mean '" + hint + "'?"
                                : "; valid keys: " + String.join(", ", known)));
            }
            if (cause instanceof InvalidTypeIdException t) {
                String key = node.has("test") ? "test" : "query";
                List<String> names = key.equals("test")
                        ? List.of(
                                "filter",
                                "count_window",
                                "time_window",
                                "window_join",
                                "table_join",
                                "pattern",
                                "multi_query")
                        : List.of("q0", "q1", "q2", "q3", "q5", "q7", "q8", "cep1", "cep2");
                String hint = Suggest.closest(String.valueOf(t.getTypeId()), names);
                throw new WorkloadException(where + ": engine.query." + key + ": unknown " + key + " '" + t.getTypeId()
                        + "'" + (hint != null ? "; did you mean '" + hint + "'?" : "; expected one of " + names));
            }
            throw new WorkloadException(e.getMessage());
        }
    }

    /**
     * Expands {@code engine.query} in one trial's tree (its matrix values applied) for the tree's
     * engine. @throws WorkloadException when the spec is wrong or the workload also gives what the
     * spec writes
     */
    public static void expand(ObjectNode tree, String where) {
        ObjectNode engine = (ObjectNode) tree.get("engine");
        for (String key : List.of("queries", "outputs")) {
            if (engine.has(key)) {
                throw new WorkloadException(where + ": engine." + key + ": engine.query writes the queries and outputs"
                        + " for each engine; give either engine.query or engine.queries and engine.outputs");
            }
        }
        for (String key : List.of("streams", "data")) {
            if (tree.has(key)) {
                throw new WorkloadException(where + ": " + key + ": engine.query makes the input streams and their"
                        + " events; leave '" + key + "' out");
            }
        }
        JsonNode load = tree.path("load");
        boolean batched = load.has("batch");
        for (JsonNode phase : load.path("phases")) batched |= phase.has("batch");
        if (batched) {
            throw new WorkloadException(where + ": load.batch: micro-batches are not sent with engine.query (its events"
                    + " go to several streams, one by one)");
        }
        NeutralQuery q = read(engine.get("query"), where);
        String name = engine.path("name").asText("siddhi");
        ObjectNode streams = tree.putObject("streams");
        for (StreamSchema s : q.inputs()) {
            ObjectNode fields = streams.putObject(s.name()).putObject("fields");
            for (Field f : s.fields()) fields.put(f.name(), f.type().yamlName());
        }
        if (load.isObject() && !load.has("stream")) {
            ((ObjectNode) load).put("stream", q.inputs().get(0).name());
        }
        if (!NULL_ENGINE.equals(name) && q.translate(name) instanceof Translation.Queries t) {
            engine.put("queries", t.text());
            ObjectNode outputs = engine.putObject("outputs");
            for (OutputSchema o : t.outputs()) {
                ObjectNode def = outputs.putObject(o.stream());
                def.put("sequence", sequenceField(o));
                // With separate validation the measured trial only counts its rows (SeparateValidation writes them).
                def.put(
                        "values",
                        !Validation.SEPARATE
                                .text()
                                .equals(tree.path("measure").path("validation").asText()));
            }
            ObjectNode options = WorkloadLoader.YAML.valueToTree(t.options());
            JsonNode given = engine.get("options");
            if (given instanceof ObjectNode g) options.setAll(g); // the workload's own options win
            engine.set("options", options);
        }
    }

    /** The database table join this trial runs (the run's PostgreSQL must hold its table1), or null. */
    public static TableJoin databaseJoin(Workload w) {
        return w.engine.query == null || unsupported(w) != null ? null : query(w).databaseJoin();
    }

    /**
     * Why this trial does not run: its engine cannot express the query (with the translator's
     * reason), or evperf run cannot feed it yet; null when it runs.
     */
    public static String unsupported(Workload w) {
        if (w.engine.query == null) return null;
        NeutralQuery q = query(w);
        if (NULL_ENGINE.equals(w.engine.name)) return null;
        Translation t = q.translate(w.engine.name);
        if (t instanceof Translation.Unsupported u)
            return w.engine.name + " cannot express " + q.label() + ": " + u.reason();
        return null;
    }

    /**
     * The output field that names the causing input: seq, else the last of the fields ending in seq
     * (a pair's later event, a pattern's last); none for window rows, which the sink links by send.
     */
    static String sequenceField(OutputSchema o) {
        List<String> names = o.fieldNames();
        if (names.contains("seq")) return "seq";
        String last = "none";
        for (String n : names) if (n.endsWith("seq")) last = n;
        return last;
    }
}
