package dev.evperf.kstreams;

import dev.evperf.api.EngineException;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kafka-streams engine's queries: pipelines over rows, one per statement ({@code ;} between
 * them), each turned into Kafka Streams DSL calls by {@link Pipeline#build}.
 * <pre>
 * from &lt;input&gt; [step …] into &lt;output&gt;
 * input: an input stream, or an earlier statement's output (which then stays inside the topology)
 * step: where &lt;field&gt; [mod &lt;integer&gt;] (= | != | &lt; | &lt;= | &gt; | &gt;=) &lt;number | 'text' | true | false&gt;
 *     | where &lt;field&gt; (= | != | &lt; | &lt;= | &gt; | &gt;=) &lt;field&gt;
 *     | where &lt;field&gt; in (&lt;value&gt; [, &lt;value&gt; …])
 *     | select &lt;item&gt; [, &lt;item&gt; …]
 *          item: &lt;field&gt; [* &lt;number&gt;] [as &lt;name&gt;]   a scaled field is a double
 *                                      (mod is Java's remainder, as SQL's MOD)
 *     | avg &lt;field&gt; as &lt;name&gt; by &lt;key&gt;     running average per key: rows (key, name)
 *     | count by &lt;key&gt; every &lt;duration&gt;   tumbling windows on the record time (the broker's
 *                                      append time): rows (key, window_start, window_end, count),
 *                                      one per update
 *     | window &lt;duration&gt; [advance &lt;duration&gt;] (top &lt;field&gt; | most &lt;field&gt; | aggregate &lt;fn&gt;(&lt;field&gt; | *) as &lt;name&gt; [, …])
 *                                      event-time windows over all rows, tumbling or hopping, on the
 *                                      record time (option timestamp: a field), one result per window
 *                                      when it closes, rows (wend, …): {@link WindowStep}
 *     | window &lt;duration&gt; [advance &lt;duration&gt;] distinct &lt;field&gt; [, …]
 *                                      each distinct value per window, when it closes: {@link Step.Distinct}
 *     | join &lt;input&gt; on &lt;field&gt; = &lt;field&gt; [and …] within &lt;duration&gt; [grace &lt;duration&gt;]
 *                                      stream–stream inner join on equal fields, record times at
 *                                      most the duration apart: rows (these fields, the other's): {@link JoinStep}
 *     | join table &lt;input&gt; on &lt;field&gt; = &lt;field&gt; [and …]
 *                                      stream–table inner join with the other stream's latest row per
 *                                      key: rows (these fields, the table's non-key ones): {@link TableJoinStep}
 * </pre>
 * {@code --} starts a comment. Errors name the line and column in the user's text. (Some 450
 * lines: one recursive-descent parser of one grammar, which reads best whole.)
 */
final class PipelineLanguage {
    private static final Pattern TOKEN = Pattern.compile(
            "(--[^\\n]*)|('[^']*')|(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?[a-z]*)|([A-Za-z_]\\w*)|(>=|<=|!=|[=<>,;*()])");

    record Token(String text, int line, int col) {}

    private final String engine;
    private final List<Token> tokens = new ArrayList<>();
    private int at;

    private PipelineLanguage(String engine, String text) throws EngineException {
        this.engine = engine;
        int line = 1;
        int lineStart = 0;
        Matcher m = TOKEN.matcher(text);
        int pos = 0;
        while (true) {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                if (text.charAt(pos) == '\n') {
                    line++;
                    lineStart = pos + 1;
                }
                pos++;
            }
            if (pos >= text.length()) break;
            m.region(pos, text.length());
            if (!m.lookingAt()) {
                throw new EngineException(engine + ": line " + line + " column " + (pos - lineStart + 1)
                        + ": unexpected '" + text.charAt(pos) + "'");
            }
            if (m.group(1) == null) tokens.add(new Token(m.group(), line, pos - lineStart + 1));
            pos = m.end();
        }
    }

    /** @throws EngineException with the line and column of the first error */
    static List<Pipeline> parse(String engine, String queries, Map<String, StreamSchema> inputs)
            throws EngineException {
        PipelineLanguage p = new PipelineLanguage(engine, queries);
        List<Pipeline> out = new ArrayList<>();
        Map<String, List<Field>> streams = new LinkedHashMap<>();
        inputs.forEach((name, schema) -> streams.put(name, schema.fields()));
        Set<String> read = new HashSet<>();
        while (p.at < p.tokens.size()) {
            if (p.peek().equals(";")) {
                p.at++;
                continue;
            }
            Pipeline one = p.pipeline(streams, read);
            if (streams.containsKey(one.output()))
                throw new EngineException(engine + ": stream '" + one.output() + "' is already "
                        + (inputs.containsKey(one.output()) ? "an input" : "an earlier statement's output"));
            streams.put(one.output(), one.fields());
            out.add(one);
        }
        // an output a later statement reads stays inside the topology
        List<Pipeline> built = new ArrayList<>();
        for (Pipeline one : out)
            built.add(new Pipeline(one.input(), one.steps(), one.output(), one.fields(), read.contains(one.output())));
        return built;
    }

    private Pipeline pipeline(Map<String, List<Field>> streams, Set<String> read) throws EngineException {
        expect("from");
        Token input = stream(streams, read);
        List<Field> fields = streams.get(input.text());
        List<Step> steps = new ArrayList<>();
        while (true) {
            Token t = next("where, select, avg, count, window, join or into");
            switch (t.text().toLowerCase()) {
                case "where" -> {
                    int f = field(fields);
                    if (at < tokens.size() && peek().equalsIgnoreCase("in")) {
                        at++;
                        expect("(");
                        List<Object> values = new ArrayList<>();
                        do {
                            if (!values.isEmpty()) at++; // the comma
                            values.add(literal(fields.get(f)));
                        } while (at < tokens.size() && peek().equals(","));
                        expect(")");
                        steps.add(new Step.Where(f, 0, "in", List.copyOf(values)));
                        continue;
                    }
                    long modulus = 0;
                    if (at < tokens.size() && peek().equalsIgnoreCase("mod")) {
                        at++;
                        modulus = positiveInteger(next("a modulus"));
                    }
                    Token op = next("a comparison");
                    if (!List.of("=", "!=", "<", "<=", ">", ">=").contains(op.text()))
                        throw error(op, "expected a comparison, found '" + op.text() + "'");
                    Object right = at < tokens.size() && isField(peek(), fields)
                            ? new Step.Where.Other(field(fields))
                            : literal(fields.get(f));
                    steps.add(new Step.Where(f, modulus, op.text(), right));
                }
                case "select" -> {
                    List<Integer> picked = new ArrayList<>();
                    List<Double> scales = new ArrayList<>();
                    List<Field> next = new ArrayList<>();
                    do {
                        if (!picked.isEmpty()) at++; // the comma
                        int f = field(fields);
                        double scale = Double.NaN;
                        if (at < tokens.size() && peek().equals("*")) {
                            at++;
                            Token n = next("a number");
                            try {
                                scale = Double.parseDouble(n.text());
                            } catch (NumberFormatException e) {
                                throw error(
                                        n,
                                        "expected a number to multiply "
                                                + fields.get(f).name() + " by, found '" + n.text() + "'");
                            }
                            if (!(fields.get(f).type() == FieldType.INT
                                    || fields.get(f).type() == FieldType.LONG
                                    || fields.get(f).type() == FieldType.FLOAT
                                    || fields.get(f).type() == FieldType.DOUBLE)) {
                                throw error(
                                        n,
                                        "cannot multiply " + fields.get(f).name() + ", a "
                                                + fields.get(f).type());
                            }
                        }
                        String name = fields.get(f).name();
                        if (at < tokens.size() && peek().equalsIgnoreCase("as")) {
                            at++;
                            name = next("a name").text();
                        }
                        picked.add(f);
                        scales.add(scale);
                        next.add(new Field(
                                name, Double.isNaN(scale) ? fields.get(f).type() : FieldType.DOUBLE));
                    } while (at < tokens.size() && peek().equals(","));
                    steps.add(new Step.Select(
                            picked.stream().mapToInt(Integer::intValue).toArray(),
                            scales.stream().mapToDouble(Double::doubleValue).toArray()));
                    fields = next;
                }
                case "avg" -> {
                    int f = field(fields);
                    expect("as");
                    String alias = next("a name").text();
                    expect("by");
                    int key = field(fields);
                    steps.add(new Step.Avg(f, key, fields));
                    fields = List.of(fields.get(key), new Field(alias, FieldType.DOUBLE));
                }
                case "count" -> {
                    expect("by");
                    int key = field(fields);
                    expect("every");
                    Token d = next("a duration");
                    steps.add(new Step.Count(key, duration(d), fields));
                    fields = List.of(
                            fields.get(key),
                            new Field("window_start", FieldType.LONG),
                            new Field("window_end", FieldType.LONG),
                            new Field("count", FieldType.LONG));
                }
                case "window" -> {
                    Step w = window(fields);
                    steps.add(w);
                    fields = w instanceof WindowStep ws ? ws.outputFields() : ((Step.Distinct) w).outputFields();
                }
                case "join" -> {
                    if (at < tokens.size() && peek().equalsIgnoreCase("table")) {
                        at++;
                        TableJoinStep j = tableJoin(fields, streams, read);
                        steps.add(j);
                        fields = j.outputFields();
                    } else {
                        JoinStep j = join(fields, streams, read);
                        steps.add(j);
                        fields = j.outputFields();
                    }
                }
                case "into" -> {
                    Token output = next("an output stream");
                    return new Pipeline(input.text(), steps, output.text(), fields, false);
                }
                default -> throw error(
                        t, "expected where, select, avg, count, window, join or into, found '" + t.text() + "'");
            }
        }
    }

    /** A stream to read: an input or an earlier statement's output, which is then marked read. */
    private Token stream(Map<String, List<Field>> streams, Set<String> read) throws EngineException {
        Token t = next("an input stream");
        if (!streams.containsKey(t.text()))
            throw error(t, "no input stream '" + t.text() + "'; streams here: " + String.join(", ", streams.keySet()));
        read.add(t.text());
        return t;
    }

    /** After {@code join table}: the table's stream and the key fields' pairs. */
    private TableJoinStep tableJoin(List<Field> fields, Map<String, List<Field>> streams, Set<String> read)
            throws EngineException {
        Token other = stream(streams, read);
        List<Field> otherFields = streams.get(other.text());
        List<Integer> left = new ArrayList<>(), right = new ArrayList<>();
        keys(fields, otherFields, left, right);
        TableJoinStep j = new TableJoinStep(
                other.text(),
                left.stream().mapToInt(Integer::intValue).toArray(),
                right.stream().mapToInt(Integer::intValue).toArray(),
                fields,
                otherFields);
        List<Field> out = j.outputFields();
        for (int i = fields.size(); i < out.size(); i++) {
            String name = out.get(i).name();
            if (fields.stream().anyMatch(g -> g.name().equals(name)))
                throw error(other, "both sides of the join have a field '" + name + "'; rename one with select … as");
        }
        return j;
    }

    /** {@code on a = b [and c = d …]}: the key fields of this side and of the other. */
    private void keys(List<Field> fields, List<Field> otherFields, List<Integer> left, List<Integer> right)
            throws EngineException {
        expect("on");
        do {
            if (!left.isEmpty()) at++; // and
            left.add(field(fields));
            expect("=");
            right.add(field(otherFields));
        } while (at < tokens.size() && peek().equalsIgnoreCase("and"));
    }

    /** After {@code join}: the other stream, the key fields' pairs and the time bound. */
    private JoinStep join(List<Field> fields, Map<String, List<Field>> streams, Set<String> read)
            throws EngineException {
        Token other = stream(streams, read);
        List<Field> otherFields = streams.get(other.text());
        List<Integer> left = new ArrayList<>();
        List<Integer> right = new ArrayList<>();
        keys(fields, otherFields, left, right);
        expect("within");
        Token d = next("a duration");
        long grace = 0;
        if (at < tokens.size() && peek().equalsIgnoreCase("grace")) {
            at++;
            grace = duration(next("a duration")).toMillis();
        }
        for (Field f : otherFields) {
            if (fields.stream().anyMatch(g -> g.name().equals(f.name())))
                throw error(
                        other, "both sides of the join have a field '" + f.name() + "'; rename one with select … as");
        }
        return new JoinStep(
                other.text(),
                left.stream().mapToInt(Integer::intValue).toArray(),
                right.stream().mapToInt(Integer::intValue).toArray(),
                duration(d).toMillis(),
                grace,
                fields,
                otherFields);
    }

    /** After {@code window}: the size, the advance, and what each window gives. */
    private Step window(List<Field> fields) throws EngineException {
        Token sizeToken = next("a window size");
        long size = duration(sizeToken).toMillis();
        long advance = size;
        if (at < tokens.size() && peek().equalsIgnoreCase("advance")) {
            at++;
            Token a = next("an advance");
            advance = duration(a).toMillis();
            if (advance < 1 || advance > size)
                throw error(a, "the advance must be at least 1 ms and at most the window's size " + sizeToken.text());
        }
        if (size < 1) throw error(sizeToken, "the window's size must be at least 1 ms");
        Token what = next("top, most, aggregate or distinct");
        switch (what.text().toLowerCase()) {
            case "distinct" -> {
                List<Integer> picked = new ArrayList<>();
                do {
                    if (!picked.isEmpty()) at++; // the comma
                    picked.add(field(fields));
                } while (at < tokens.size() && peek().equals(","));
                return new Step.Distinct(
                        size,
                        advance,
                        picked.stream().mapToInt(Integer::intValue).toArray(),
                        fields);
            }
            case "top", "most" -> {
                WindowStep.Kind kind = what.text().equalsIgnoreCase("top") ? WindowStep.Kind.TOP : WindowStep.Kind.MOST;
                return new WindowStep(size, advance, kind, field(fields), List.of(), fields);
            }
            case "aggregate" -> {
                List<WindowStep.Column> columns = new ArrayList<>();
                do {
                    if (!columns.isEmpty()) at++; // the comma
                    Token fn = next("count, sum, min, max or avg");
                    String f = fn.text().toLowerCase();
                    if (!List.of("count", "sum", "min", "max", "avg").contains(f))
                        throw error(fn, "expected count, sum, min, max or avg, found '" + fn.text() + "'");
                    expect("(");
                    int arg;
                    if (f.equals("count") && peek().equals("*")) {
                        at++;
                        arg = -1;
                    } else {
                        arg = field(fields);
                        FieldType type = fields.get(arg).type();
                        if (!(type == FieldType.INT
                                || type == FieldType.LONG
                                || type == FieldType.FLOAT
                                || type == FieldType.DOUBLE))
                            throw error(
                                    tokens.get(at - 1),
                                    "cannot " + f + " " + fields.get(arg).name() + ", a " + type);
                    }
                    expect(")");
                    expect("as");
                    columns.add(new WindowStep.Column(f, arg, next("a name").text()));
                } while (at < tokens.size() && peek().equals(","));
                return new WindowStep(size, advance, WindowStep.Kind.AGGREGATE, -1, columns, fields);
            }
            default -> throw error(what, "expected top, most, aggregate or distinct, found '" + what.text() + "'");
        }
    }

    private int field(List<Field> fields) throws EngineException {
        Token t = next("a field");
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(t.text())) return i;
        }
        throw error(
                t,
                "no field '" + t.text() + "'; the rows here have "
                        + fields.stream().map(Field::name).toList());
    }

    private static boolean isField(String name, List<Field> fields) {
        return fields.stream().anyMatch(x -> x.name().equals(name));
    }

    private long positiveInteger(Token t) throws EngineException {
        try {
            long n = Long.parseLong(t.text());
            if (n >= 1) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(t, "expected a positive integer, found '" + t.text() + "'");
    }

    private Object literal(Field field) throws EngineException {
        Token t = next("a value");
        String s = t.text();
        if (s.startsWith("'")) return s.substring(1, s.length() - 1);
        if (s.equals("true") || s.equals("false")) return Boolean.valueOf(s);
        try {
            return Double.valueOf(s);
        } catch (NumberFormatException e) {
            throw error(t, "expected a number, 'text', true or false for " + field.name() + ", found '" + s + "'");
        }
    }

    private Duration duration(Token t) throws EngineException {
        Matcher m = Pattern.compile("(\\d+)(ms|s|min|h)").matcher(t.text());
        if (!m.matches()) throw error(t, "expected a duration such as 500ms, 1s, 5min, found '" + t.text() + "'");
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "min" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
        };
    }

    private String peek() {
        return tokens.get(at).text();
    }

    private Token next(String expected) throws EngineException {
        if (at >= tokens.size()) {
            Token last = tokens.isEmpty() ? new Token("", 1, 1) : tokens.get(tokens.size() - 1);
            throw new EngineException(engine + ": line " + last.line() + " column "
                    + (last.col() + last.text().length()) + ": expected " + expected
                    + ", found the end of the queries");
        }
        return tokens.get(at++);
    }

    private void expect(String word) throws EngineException {
        Token t = next("'" + word + "'");
        if (!t.text().equalsIgnoreCase(word)) throw error(t, "expected '" + word + "', found '" + t.text() + "'");
    }

    private EngineException error(Token t, String what) {
        return new EngineException(engine + ": line " + t.line() + " column " + t.col() + ": " + what);
    }
}
