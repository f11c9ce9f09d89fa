package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seeded random damage to a workload file, as a user's typos, a bad merge, a wrong copy and paste
 * or a broken disk would do it: lines lost, doubled or swapped, the file cut short, YAML's
 * punctuation and indentation disturbed, values and keys replaced by others (edge numbers, wrong
 * types, other keys of the format), bytes that are not UTF-8. Same seed, same mutation.
 */
final class WorkloadMutator {
    /** Values that sit on an edge of some check, or have the wrong type for most keys. */
    static final String[] VALUES = {
        "0",
        "-1",
        "1",
        "2",
        "3",
        "0.5",
        "1e300",
        "-1e300",
        "1e-300",
        "NaN",
        ".nan",
        ".inf",
        "-.inf",
        "9223372036854775807",
        "99999999999999999999",
        "2147483647",
        "2147483648",
        "1000000",
        "",
        "~",
        "null",
        "\"null\"",
        "true",
        "false",
        "yes",
        "[]",
        "{}",
        "[1, 2]",
        "[[]]",
        "[[-Xint]]",
        "{a: 1}",
        "abc",
        "0ms",
        "1ns",
        "1ms",
        "100us",
        "2s",
        "1.5s",
        "-1s",
        "10 s",
        "100h",
        "1000000h",
        "µs",
        "siddhi",
        "esper",
        "poisson",
        "deterministic",
        "listener",
        "send-end",
        "'x'",
        "\"\\u0000\"",
        "\"\\t\"",
        "!!binary AAAA",
        "&a 1",
        "*a",
        "-",
        "?",
        "|",
        ">",
        "#",
        "\"" + "x".repeat(1000) + "\"",
        "[-Xmx1q]",
        "[-XX:+NoSuchOption]",
        "[-Xint]",
        "[foo]",
        "data/stocks.txt",
        "../nothing.txt",
        "/dev/zero",
        "/",
        "{handler: buffered}",
        "{handler: nosuch}",
        "{sink: {csv: x.csv}}",
        "{count: 2, size: 2, distance: 1ms}",
        "{rate: 10, duration: 1s}",
        "{rate: 1e9, count: 1000}",
        "{min: 1, max: 2, period: 1ns, duration: 100h}",
        "{levels: [1, 2], step: 1ns}",
        "{min: 1, max: 2, step: 1, interval: 1ns, duration: 1000h}"
    };

    /** Keys of the workload format, and a few that are not. */
    static final String[] KEYS = {
        "name",
        "description",
        "streams",
        "fields",
        "sequence",
        "data",
        "pool",
        "seed",
        "file",
        "path",
        "delimiter",
        "header",
        "columns",
        "engine",
        "queries",
        "outputs",
        "options",
        "service_time",
        "internal_timer",
        "load",
        "stream",
        "senders",
        "batch",
        "size",
        "interval",
        "phases",
        "measure",
        "bursts",
        "count",
        "distance",
        "constant",
        "rate",
        "duration",
        "max",
        "ramp",
        "from",
        "to",
        "stairs",
        "levels",
        "step",
        "wave",
        "min",
        "period",
        "auto",
        "binary",
        "increasing",
        "decreasing",
        "spike",
        "random_walk",
        "start",
        "adaptivity",
        "fraction",
        "sustained",
        "steady",
        "peak",
        "peak_factor",
        "recovery",
        "replay",
        "column",
        "unit",
        "speed",
        "arrivals",
        "matrix",
        "repetitions",
        "latency",
        "records",
        "hlog_interval",
        "receipt",
        "tracepoints",
        "trace_capacity",
        "sensors",
        "enabled",
        "virtual",
        "aliases",
        "pipeline",
        "jfr",
        "live",
        "skip_bursts",
        "trial",
        "timeout",
        "jvm",
        "drain_quiet",
        "drain_timeout",
        "outputs_per_input",
        "max_errors",
        "pre_run",
        "channels",
        "pipelines",
        "databases",
        "url",
        "handler",
        "compression",
        "sink",
        "queue",
        "capacity",
        "policy",
        "consumers",
        "values",
        "uniform",
        "normal",
        "mean",
        "std",
        "exponential",
        "sequential",
        "nosuchkey",
        "Distance",
        "load.phases"
    };

    private static final String PUNCTUATION = ":{}[],-#&*!|>'\"%@`? \t\n";
    private static final Pattern VALUE = Pattern.compile("(:\\s+)([^\\s{}\\[\\],#][^,}\\]\\n#]*)");
    private static final Pattern KEY = Pattern.compile("([A-Za-z_][A-Za-z0-9_.]*)(\\s*:)");

