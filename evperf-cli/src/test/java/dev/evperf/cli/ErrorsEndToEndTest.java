package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors inside the engine are counted, not only logged: the null engine failing on every N-th
 * send (reported, and thrown out of send), and real Siddhi and Esper queries that throw on every
 * tenth event (a failing cast, a division by zero of a cast) while evperf's own log function gets
 * null ids without failing.
 */
class ErrorsEndToEndTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** 300 sends: every 10th fails, every 100th of them by throwing out of send (27 reported, 3 thrown). */
    static String failingNull(String trial) {
        return """
                name: failing
                streams:
                  S: {fields: {v: double}}
                engine:
                  name: "null"
                  options: {error_every: 10, throw_every: 100}
                  outputs: {out: {}}
                load:
                  phases:
                    - {name: m, constant: {rate: 3000, count: 300}}
                """
                + trial;
    }

    @Test
    void moreErrorsThanAllowedFailTheTrialAndKeepItsRecords() throws Exception {
        Path run = tmp.resolve("fail");
        Cli cli = Cli.run("run", Cli.write(tmp, "f.yaml", failingNull("")).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.out + cli.err).isEqualTo(1);
        JsonNode t =
                JSON.readTree(run.resolve("run.json").toFile()).get("trials").get(0);
        assertThat(t.get("status").asText()).isEqualTo("failed");
        assertThat(t.get("errors").asLong()).isEqualTo(30);
        assertThat(t.get("reason").asText())
                .startsWith(
                        "the engine raised 30 errors while processing events (27 caught and reported"
                                + " by the engine, 3 thrown out of send), more than trial.max_errors (0); the first (null engine): ");
        Path dir = run.resolve("trials/t001");
        JsonNode errors = JSON.readTree(dir.resolve("result.json").toFile()).get("errors");
        assertThat(errors.get("reported").asLong()).isEqualTo(27);
        assertThat(errors.get("escaped_send").asLong()).isEqualTo(3);
        assertThat(errors.get("first")).hasSize(5);
        assertThat(Files.readAllLines(dir.resolve("errors.csv"))).hasSize(31);
        assertThat(dir.resolve("events.parquet")).exists(); // all 300 sends went out, on schedule
        assertThat(Cli.one("SELECT count(*) FROM read_parquet('" + dir.resolve("events.parquet") + "')"))
                .isEqualTo(300);
        assertThat(cli.out).contains("FAILED: the engine raised 30 errors");
    }

    @Test
    void upToMaxErrorsTheTrialIsOkWithErrorsInEveryFormat() throws Exception {
        Path run = tmp.resolve("ok");
        Cli cli = Cli.run(
                "run",
                Cli.write(tmp, "o.yaml", failingNull("trial: {max_errors: 30}\n"))
                        .toString(),
                "--out",
                run.toString(),
                "--format",
                "json");
        assertThat(cli.exit).as(cli.out + cli.err).isZero();
        JsonNode t = JSON.readTree(cli.out).get("trials").get(0);
        assertThat(t.get("status").asText()).isEqualTo("ok");
        assertThat(t.get("status_text").asText()).isEqualTo("ok with 30 errors");
        assertThat(t.get("outputs").asLong()).isEqualTo(270);
        JsonNode e = t.get("errors");
        assertThat(e.get("count").asLong()).isEqualTo(30);
        // every failing send was under way when its error was recorded, and delivered nothing
        assertThat(e.get("inputs_hit").asLong()).isEqualTo(30);
        assertThat(e.get("inputs_without_output").asLong()).isEqualTo(30);
        assertThat(kinds(t)).contains("errors");
        assertThat(JSON.readTree(run.resolve("run.json").toFile())
                        .get("trials")
                        .get(0)
                        .get("errors")
                        .asLong())
                .isEqualTo(30);

        Cli text = Cli.run("summary", run.toString());
        assertThat(text.out)
                .contains(
                        "1 ok (1 with errors)",
                        "status: ok with 30 errors",
                        "! errors (trial): 30 errors inside the engine (27 caught and reported by it, 3 thrown out of send; trial.max_errors 30);"
                                + " 30 inputs hit, 30 of them delivered no output");
        Cli csv = Cli.run("summary", run.toString(), "--format", "csv");
        List<String> lines = csv.out.lines().toList();
        assertThat(lines.get(0)).startsWith("id,status,errors,disturbed,");
        assertThat(lines.get(1)).startsWith("t001,ok with 30 errors,30,");
    }

    /** k runs 0, 1, 2, …: a query fails on every event with k % 10 == 0; the log function gets a null id for odd k. */
    static String engine(String name, String queries) {
        return """
                name: %s
                streams:
                  S: {fields: {k: long, symbol: string}}
                data:
                  S:
                    pool: 1000
                    fields:
                      k: {sequential: {start: 0, step: 1}}
                      symbol: {values: [A, B]}
                engine:
                  name: %s
                  queries: |
                    %s
                  outputs: {Out: {sequence: seq}}
                load:
                  phases:
                    - {name: m, constant: {rate: 2000, count: 400}}
                trial: {max_errors: 1000}
                """
                .formatted(name, name, queries);
    }

    @Test
    void siddhiAndEsperQueriesThatThrowAreCountedAndEvperfsLogTakesNull() throws Exception {
        List<String> queries = new ArrayList<>();
        // a cast that fails when 'or' has to evaluate it; convert gives null for 'A' and 'B'
        queries.add(
                engine(
                        "siddhi",
                        "from S[k % 10 != 0 or cast(symbol, 'int') > 0] select seq, evperf:log('ids', convert(symbol, 'long')) as id insert into Out;"));
        // a division by zero of a cast (BigDecimal division throws), and a null id for odd k
        queries.add(
                engine(
                        "esper",
                        "insert into Out select seq, evperfLog('ids', case when k % 2 = 0 then k else null end) as id,"
                                + " case when k % 10 = 0 then cast(1, BigDecimal) / cast(0, BigDecimal) else cast(0, BigDecimal) end as x from S;"));
        for (String w : queries) {
            Path run = tmp.resolve("engine-" + queries.indexOf(w));
            Cli cli = Cli.run(
                    "run",
                    Cli.write(tmp, "e" + queries.indexOf(w) + ".yaml", w).toString(),
                    "--out",
                    run.toString(),
                    "--format",
                    "json");
            assertThat(cli.exit).as(cli.out + cli.err).isZero();
            JsonNode t = JSON.readTree(cli.out).get("trials").get(0);
            JsonNode e = t.get("errors");
            assertThat(e.get("count").asLong())
                    .as(w)
                    .isEqualTo(40); // exactly the tenth events: evperf's function raised none
            assertThat(e.get("reported").asLong()).isEqualTo(40);
            assertThat(e.get("inputs_without_output").asLong()).isEqualTo(40);
            assertThat(t.get("outputs").asLong()).isEqualTo(360);
            assertThat(e.get("first").get(0).get("message").asText())
                    .containsAnyOf("ClassCastException", "Division by zero");
        }
    }

    /**
     * A static method the EPL calls throws on every tenth event: Esper only logs it and goes on with a null
     * value (the output still comes), evperf counts it like any other engine error.
     */
    @Test
    void anEsperStaticMethodThatThrowsIsCountedInResultAndSummary() throws Exception {
        String w = engine(
                        "esper",
                        "@name('parse') insert into Out select seq,"
                                + " Integer.parseInt(case when k % 10 = 0 then symbol else '1' end) as n from S;")
                .replace("trial: {max_errors: 1000}", "trial: {max_errors: 40}");
        Path run = tmp.resolve("static");
        Cli cli = Cli.run("run", Cli.write(tmp, "static.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.out + cli.err).isZero();
        JsonNode e =
                JSON.readTree(run.resolve("trials/t001/result.json").toFile()).get("errors");
        assertThat(e.get("count").asLong()).isEqualTo(40);
        assertThat(e.get("reported").asLong()).isEqualTo(40);
        JsonNode first = e.get("first").get(0);
        assertThat(first.get("where").asText()).isEqualTo("statement 'parse' (static method Integer.parseInt)");
        assertThat(first.get("message").asText()).startsWith("java.lang.NumberFormatException: For input string: ");
        assertThat(Cli.run("summary", run.toString()).out)
                .contains("status: ok with 40 errors", "40 errors inside the engine");
    }

    static List<String> kinds(JsonNode trial) {
        List<String> out = new ArrayList<>();
        trial.get("warnings").forEach(w -> out.add(w.get("kind").asText()));
        return out;
    }
}
