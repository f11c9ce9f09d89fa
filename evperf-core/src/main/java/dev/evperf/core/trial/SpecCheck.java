package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Json;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.Workload;
import dev.evperf.results.Layout;
import dev.evperf.results.RunFile;
import dev.evperf.results.TrialResult;
import dev.evperf.suites.run.NeutralQuery;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Produced;
import dev.evperf.suites.validate.Rows;
import dev.evperf.suites.validate.SlotSortedFile;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.ValuesLine;
import dev.evperf.suites.validate.Verdict;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Validates a finished trial of a neutral query: the rows the engine gave (its
 * {@code values-<stream>.csv}, one line per output as it arrived) against the reference model over
 * the same events, in the controller's JVM after the trial JVM has exited, so the check costs the
 * measured trial nothing but the writing of the rows. Neither the rows nor the events are held: the
 * model remakes each event as it needs it, and the rows stream from the file in slot order (sorted
 * on disk first when the engine gave them out of order), so a steady phase of any length can be checked. The verdict goes to {@code validation.json}
 * (per stream, with the first rows that are not correct), to result.json's {@code validation}, and
 * to the trial's entry in run.json; a trial with wrong rows gets {@code valid: false} there and a
 * reason, and its summary's figures are flagged.
 */
public final class SpecCheck {
    public static final String FILE = Layout.VALIDATION_JSON;
    /** Where the check sorts an engine's rows given out of slot order; removed when it ends. */
    static final String SPILL_DIR = "validation-spill";

    private SpecCheck() {}

    /** Validates the trial in {@code dir} when its workload names a spec; records the verdict in {@code entry}. */
    static void record(Path dir, Workload w, RunFile.Trial.Draft entry) {
        if (w.engine.query == null) return;
        ObjectNode v;
        try {
            v = check(dir, w);
        } catch (IOException | RuntimeException e) {
            v = Json.MAPPER.createObjectNode();
            v.put("verdict", "not checked");
            v.put("reason", "the validation failed: " + e);
        }
        recordVerdict(dir, v, entry);
    }

    /** Writes a verdict to the trial's validation.json, its result.json and its entry in run.json. */
    static void recordVerdict(Path dir, ObjectNode v, RunFile.Trial.Draft entry) {
        if (!v.has("verdict")) v.put("verdict", "not checked");
        Json.write(dir.resolve(FILE), v);
        TrialResult.Validation brief = brief(v);
        entry.validation = Json.MAPPER.valueToTree(brief);
        if ("invalid".equals(brief.verdict())) entry.reason = "invalid results: " + brief.text();
        TrialResult result;
        try {
            result = TrialResult.load(dir);
        } catch (IllegalArgumentException unreadable) {
            entry.validationError = "result.json: " + unreadable.getMessage();
            return;
        }
        if (result == null) {
            entry.validationError = "result.json: the trial wrote none";
            return;
        }
        // the trial JVM wrote this record, so writing it back keeps every field it wrote
        TrialResult.Draft withVerdict = TrialResult.Draft.of(result);
        withVerdict.validation = brief;
        Json.write(dir.resolve(Layout.RESULT_JSON), withVerdict.result());
    }