    private WorkloadMutator() {}

    /**
     * One to three mutations of {@code text}, chosen by {@code seed}: half of them on the text
     * (syntax), half on the parsed tree written back as YAML (meaning: every value and key of the
     * format is reached, not only what survives a syntax error).
     */
    static byte[] mutate(String text, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        if (r.nextBoolean()) {
            try {
                JsonNode tree = YAML.readTree(text);
                int n = 1 + r.nextInt(3);
                for (int i = 0; i < n; i++) tree = WorkloadTreeMutator.once(tree, r);
                return YAML.writeValueAsBytes(tree);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) bytes = once(bytes, r);
        return bytes;
    }

    static final ObjectMapper YAML = new YAMLMapper();

    /** Random bytes, random printable text, or random YAML-ish tokens: never a workload, always bad input. */
    static byte[] noise(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int len = r.nextInt(2000);
        switch (r.nextInt(3)) {
            case 0 -> {
                byte[] b = new byte[len];
                r.nextBytes(b);
                return b;
            }
            case 1 -> {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < len; i++) sb.append((char) (32 + r.nextInt(95)));
                return sb.toString().getBytes(StandardCharsets.UTF_8);
            }
            default -> {
                StringBuilder sb = new StringBuilder();
                while (sb.length() < len) {
                    sb.append(r.nextBoolean() ? pick(KEYS, r) : pick(VALUES, r));
                    sb.append(PUNCTUATION.charAt(r.nextInt(PUNCTUATION.length())));
                }
                return sb.toString().getBytes(StandardCharsets.UTF_8);
            }
        }
    }

    private static byte[] once(byte[] bytes, SplittableRandom r) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int line = r.nextInt(lines.size());
        switch (r.nextInt(12)) {
            case 0 -> lines.remove(line);
            case 1 -> lines.add(line, lines.get(line));
            case 2 -> {
                int other = r.nextInt(lines.size());
                String a = lines.get(line);
                lines.set(line, lines.get(other));
                lines.set(other, a);
            }
            case 3 -> {
                return java.util.Arrays.copyOf(
                        bytes, r.nextInt(bytes.length + 1)); // cut short, maybe inside a UTF-8 sequence
            }
            case 4 -> {
                int at = r.nextInt(text.length() + 1);
                return (text.substring(0, at)
                                + PUNCTUATION.charAt(r.nextInt(PUNCTUATION.length()))
                                + text.substring(at))
                        .getBytes(StandardCharsets.UTF_8);
            }
            case 5 -> {
                int at = r.nextInt(text.length() + 1), to = Math.min(text.length(), at + r.nextInt(20));
                return (text.substring(0, at) + text.substring(to)).getBytes(StandardCharsets.UTF_8);
            }
            case 6 -> {
                String l = lines.get(line);
                lines.set(line, r.nextBoolean() ? " ".repeat(1 + r.nextInt(4)) + l : l.stripLeading());
            }
            case 7 -> lines.set(line, replace(lines.get(line), VALUE, 2, pick(VALUES, r), r));
            case 8 -> lines.set(line, replace(lines.get(line), KEY, 1, pick(KEYS, r), r));
            case 9 -> {
                String indent = " ".repeat(2 * r.nextInt(4));
                lines.add(line, indent + pick(KEYS, r) + ": " + pick(VALUES, r));
            }
            case 10 -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                int at = r.nextInt(bytes.length + 1);
                out.write(bytes, 0, at);
                byte[] junk = new byte[1 + r.nextInt(4)];
                r.nextBytes(junk);
                out.write(junk, 0, junk.length);
                out.write(bytes, at, bytes.length - at);
                return out.toByteArray();
            }
            default -> {
                // every value of one line's kind replaced: e.g. all durations of a phase at once
                for (int i = 0; i < lines.size(); i++) {
                    if (r.nextInt(4) == 0) lines.set(i, replace(lines.get(i), VALUE, 2, pick(VALUES, r), r));
                }
            }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    /** One match of the pattern's group in the line, chosen at random, replaced. */
    private static String replace(String line, Pattern p, int group, String with, SplittableRandom r) {
        Matcher m = p.matcher(line);
        List<int[]> spans = new ArrayList<>();
        while (m.find()) spans.add(new int[] {m.start(group), m.end(group)});
        if (spans.isEmpty()) return line;
        int[] s = spans.get(r.nextInt(spans.size()));
        return line.substring(0, s[0]) + with + line.substring(s[1]);
    }

    static String pick(String[] from, SplittableRandom r) {
        return from[r.nextInt(from.length)];
    }
}
