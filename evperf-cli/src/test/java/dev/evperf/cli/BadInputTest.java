package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input: one line naming the file and the position or field, exit code 2, no stack trace, and
 * nothing run (no results directory is created).
 */
class BadInputTest {
    @TempDir
    Path tmp;

    static final String GOOD =
            """
            name: bad
            streams:
              StockStream:
                fields: {id: long, symbol: string, price: float, volume: long}
                sequence: id
            engine:
              name: siddhi
              queries: |
                from StockStream select id, symbol, price, volume insert into OutputStream;
              outputs:
                OutputStream: {sequence: id}
            load:
              phases:
                - name: measure
                  bursts: {count: 2, size: 10, distance: 1ms}
            """;

    private Cli runBad(String yaml) throws Exception {
        return runBad(yaml, "w.yaml");
    }

    /** @param namedFile the file the one line must name (the workload, or the data file at fault) */
    private Cli runBad(String yaml, String namedFile) throws Exception {
        Path w = Cli.write(tmp, "w.yaml", yaml);
        Path out = tmp.resolve("out");
        Cli cli = Cli.run("run", w.toString(), "--out", out.toString());
        assertThat(cli.exit).as(cli.toString()).isEqualTo(2);
        String[] lines = cli.err.strip().split("\n");
        assertThat(lines).as(cli.err).hasSize(1);
        assertThat(cli.err)
                .contains(tmp.resolve(namedFile).toString())
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        assertThat(Files.exists(out))
                .as("nothing may run before the workload is valid")
                .isFalse();
        return cli;
    }

    @Test
    void goodWorkloadPassesValidation() {
        Path w;
        try {
            w = Cli.write(tmp, "w.yaml", GOOD);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        Cli cli = Cli.run("run", w.toString(), "--dry-run");
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out).contains("t001");
    }

    @Test
    void yamlSyntaxErrorHasLineAndColumn() throws Exception {
        Cli cli = runBad(GOOD.replace("fields: {id: long,", "fields: {id: long,,]"));
        assertThat(cli.err).contains("YAML syntax error").containsPattern("w\\.yaml:4:\\d+");
    }

    @Test
    void yamlSyntaxErrorSaysWhatIsWrongWhereNotOnlyItsContext() throws Exception {
        // the flow mapping starts on line 4; the problem is the stray ':' after "volume: long"
        Cli cli = runBad(GOOD.replace("volume: long}", "volume: long: x}"));
        assertThat(cli.err)
                .contains("w.yaml:4:")
                .contains("YAML syntax error: ")
                .doesNotStartWith("while parsing")
                .containsPattern(
                        "w\\.yaml:4:\\d+: YAML syntax error: [^(]*(mapping values are not allowed|expected ',' or '}')")
                .contains("(while parsing a flow mapping started at 4:");
    }

    /** Found by the workload fuzz test (seed 20240610, mutation 7627): the string "null" as a bound, which Jackson reads as no number, was an internal error. */
    @Test
    void aUniformGeneratorWithANullBoundIsBadInput() throws Exception {
        Cli cli = runBad(GOOD.replace(
                "load:\n", "data:\n  StockStream:\n    fields:\n      price: {uniform: [\"null\", 100]}\nload:\n"));
        assertThat(cli.err)
                .contains("data.StockStream.fields.price.uniform")
                .contains("expected [min, max] with min < max");
    }

    @Test
    void duplicateKeysAreRejectedNotSilentlyOverwritten() throws Exception {
        Cli top = runBad(GOOD + "name: again\n");
        assertThat(top.err).containsPattern("w\\.yaml:16:\\d+: duplicate key 'name'");
        Cli inner = runBad(GOOD.replace(
                "bursts: {count: 2, size: 10, distance: 1ms}",
                "bursts: {count: 2, size: 10, count: 3, distance: 1ms}"));
        assertThat(inner.err).containsPattern("w\\.yaml:15:\\d+: duplicate key 'count'");
    }