    /** The whole verdict, as validation.json holds it. */
    static ObjectNode check(Path dir, Workload w) throws IOException {
        ObjectNode v = Json.MAPPER.createObjectNode();
        NeutralQuery q = SpecWorkload.query(w);
        v.put("query", q.label());
        v.put("engine", w.engine.name);
        if (SpecWorkload.NULL_ENGINE.equals(w.engine.name)) {
            v.put("verdict", "not checked");
            v.put("reason", "the null engine runs no query and outputs nothing");
            return v;
        }
        Translation.Queries t = (Translation.Queries) q.translate(w.engine.name);
        v.put("queries", t.text());
        v.set("notes", Json.MAPPER.valueToTree(t.notes()));
        v.put(
                "tolerance",
                "integers equal; floating point |a - b| <= " + Tolerance.DEFAULT.absolute() + " + "
                        + Tolerance.DEFAULT.relative() + " * max(|a|, |b|)");
        TrialResult result = TrialResult.load(dir);
        long n = result == null || result.eventsSent() == null ? 0 : result.eventsSent();
        Map<String, SlotSortedFile> produced = new LinkedHashMap<>();
        List<Verdict> verdicts;
        try {
            for (OutputSchema o : t.outputs()) {
                SlotSortedFile rows = open(dir.resolve(Layout.values(o.stream())), o, dir.resolve(SPILL_DIR));
                if (rows != null) produced.put(o.stream(), rows);
            }
            verdicts = q.validate(t, Math.toIntExact(n), w.engine.name, produced);
        } finally {
            produced.values().forEach(SlotSortedFile::close);
        }
        boolean valid = verdicts.stream().allMatch(Verdict::valid);
        v.put("verdict", valid ? "valid" : "invalid");
        v.put("events", n);
        ArrayNode streams = v.putArray("streams");
        for (Verdict d : verdicts) {
            ObjectNode s = streams.addObject();
            s.put("stream", d.stream());
            s.put("expected", d.expected());
            s.put("produced", d.produced());
            s.put("correct", d.correct());
            s.put("missing", d.missing());
            s.put("undue", d.undue());
            s.put("wrong", d.wrong());
            s.put("sampled", d.sampled());
            s.put("open_at_end", d.openAtEnd());
            s.put("closed_at_end", d.closedAtEnd());
            s.put("summary", d.summary());
            SlotSortedFile rows = produced.get(d.stream());
            s.put("produced_order", rows == null ? "no values file" : rows.order());
            ArrayNode ex = s.putArray("examples");
            d.examples().forEach(e -> ex.add(e.toString()));
        }
        return v;
    }

    /**
     * The counts over all streams and one line, for run.json and result.json. Windows open at the end of input are
     * named in the line when the model had any (docs/suites.md §3): how many the engine's end of input closed.
     */
    static TrialResult.Validation brief(ObjectNode v) {
        String[] keys = {"expected", "produced", "correct", "missing", "undue", "wrong", "open_at_end", "closed_at_end"
        };
        long[] sum = new long[keys.length];
        List<String> examples = new ArrayList<>();
        for (JsonNode s : v.path("streams")) {
            for (int i = 0; i < keys.length; i++) sum[i] += s.path(keys[i]).asLong();
            s.path("examples").forEach(e -> examples.add(s.path("stream").asText() + " " + e.asText()));
        }
        String text = v.has("streams")
                ? sum[2] + " of " + sum[0] + " expected rows correct, " + sum[3] + " missing, " + sum[4] + " undue, "
                        + sum[5] + " wrong"
                        + (sum[6] > 0 ? "; " + Verdict.atEnd(sum[7], sum[6]) : "")
                        + (examples.isEmpty() ? "" : "; first: " + examples.get(0))
                        + (v.has("reason") ? "; " + v.get("reason").asText() : "")
                : v.path("reason").asText();
        return new TrialResult.Validation(
                v.path("verdict").asText(),
                v.has("reason") ? v.get("reason").asText() : null,
                sum[0],
                sum[1],
                sum[2],
                sum[3],
                sum[4],
                sum[5],
                sum[6],
                sum[7],
                text,
                examples.stream().limit(3).toList());
    }

    /**
     * {@code 10 of 10 windows open at the end of input closed by it} from a verdict's counts (as {@link Verdict#atEnd}),
     * or empty when no window was open at the end (older results have no counts).
     */
    public static String atEnd(JsonNode brief) {
        long open = brief.path("open_at_end").asLong();
        return open == 0 ? "" : Verdict.atEnd(brief.path("closed_at_end").asLong(), open);
    }

    /**
     * An output's values file, read in slot order without holding its rows ({@link SlotSortedFile}): the header names
     * the engine's attributes; rows come back in the spec's field order. Null when the trial wrote no such file.
     */
    static SlotSortedFile open(Path file, OutputSchema o, Path spill) throws IOException {
        if (!Files.exists(file)) return null;
        List<String> header;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line = in.readLine();
            header = line == null ? List.of() : List.of(line.split(",", -1));
        }
        if (header.isEmpty()) return null;
        UnaryOperator<Object[]> reorder = Rows.reorder(o, header);
        return SlotSortedFile.open(
                file,
                line -> reorder.apply(ValuesLine.parse(line)),
                Produced.slots(o),
                spill,
                SlotSortedFile.RUN_BYTES);
    }
}
