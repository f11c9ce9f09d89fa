package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Outputs are linked to the input whose send delivered them, not to the input their sequence
 * attribute names, on queries whose outputs name other inputs: a sliding window's expired events,
 * a join, a pattern, a per-group aggregate. Events 0…19 are sent one by one; the expected links
 * are worked out by hand below, per query.
 */
class OutputLinkTest {
    @TempDir
    Path tmp;

    static final int N = 20;

    static final String SIDDHI =
            """
            from S#window.length(2) select id insert all events into Expired;
            from S[id % 2 == 0] select id, k insert into Evens;
            from S[id % 2 == 1] select id, k insert into Odds;
            from Evens#window.length(1) join Odds#window.length(1) on Evens.k == Odds.k select Evens.id as id insert into Joined;
            from every e1=S -> e2=S select e1.id as id insert into Followed;
            from S select id, id % 2 as g insert into T;
            from T#window.length(4) select g, min(id) as id group by g insert into Grouped;""";

    static final String ESPER =
            """
            insert irstream into Expired select id from S#length(2);
            insert into Evens select id, k from S where id % 2 = 0;
            insert into Odds select id, k from S where id % 2 = 1;
            insert into Joined select a.id as id from Evens#length(1) as a, Odds#length(1) as b where a.k = b.k;
            insert into Followed select a.id as id from pattern [every a=S -> b=S];
            insert into T select id, id % 2 as g from S;
            insert into Grouped select g, min(id) as id from T#length(4) group by g;""";

