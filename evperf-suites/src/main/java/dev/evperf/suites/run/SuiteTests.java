package dev.evperf.suites.run;

import dev.evperf.api.config.Suggest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The suites' tests, each a spec with its factor sweep, as seed 001's chapter 4 and Nexmark define
 * them. A point's spec is neutral YAML (flow style); the runner adds the data's rate. The quick
 * sweep keeps every test on small factors so the whole suite runs in minutes; the full sweep has
 * the thesis's factors (docs/suites.md §6).
 */
public final class SuiteTests {
    private SuiteTests() {}

    /** One factor value of a test and its spec. */
    public record Point(String value, String spec) {}

    /**
     * @param name   the test's name for {@code --tests}
     * @param title  what it measures, for the report
     * @param factor the factor swept (the x axis)
     */
    public record Test(String name, String title, String factor, List<Point> points) {
        /** The adaptivity test runs under its own load (a ramp, λ, a peak, λ again), not the suite's. */
        public boolean adaptivity() {
            return name.equals(ADAPTIVITY);
        }
    }

    /** The name of FINCoS's adaptivity test: Q2 under a peak of 1.5 λ (seed 001, "Adaptivity phases"). */
    public static final String ADAPTIVITY = "adaptivity";

    private static Test test(
            String name, String title, String factor, List<String> values, Function<String, String> spec) {
        List<Point> points = new ArrayList<>();
        for (String v : values) points.add(new Point(v, spec.apply(v)));
        return new Test(name, title, factor, points);
    }

    /** Seed 001's chapter-4 microbenchmarks. */
    public static List<Test> micro(boolean quick) {
        List<Test> t = new ArrayList<>();
        t.add(test(
                "selection",
                "Q1 selection: throughput against selectivity",
                "selectivity %",
                List.of("1", "5", "25", "50"),
                v -> "{test: filter, selectivity: " + v + "}"));
        t.add(test(
                "projection",
                "Q1 projection: all N attributes of every event",
                "attributes N",
                quick ? List.of("5", "25") : List.of("5", "25", "50", "100", "125"),
                v -> "{test: filter, selectivity: 100, stream: {attributes: " + v + "}}"));
        List<String> rows = quick ? List.of("500") : List.of("500", "5000", "50000", "500000");
        for (String f : List.of("max", "avg", "stddev", "median")) {
            t.add(test(
                    "count_sliding_" + f,
                    "Q2 sliding count window, " + f.toUpperCase() + "(A1) per ID",
                    "rows R",
                    rows,
                    v -> "{test: count_window, function: " + f + ", rows: " + v + ", stream: {max_id: 10}}"));
            t.add(test(
                    "count_tumbling_" + f,
                    "Q2 tumbling count window, " + f.toUpperCase() + "(A1) per ID",
                    "rows R",
                    rows,
                    v -> "{test: count_window, function: " + f + ", rows: " + v + ", slide: " + v
                            + ", stream: {max_id: 10}}"));
        }
        List<String> ranges = quick ? List.of("1s") : List.of("1s", "10s", "60s");
        // Event time starts at 1 h, not 0: Kafka Streams has no hopping windows before the epoch, and a start
        // that is a multiple of P and at least W - P gives every engine and the model the same windows.
        String start = ", stream: {start: 3600000}";
        t.add(test(
                "time_paned",
                "Q4 time window AVG(A1), paned by the query (SUM/COUNT per pane)",
                "range W",
                ranges,
                v -> "{test: time_window, function: avg, range: " + v + ", slide: 100ms, paned: true" + start + "}"));
        t.add(test(
                "time_direct",
                "Q3 time window AVG(A1), direct: does the engine pane by itself?",
                "range W",
                ranges,
                v -> "{test: time_window, function: avg, range: " + v + ", slide: 100ms" + start + "}"));
        t.add(test(
                "window_join",
                "Q5 join of two count windows on ID",
                "matches per event",
                quick ? List.of("1") : List.of("0.01", "0.1", "1", "10"),
                v -> "{test: window_join, rows: " + (quick ? 100 : 1000) + ", matches: " + v + "}"));
        t.add(test(
                "table_join",
                "Q6 join with an in-memory table",
                "table rows",
                quick ? List.of("1000") : List.of("1000", "10000", "100000", "1000000", "10000000"),
                v -> "{test: table_join, rows: " + v + "}"));
        t.add(test(
                "table_join_database",
                "Q6 join with a PostgreSQL table, one query per event",
                "table rows",
                quick ? List.of("1000") : List.of("1000", "10000", "100000", "1000000", "10000000"),
                v -> "{test: table_join, rows: " + v + ", table: database}"));
        t.add(test(
                "pattern",
                "Q7 SEQ(A a1, A a2) by ID, a2.A1 > K, all-to-all (quick: within 100 ms, 100 IDs; full: within 1 s, 20 IDs)",
                "selectivity % of a2.A1 > K",
                quick ? List.of("10") : List.of("1", "10", "50"),
                // Quick keeps ~1 match per event: within 1 s over 20 IDs is ~50 per event at 10 000 ev/s, and
                // Siddhi's all-to-all sequence did not finish 30 000 events of it in 5 min on this machine.
                v -> quick
                        ? "{test: pattern, within: 100ms, selectivity: " + v + ", stream: {max_id: 100}}"
                        : "{test: pattern, within: 1s, selectivity: " + v + ", stream: {max_id: 20}}"));
        List<String> n = quick ? List.of("4") : List.of("1", "4", "16", "64");
        t.add(test(
                "multi_identical",
                "N identical Q5 queries: is plan sharing visible?",
                "queries N",
                n,
                v -> "{test: multi_query, queries: " + v + ", kind: identical, rows: 100}"));
        t.add(test(
                "multi_similar",
                "N similar Q5 queries (window sizes up to max_rows)",
                "queries N",
                n,
                v -> "{test: multi_query, queries: " + v + ", kind: similar, rows: 100, max_rows: 200}"));
        // The seed's adaptivity test: a count-window aggregate (Q2, sliding AVG over R = 500) under a peak of 1.5 λ.
        t.add(test(
                ADAPTIVITY,
                "Adaptivity: Q2 sliding AVG(A1) over 500 rows under a peak of 1.5 λ (ramp, steady λ, peak, recovery at λ)",
                "peak factor",
                List.of("1.5"),
                v -> "{test: count_window, function: avg, rows: 500, stream: {max_id: 10}}"));
        return t;
    }

    /** The Nexmark queries, each a test of one point (the query at Nexmark's parameters). */
    public static List<Test> nexmark(boolean quick) {
        List<Test> t = new ArrayList<>();
        for (String q : List.of("q0", "q1", "q2", "q3", "q5", "q7", "q8", "cep1", "cep2")) {
            t.add(new Test(q, "Nexmark " + q, "query", List.of(new Point(q, "{query: " + q + "}"))));
        }
        return t;
    }

    /** The tests named (all when {@code names} is empty). @throws IllegalArgumentException naming an unknown test */
    public static List<Test> select(List<Test> all, List<String> names) {
        if (names.isEmpty()) return all;
        List<Test> out = new ArrayList<>();
        for (String name : names) {
            Test found =
                    all.stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
            if (found == null) {
                List<String> known = all.stream().map(Test::name).toList();
                String hint = Suggest.closest(name, known);
                throw new IllegalArgumentException("unknown test '" + name + "'"
                        + (hint != null ? "; did you mean '" + hint + "'?" : "; tests: " + String.join(", ", known)));
            }
            out.add(found);
        }
        return out;
    }
}