    @Test
    void invalidUtf8InTheWorkloadNamesLineAndColumn() throws Exception {
        byte[] good = GOOD.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int at = GOOD.indexOf("StockStream:"); // line 3, column 3
        byte[] bad = new byte[good.length + 1];
        System.arraycopy(good, 0, bad, 0, at);
        bad[at] = (byte) 0xC3; // a lead byte followed by 'S': not UTF-8
        System.arraycopy(good, at, bad, at + 1, good.length - at);
        Path w = tmp.resolve("w.yaml");
        Files.write(w, bad);
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("out").toString());
        assertThat(cli.exit).as(cli.toString()).isEqualTo(2);
        assertThat(cli.err.strip().lines()).hasSize(1);
        assertThat(cli.err).contains(w + ":3:3: not UTF-8 text (byte 0xC3)").doesNotContain("Input length");
    }

    @Test
    void invalidUtf8InADataFileNamesItsLine() throws Exception {
        Files.write(
                tmp.resolve("stocks.txt"),
                "IBM 10.5 100\nWSO2 11.5 200\nOR\u00ffCL 12 300\n"
                        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Cli cli = runBad(
                GOOD.replace(
                        "engine:",
                        """
                data:
                  StockStream:
                    file: {path: stocks.txt, delimiter: " ", header: false}
                engine:"""),
                "stocks.txt");
        assertThat(cli.err).contains("stocks.txt:3:3: not UTF-8 text (byte 0xFF)");
    }

    @Test
    void aPoolLargerThanTheHeapIsRejectedBeforeItIsBuilt() throws Exception {
        Cli cli = runBad(
                GOOD.replace(
                        "engine:",
                        """
                data:
                  StockStream: {pool: 2000000000}
                engine:"""));
        assertThat(cli.err)
                .contains("data.StockStream.pool")
                .contains("GiB")
                .contains("smaller pool")
                .doesNotContain("OutOfMemoryError");
    }

    @Test
    void aScheduleLongerThanTheTrialTimeoutIsRejected() throws Exception {
        Cli cli = runBad(phase("constant: {rate: 100, duration: 2m}") + "trial: {timeout: 1m}\n");
        assertThat(cli.err)
                .contains("trial.timeout")
                .contains("lasts 2.0 min")
                .contains("longer than trial.timeout (1m)");
    }

    @Test
    void drainQuietMustBeShorterThanDrainTimeout() throws Exception {
        Cli cli = runBad(GOOD + "trial: {drain_quiet: 2s, drain_timeout: 1s}\n");
        assertThat(cli.err).contains("trial.drain_quiet").contains("less than trial.drain_timeout");
    }

    @Test
    void aRateTooLowForTwoMeasuredEventsIsRejected() throws Exception {
        Cli cli = runBad(phase("constant: {rate: 0.2, duration: 5s}"));
        assertThat(cli.err).contains("load.phases[0] (measure): holds 1 event").contains("at least 2");
        Cli burst = runBad(phase("bursts: {count: 1, size: 1}"));
        assertThat(burst.err).contains("load.phases[0] (measure): holds 1 event");
    }

    @Test
    void aJvmOptionTheJvmRejectsGivesTheJvmsOwnMessage() throws Exception {
        Cli heap = runBad(GOOD + "trial: {jvm: [-Xmx1q]}\n");
        assertThat(heap.err)
                .contains("[-Xmx1q]")
                .contains("Invalid maximum heap size: -Xmx1q")
                .doesNotContain("Could not create");
        Cli unknown = runBad(GOOD + "matrix:\n  jvm: [[], [-XX:+NoSuchEvperfOption]]\n");
        assertThat(unknown.err).contains("trial t002").contains("Unrecognized VM option 'NoSuchEvperfOption'");
        Cli notAnOption = runBad(GOOD + "trial: {jvm: [Xint]}\n");
        assertThat(notAnOption.err).contains("trial.jvm").contains("'Xint' is not a JVM option");
    }

    @Test
    void aRateThatChangesTooOftenIsRejectedBeforeItIsIntegrated() throws Exception {
        Cli walk = runBad(phase("random_walk: {min: 1, max: 2000, step: 1, interval: 1ns, duration: 10s}"));
        assertThat(walk.err)
                .contains("load.phases[0].random_walk.interval")
                .contains("at most 10000000")
                .doesNotContain("OutOfMemoryError");
        Cli square = runBad(phase("binary: {min: 1, max: 2000, period: 1us, duration: 1m}"));
        assertThat(square.err).contains("load.phases[0].binary.period");
    }

    @Test
    void aDataFileThatIsNotARegularFileIsRejected() throws Exception {
        Cli cli = runBad(
                GOOD.replace(
                        "engine:",
                        """
                data:
                  StockStream:
                    file: {path: /dev/zero}
                engine:"""));
        assertThat(cli.err).contains("data file /dev/zero is not a regular file");
    }

    @Test
    void anOutputSequenceAttributeTheQueriesDoNotProduceIsRejected() throws Exception {
        // found by the fuzz test: it failed every trial at run time
        Cli cli = runBad(GOOD.replace("OutputStream: {sequence: id}", "OutputStream: {sequence: ident}"));
        assertThat(cli.err)
                .contains("engine.outputs.OutputStream.sequence")
                .contains("no attribute 'ident'")
                .contains("[id, symbol, price, volume]");
    }

    @Test
    void aKeyWithoutAValueIsNamed() throws Exception {
        Cli cli = runBad(GOOD.replace("queries: |", "queries:\n  unused: |"));
        assertThat(cli.err).contains("engine.queries: no value");
        Cli engine = runBad(GOOD.replace("name: siddhi", "name: null"));
        assertThat(engine.err).contains("engine.name: no value").contains("write \"null\" in quotes");
        Cli empty = runBad(
                GOOD.replace("bursts: {count: 2, size: 10, distance: 1ms}", "constant: {rate: '', duration: 1s}"));
        assertThat(empty.err).contains("load.phases[0].constant.rate").contains("got ''");
    }

    @Test
    void unknownKeySuggestsTheClosestValidOne() throws Exception {
        Cli cli = runBad(GOOD.replace("distance: 1ms", "distnace: 1ms"));
        assertThat(cli.err)
                .contains("unknown key 'distnace'")
                .contains("did you mean 'distance'?")
                .containsPattern("w\\.yaml:15:\\d+");
    }

    @Test
    void aWrongChannelKeyOrHandlerIsOneLineWithASuggestion() throws Exception {
        Cli key = runBad(GOOD + "channels:\n  trace: {handler: buffered, compresion: lz4}\n");
        assertThat(key.err)
                .contains("unknown key 'compresion' in channels.trace")
                .contains("did you mean 'compression'?");
        Cli handler = runBad(GOOD + "channels:\n  trace: {handler: xoy, x: 1, y: 8, then: {handler: bufferd}}\n");
        assertThat(handler.err)
                .contains("channels.trace.then.handler: expected identity, buffered")
                .contains("got 'bufferd'; did you mean 'buffered'?");
        Cli range = runBad(GOOD + "channels:\n  trace: {handler: xoy, x: 1, y: 48}\n");
        assertThat(range.err).contains("channels.trace.y: 48 is not a power of two");
    }

    @Test
    void aWrongPipelineKeyOrStageIsOneLineWithASuggestion() throws Exception {
        Cli key = runBad(GOOD + "pipelines:\n  main: {sink: null, consumer: 2}\n");
        assertThat(key.err)
                .contains("unknown key 'consumer' in pipelines.main")
                .contains("did you mean 'consumers'?")
                .containsPattern("w\\.yaml:\\d+:\\d+");
        Cli stage = runBad(GOOD + "pipelines:\n  main: {stages: [{speedlimt: 1ms}], sink: null}\n");
        assertThat(stage.err)
                .contains("unknown key 'speedlimt' in pipelines.main.stages[0]")
                .contains("did you mean 'speedlimit'?");
        Cli tee = runBad(GOOD + "pipelines:\n  main: {stages: [{tee: mian}], sink: null}\n");
        assertThat(tee.err).contains("pipelines.main.stages[0].tee: no pipeline 'mian'");
    }

    @Test
    void wrongTypeNamesTheFieldAndWhatWasExpected() throws Exception {
        Cli cli = runBad(GOOD.replace("count: 2", "count: many"));
        assertThat(cli.err)
                .contains("load.phases[0].bursts.count")
                .contains("expected a whole number")
                .contains("'many'");
    }

    @Test
    void anUnknownLatencyModeListsTheModes() throws Exception {
        Cli cli = runBad(GOOD + "measure: {latency: [processing, sheduled]}\n");
        assertThat(cli.err)
                .contains("measure.latency: unknown latency mode 'sheduled'")
                .contains("did you mean 'scheduled'?")
                .contains("expected [processing, end-to-end, scheduled]");
    }

    @Test
    void unknownEngineListsTheAvailableOnes() throws Exception {
        Cli cli = runBad(GOOD.replace("name: siddhi", "name: sidhi"));
        assertThat(cli.err)
                .contains("unknown engine 'sidhi'")
                .contains("did you mean 'siddhi'?")
                .contains("esper");
    }

    @Test
    void queryThatDoesNotCompileGivesTheEnginesPosition() throws Exception {
        Cli cli = runBad(GOOD.replace("from StockStream select id,", "from StockStream selec id,"));
        assertThat(cli.err).contains("engine.queries").contains("siddhi").contains("line 1");
    }

    @Test
    void eplThatDoesNotCompileGivesTheEnginesPosition() throws Exception {
        Cli cli = runBad(GOOD.replace("name: siddhi", "name: esper")
                .replace(
                        "from StockStream select id, symbol, price, volume insert into OutputStream;",
                        "insert into OutputStream select id, symbol, price, volume fro StockStream;"));
        assertThat(cli.err).contains("engine.queries").contains("esper").contains("line 1");
    }

    @Test
    void csvRowWithBadValueGivesItsLineNumber() throws Exception {
        Files.writeString(tmp.resolve("stocks.txt"), "IBM 10.5 100\nWSO2 11.5 200\nORCL abc 300\n");
        Cli cli = runBad(
                GOOD.replace(
                        "engine:",
                        """
                data:
                  StockStream:
                    file: {path: stocks.txt, delimiter: " ", header: false}
                engine:"""),
                "stocks.txt");
        assertThat(cli.err).contains("stocks.txt:3").contains("price").contains("'abc' is not a float");
    }

    @Test
    void zeroOrNegativeRateIsRejected() throws Exception {
        Cli zero =
                runBad(GOOD.replace("bursts: {count: 2, size: 10, distance: 1ms}", "constant: {rate: 0, count: 100}"));
        assertThat(zero.err).contains("load.phases[0].constant.rate").contains("above 0");
        Cli negative =
                runBad(GOOD.replace("bursts: {count: 2, size: 10, distance: 1ms}", "constant: {rate: -5, count: 100}"));
        assertThat(negative.err).contains("load.phases[0].constant.rate").contains("-5");
    }

    @Test
    void matrixPathThatDoesNotExistIsRejected() throws Exception {
        Cli cli = runBad(
                GOOD
                        + """
                matrix:
                  load.phases.measure.bursts.distnce: [0ms, 10ms]
                """);
        assertThat(cli.err)
                .contains("matrix path 'load.phases.measure.bursts.distnce' does not exist")
                .contains("did you mean 'distance'?");
    }

    @Test
    void matrixValueOfTheWrongTypeIsRejectedBeforeAnyTrial() throws Exception {
        Cli cli = runBad(
                GOOD
                        + """
                matrix:
                  load.phases.measure.bursts.distance: [0ms, soon]
                """);
        assertThat(cli.err).contains("distance=soon").contains("not a duration");
    }

    @Test
    void summaryOfADirectoryThatIsNotARun() {
        Cli cli = Cli.run("summary", tmp.toString());
        assertThat(cli.exit).isEqualTo(2);
        assertThat(cli.err.strip().split("\n")).hasSize(1);
        assertThat(cli.err).contains("not a run directory");
    }

    @Test
    void unknownOptionIsBadInput() {
        Cli cli = Cli.run("run", "--frobnicate");
        assertThat(cli.exit).isEqualTo(2);
    }

    @Test
    void verboseShowsTheStackTrace() throws Exception {
        Path w = Cli.write(tmp, "w.yaml", GOOD.replace("count: 2", "count: many"));
        Cli cli = Cli.run("run", w.toString(), "--verbose");
        assertThat(cli.exit).isEqualTo(2);
        assertThat(cli.err).contains("\tat ");
    }

    private static String phase(String profile) {
        return GOOD.replace("bursts: {count: 2, size: 10, distance: 1ms}", profile);
    }

    @Test
    void unknownPatternSuggestsAKnownOne() throws Exception {
        Cli cli = runBad(phase("sawtooth: {min: 1, max: 2, period: 1s, duration: 2s}"));
        assertThat(cli.err).contains("unknown key 'sawtooth'");
        Cli typo = runBad(phase("wavee: {min: 1, max: 2, period: 1s, duration: 2s}"));
        assertThat(typo.err).contains("did you mean 'wave'?");
    }

    @Test
    void patternWithMinAboveMaxIsRejected() throws Exception {
        Cli cli = runBad(phase("wave: {min: 500, max: 100, period: 1s, duration: 2s}"));
        assertThat(cli.err).contains("load.phases[0].wave").contains("min (500.0) is above max (100.0)");
    }

    @Test
    void periodOfZeroOrLessIsRejected() throws Exception {
        Cli cli = runBad(phase("binary: {min: 1, max: 100, period: 0, duration: 2s}"));
        assertThat(cli.err).contains("load.phases[0].binary.period").contains("above 0");
    }

    @Test
    void spikeSizeOutsideZeroToHundredIsRejected() throws Exception {
        for (String size : new String[] {"0", "120", "-5"}) {
            Cli cli = runBad(phase("spike: {min: 1, max: 100, period: 1s, size: " + size + ", duration: 2s}"));
            assertThat(cli.err).contains("load.phases[0].spike.size").contains("(0, 100]");
        }
    }

    @Test
    void poissonArrivalsNeedARateProfile() throws Exception {
        Cli cli = runBad(GOOD.replace("bursts: {count: 2", "arrivals: poisson\n      bursts: {count: 2"));
        assertThat(cli.err).contains("load.phases[0].arrivals").contains("rate profile");
    }

    @Test
    void profilePrintsTheIntendedRateWithoutStartingAnEngine() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                phase("stairs: {levels: [1000, 3000], step: 1s}")
                        .replace("name: siddhi", "name: esper")
                        .replace("from StockStream select", "this is not EPL at all"));
        // The queries are not even compiled: profile never opens an engine.
        Cli cli = Cli.run("profile", w.toString(), "--format", "csv", "--interval", "500ms");
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out.strip().split("\n"))
                .containsExactly(
                        "t_s,phase,target_rate,intended_rate",
                        "0.000,measure,1000.000,1000.000",
                        "0.500,measure,1000.000,1000.000",
                        "1.000,measure,3000.000,3000.000",
                        "1.500,measure,3000.000,3000.000");
    }

    @Test
    void aFormatTheCommandDoesNotWriteIsOneLineNamingTheOption() throws Exception {
        Path w = Cli.write(tmp, "w.yaml", GOOD);
        Cli profile = Cli.run("profile", w.toString(), "--format", "json");
        assertThat(profile.exit).as(profile.toString()).isEqualTo(2);
        assertThat(profile.err.strip()).isEqualTo("evperf: --format: expected text or csv, got 'json'");
        Cli summary = Cli.run("summary", tmp.resolve("no-such-run").toString(), "--format", "xml");
        assertThat(summary.exit).as(summary.toString()).isEqualTo(2);
        assertThat(summary.err.strip()).isEqualTo("evperf: --format: expected text, json or csv, got 'xml'");
    }

    @Test
    void batchSizeOfZeroIsRejected() throws Exception {
        Cli cli = runBad(GOOD.replace(
                "bursts: {count: 2, size: 10, distance: 1ms}",
                "bursts: {count: 2, size: 10, distance: 1ms}\n      batch: {size: 0}"));
        assertThat(cli.err).contains("load.phases[0].batch.size").contains("1 or more");
        Cli ramp = runBad(GOOD.replace("load:", "load:\n  batch: {size: {from: 0, to: 10}}"));
        assertThat(ramp.err).contains("load.batch.size.from");
    }
}