    /** (linked seq, declared seq) of every output of one stream, sorted. */
    static List<String> expected(String stream) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            switch (stream) {
                    // every event, and from the third on the one it pushes out of the window (two back)
                case "Expired" -> {
                    out.add(i + "<-" + i);
                    if (i >= 2) out.add(i + "<-" + (i - 2));
                }
                    // each event from the second on joins the last one of the other parity; the output names the even
                    // one
                case "Joined" -> {
                    if (i >= 1) out.add(i + "<-" + (i % 2 == 0 ? i : i - 1));
                }
                    // event i completes the pattern event i-1 started, and the output names i-1
                case "Followed" -> {
                    if (i >= 1) out.add(i + "<-" + (i - 1));
                }
                    // the window holds i-3…i; i's group (its parity) then holds i-2 and i: the minimum is i-2
                case "Grouped" -> out.add(i + "<-" + (i >= 2 ? i - 2 : i));
                default -> throw new IllegalArgumentException(stream);
            }
        }
        out.sort(null);
        return out;
    }

    static String workload(String engine, String queries, String options) {
        return """
                name: links
                streams:
                  S: {fields: {id: long, k: long}, sequence: id}
                data:
                  S: {pool: 10, fields: {k: {values: [1]}}}
                engine:
                  name: %s
                  options: %s
                  queries: |
                %s
                  outputs:
                    Expired: {sequence: id}
                    Joined: {sequence: id}
                    Followed: {sequence: id}
                    Grouped: {sequence: id}
                load:
                  phases: [{constant: {rate: 1000, count: %d}}]
                measure: {live: false, jfr: false}
                """
                .formatted(engine, options, queries.indent(4).stripTrailing(), N);
    }

    /** Esper without its internal timer delivers every output of these queries inside send, on the sending thread. */
    @ParameterizedTest
    @ValueSource(strings = {"siddhi", "esper"})
    void everyOutputIsLinkedToTheInputWhoseSendDeliveredIt(String engine) throws Exception {
        Path run = tmp.resolve("run");
        String w = engine.equals("siddhi")
                ? workload(engine, SIDDHI, "{}")
                : workload(engine, ESPER, "{internal_timer: false}");
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        long total = 0, differing = 0;
        for (String stream : List.of("Expired", "Joined", "Followed", "Grouped")) {
            List<String> got = new ArrayList<>();
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT seq, declared, link FROM read_parquet('"
                            + t.resolve("outputs.parquet") + "') WHERE stream = '" + stream + "'")) {
                while (rs.next()) {
                    got.add(rs.getLong(1) + "<-" + rs.getLong(2));
                    assertThat(rs.getString(3)).isEqualTo("send");
                    if (rs.getLong(1) != rs.getLong(2)) differing++;
                    total++;
                }
            }
            got.sort(null);
            assertThat(got).as(engine + " " + stream).isEqualTo(expected(stream));
        }
        JsonNode links =
                new ObjectMapper().readTree(t.resolve("result.json").toFile()).get("links");
        assertThat(links.get("send").asLong()).isEqualTo(total);
        assertThat(links.get("declared").asLong()).isZero();
        assertThat(links.get("differing").asLong()).isEqualTo(differing).isEqualTo(18 + 10 + 19 + 18);
        Cli summary = Cli.run("summary", run.toString());
        assertThat(summary.out)
                .contains("outputs linked to their input: " + total + " by the send that delivered them")
                .contains("; 65 name another input in their sequence attribute");
    }

    /**
     * With its internal timer on, Esper may call listeners of a pattern on its timer thread: the
     * adapter says so, and every output is linked by its sequence attribute (the declared rule),
     * which for these queries names the other inputs worked out above.
     */
    @org.junit.jupiter.api.Test
    void anEngineThatMayDeliverOnItsOwnThreadsIsLinkedByTheDeclaredAttribute() throws Exception {
        Path run = tmp.resolve("timer");
        Cli cli = Cli.run(
                "run",
                Cli.write(tmp, "t.yaml", workload("esper", ESPER, "{internal_timer: true}"))
                        .toString(),
                "--out",
                run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT count(*), count(*) FILTER (WHERE link = 'declared' AND seq = declared) FROM read_parquet('"
                                + t.resolve("outputs.parquet") + "')")) {
            rs.next();
            assertThat(rs.getLong(1))
                    .isEqualTo(expected("Expired").size()
                            + expected("Joined").size()
                            + expected("Followed").size()
                            + expected("Grouped").size());
            assertThat(rs.getLong(2)).isEqualTo(rs.getLong(1));
        }
        JsonNode result = new ObjectMapper().readTree(t.resolve("result.json").toFile());
        assertThat(result.get("output_delivery").asText()).isEqualTo("any-thread");
        assertThat(result.get("links").get("differing").asLong()).isZero();
    }

    /**
     * Micro-batches of 4 (events 4b…4b+3 in one send): an output whose sequence attribute names an
     * event of the batch is linked to that event ("batch"); one naming an earlier event (an event
     * expired by the batch's first two, a pattern completed by its first) to the batch's last
     * event ("batch-last").
     */
    @org.junit.jupiter.api.Test
    void insideAMicroBatchTheNamedEventOfTheBatchOrElseItsLastEvent() throws Exception {
        Path run = tmp.resolve("batch");
        String w = workload("siddhi", SIDDHI, "{}").replace("load:", "load:\n  batch: {size: 4}");
        Cli cli = Cli.run("run", Cli.write(tmp, "b.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        for (String stream : List.of("Expired", "Followed")) {
            List<String> want = new ArrayList<>();
            for (String e : expected(stream)) {
                long delivering = Long.parseLong(e.substring(0, e.indexOf('<'))),
                        declared = Long.parseLong(e.substring(e.indexOf('-') + 1));
                boolean inBatch = declared / 4 == delivering / 4;
                want.add((inBatch ? declared : delivering / 4 * 4 + 3) + "<-" + declared + " "
                        + (inBatch ? "batch" : "batch-last"));
            }
            want.sort(null);
            List<String> got = new ArrayList<>();
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT seq, declared, link FROM read_parquet('"
                            + t.resolve("outputs.parquet") + "') WHERE stream = '" + stream + "'")) {
                while (rs.next()) got.add(rs.getLong(1) + "<-" + rs.getLong(2) + " " + rs.getString(3));
            }
            got.sort(null);
            assertThat(got).as(stream).isEqualTo(want);
        }
    }
}
