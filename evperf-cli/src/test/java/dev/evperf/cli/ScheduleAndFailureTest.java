package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.results.Layout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScheduleAndFailureTest {
    @TempDir
    Path tmp;

    /** The null engine spinning 200 µs per event: a known capacity of 5000 events/s. */
    static String knownCapacity(double rate, int count) {
        return Cli.nullEngine(
                "capacity",
                "200us",
                "  phases:\n    - {name: measure, constant: {rate: %s, count: %d}}".formatted(rate, count));
    }

    @Test
    void drivenFasterThanTheEngineScheduledLatencyGrowsAndSendsFallBehind() throws Exception {
        Path run = tmp.resolve("over");
        Cli cli = Cli.run(
                "run",
                Cli.write(tmp, "over.yaml", knownCapacity(10_000, 1000)).toString(),
                "--out",
                run.toString(),
                "--format",
                "json");
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode trial = new ObjectMapper().readTree(cli.out).get("trials").get(0);
        JsonNode rate = trial.get("rates").get(0);
        String ev = "read_parquet('" + run.resolve("trials/t001/events.parquet") + "')";
        String out = "read_parquet('" + run.resolve("trials/t001/outputs.parquet") + "')";
        // Offered 10 000/s; a send spins 200 µs, so no machine serves more than 5000/s (a busy one fewer).
        assertThat(rate.get("target_rate").asDouble()).isEqualTo(10_000.0);
        double achieved = rate.get("achieved_rate").asDouble();
        assertThat(achieved).isLessThanOrEqualTo(5_000.0);
        // The engine set the pace: the driver never waited, so each send started at the clock reading that
        // ended the one before (one read per event while behind schedule)…
        assertThat(Cli.one("SELECT count(*) FROM " + ev + " a JOIN " + ev
                        + " b ON b.seq = a.seq + 1 WHERE b.send_start = a.send_end"))
                .isGreaterThanOrEqualTo(990);
        // …and the achieved rate is what this run's engine managed: events over their summed processing time.
        double capacity =
                Cli.one("SELECT count(*) FROM " + ev) * 1e9 / Cli.one("SELECT sum(send_end - send_start) FROM " + ev);
        assertThat(achieved / capacity).isBetween(0.99, 1.01);
        // The sends fall behind the absolute schedule: 1000 sends of ≥ 200 µs take ≥ 200 ms, the schedule 100 ms.
        assertThat(rate.get("last_lag_ms").asDouble()).isGreaterThan(99.0);
        // Scheduled latency grows through the run (by ≥ 80 ms from the first 100 events to the last 100),
        // while the uncorrected end-to-end one, each event's own send, does not grow with it. Medians: a busy
        // machine preempts a few sends, which would move a mean.
        String q = "SELECT CAST(median(o.received - e.%s) AS BIGINT) FROM " + out + " o JOIN " + ev
                + " e USING (seq) WHERE e.seq %s";
        long schedGrowth = Cli.one(q.formatted("intended", ">= 900")) - Cli.one(q.formatted("intended", "< 100"));
        long e2eGrowth = Cli.one(q.formatted("send_start", ">= 900")) - Cli.one(q.formatted("send_start", "< 100"));
        assertThat(schedGrowth).isGreaterThan(80_000_000L);
        assertThat(e2eGrowth).isLessThan(schedGrowth / 10);
        // The median event waited far longer for its turn than its own send took.
        assertThat(trial.get("latency").get("scheduled").get("p50_us").asDouble())
                .isGreaterThan(10
                        * trial.get("latency").get("end_to_end").get("p50_us").asDouble());
    }

    @Test
    void drivenBelowCapacityTheRateIsMetAndNothingQueues() throws Exception {
        // 100 ev/s of 200 µs sends: 2 % of one core's time, below capacity even with a tenth of a core.
        Path run = tmp.resolve("under");
        Cli cli = Cli.run(
                "run",
                Cli.write(tmp, "under.yaml", knownCapacity(100, 300)).toString(),
                "--out",
                run.toString(),
                "--format",
                "json");
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode trial = new ObjectMapper().readTree(cli.out).get("trials").get(0);
        JsonNode rate = trial.get("rates").get(0);
        String ev = "read_parquet('" + run.resolve("trials/t001/events.parquet") + "')";
        // count / (last send end − first send start) over the 3 s schedule: a send made late by a stall at
        // either end moves it by stall / 3 s; a rate that is not met would fall further and further behind.
        assertThat(rate.get("achieved_rate").asDouble()).isBetween(95.0, 105.0);
        // Nothing queues: most events found the driver waiting for their time (a send starting exactly where
        // the one before ended means it was already due: queued behind it)…
        assertThat(Cli.one("SELECT count(*) FROM " + ev + " a JOIN " + ev
                        + " b ON b.seq = a.seq + 1 WHERE b.send_start > a.send_end"))
                .isGreaterThan(150);
        // …and the median event, early in the run and late, was sent before the next one was due (10 ms), apart from
        // the time the run recorded its driver descheduled while it waited for that event (stalls.csv: on a busy
        // machine a parked driver can wake more than a gap late, which is the machine's lateness, not a queue).
        Path stalls = run.resolve("trials/t001/stalls.csv");
        String stalled = Files.exists(stalls)
                ? "coalesce((SELECT sum(greatest(0, least(e.send_start, s.end_ns) - greatest(e.intended, s.start_ns)))"
                        + " FROM read_csv('" + stalls + "') s), 0)"
                : "0";
        String lag = "SELECT CAST(median(e.send_start - e.intended - " + stalled + ") AS BIGINT) FROM " + ev
                + " e WHERE e.seq %s";
        assertThat(Cli.one(lag.formatted("< 100"))).isLessThan(10_000_000L);
        assertThat(Cli.one(lag.formatted(">= 200"))).isLessThan(10_000_000L);
        // Service time is 200 µs: processing time is at least that, and the median event's scheduled latency
        // adds less than one gap between events to it (it did not wait for another event).
        double processing = trial.get("latency").get("processing").get("p50_us").asDouble();
        assertThat(processing).isGreaterThanOrEqualTo(200.0);
        assertThat(trial.get("latency").get("scheduled").get("p50_us").asDouble())
                .isLessThan(processing + 10_000);
        // While it ran, the trial printed a live line per 250 ms interval: ~12 over its 3 s, counts growing.
        List<String> live = Files.readAllLines(run.resolve("trials/t001/stdout.txt")).stream()
                .filter(l -> l.startsWith("evperf-live "))
                .toList();
        assertThat(live).hasSizeGreaterThanOrEqualTo(3).allMatch(l -> l.contains(" in=") && l.contains(" lag="));
        List<Integer> sent = live.stream()
                .map(l -> Integer.parseInt(l.replaceAll(".* sent=(\\d+) .*", "$1")))
                .toList();
        assertThat(sent).isSorted();
        assertThat(sent.get(sent.size() - 1)).isBetween(1, 300);
    }

    @Test
    void aTrialWhoseJvmDiesIsFailedWithItsReasonAndTheOthersKeepTheirResults() throws Exception {
        String w =
                """
                name: oom
                streams:
                  S: {fields: {a: long, b: string, c: double}}
                data:
                  S: {pool: 2000000}
                engine: {name: "null", outputs: {out: {}}}
                load:
                  phases: [{max: {count: 1000}}]
                matrix:
                  jvm: [[-Xmx24m], []]
                """;
        // 1000 events fit 24 MB (the trial's memory check asks ~17.5 MiB); the pool of 2 000 000 distinct rows (≥ 50 B
        // each) does not.
        Path run = tmp.resolve("run");
        Cli cli = Cli.run("run", Cli.write(tmp, "oom.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as("a failed trial makes the run's exit code 1").isEqualTo(1);
        JsonNode trials =
                new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("trials");
        assertThat(trials.get(0).get("status").asText()).isEqualTo("failed");
        assertThat(trials.get(0).get("reason").asText()).contains("OutOfMemoryError");
        assertThat(trials.get(1).get("status").asText()).isEqualTo("ok");
        assertThat(Files.exists(run.resolve("trials/t002/events.parquet"))).isTrue();
        assertThat(trials.get(1).get("summary").get("events").asLong()).isEqualTo(1000);
        Cli summary = Cli.run("summary", run.toString());
        assertThat(summary.exit).isZero();
        assertThat(summary.out)
                .contains("t001")
                .contains("failed")
                .contains("OutOfMemoryError")
                .contains("t002");
    }

    @Test
    void aTrialsHeapDoesNotGrowWithItsEventsAndOneTooSmallForItsRecordsInFlightFailsAtOnce() throws Exception {
        // 3 M events with every record: the whole-run columns of the first design needed ≥ 348 MB; the chunks
        // in flight need 21 MiB, so the trial runs in a 64 MB heap.
        String w =
                """
                name: big
                streams:
                  S: {fields: {v: double}}
                engine: {name: "null", outputs: {out: {}}}
                load:
                  phases: [{max: {count: 3000000}}]
                measure: {live: false}
                trial: {jvm: [-Xmx64m]}
                """;
        Path run = tmp.resolve("big");
        Cli cli = Cli.run("run", Cli.write(tmp, "big.yaml", w).toString(), "--out", run.toString(), "--format", "json");
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode trial = new ObjectMapper().readTree(cli.out).get("trials").get(0);
        assertThat(trial.get("events").asLong()).isEqualTo(3_000_000);
        JsonNode result = new ObjectMapper()
                .readTree(run.resolve("trials/t001/result.json").toFile());
        assertThat(result.get("outputs_recorded").asLong()).isEqualTo(3_000_000);
        assertThat(result.get("heap_need_bytes").asLong()).isLessThan(32L << 20);

        // In 16 MB the chunks do not fit: the trial says so before it sends anything.
        Path small = tmp.resolve("small");
        long t0 = System.nanoTime();
        Cli failed = Cli.run(
                "run",
                Cli.write(tmp, "small.yaml", w.replace("-Xmx64m", "-Xmx16m")).toString(),
                "--out",
                small.toString());
        assertThat(failed.exit).isEqualTo(1);
        JsonNode t = new ObjectMapper()
                .readTree(small.resolve("run.json").toFile())
                .get("trials")
                .get(0);
        assertThat(t.get("status").asText()).isEqualTo("failed");
        assertThat(t.get("reason").asText())
                .startsWith("the trial's records in flight need at least")
                .contains("trial JVM has")
                .contains("-Xmx");
        assertThat((System.nanoTime() - t0) / 1e9)
                .as("fails before preparing anything")
                .isLessThan(30);
    }

    @Test
    void withRecordsOffTheSummaryComesFromTheHistogramLogs() throws Exception {
        Path run = tmp.resolve("norec");
        String w = knownCapacity(1000, 200).replace("load:", "measure: {records: false}\nload:");
        Cli cli =
                Cli.run("run", Cli.write(tmp, "norec.yaml", w).toString(), "--out", run.toString(), "--format", "json");
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(Files.exists(run.resolve("trials/t001/events.parquet"))).isFalse();
        assertThat(run.resolve("trials/t001/trial.jfr")).as("recorded with JFR").exists();
        assertThat(run.resolve("trials/t001").resolve(Layout.JFR_REPOSITORY))
                .as("a JVM that ended normally leaves no JFR chunks")
                .doesNotExist();
        JsonNode trial = new ObjectMapper().readTree(cli.out).get("trials").get(0);
        assertThat(trial.get("latency").get("processing").get("count").asLong()).isEqualTo(200);
        // 200 µs of service time per event, within HdrHistogram's 0.1% precision; at most twice the mean send,
        // which is at most the run's time per event (a median is never above twice the mean of positive values).
        long runNs = new ObjectMapper()
                .readTree(run.resolve("trials/t001/result.json").toFile())
                .get("run_ns")
                .asLong();
        assertThat(trial.get("latency").get("processing").get("p50_us").asDouble())
                .isBetween(199.0, 2 * runNs / 200 / 1e3);
    }

    @Test
    void aTrialThatExceedsItsTimeoutIsKilledAndFailed() throws Exception {
        // 1 ms of service per event × 60 000 events: at least 60 s on any machine, against a 2 s timeout.
        String w = knownCapacity(100_000, 60_000).replace("200us", "1ms") + "trial: {timeout: 2s}\n";
        Path run = tmp.resolve("slow");
        long start = System.nanoTime();
        Cli cli = Cli.run("run", Cli.write(tmp, "slow.yaml", w).toString(), "--out", run.toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(cli.exit).as(cli.toString()).isEqualTo(1);
        assertThat(seconds).as("killed, not run to its end").isLessThan(30);
        JsonNode t = new ObjectMapper()
                .readTree(run.resolve("run.json").toFile())
                .get("trials")
                .get(0);
        assertThat(t.get("status").asText()).isEqualTo("failed");
        assertThat(t.get("reason").asText()).contains("timed out after 2s");
        assertThat(cli.err).contains("timed out");
        // Killed, its JVM could not delete JFR's chunks: they stay in the trial's directory, and the reason says so,
        // once the JVM got as far as recording (on a loaded machine it may not have in 2 s).
        Path repo = run.resolve("trials/t001").resolve(Layout.JFR_REPOSITORY);
        if (Files.exists(repo)) {
            try (var files = Files.walk(repo)) {
                assertThat(files.filter(f -> f.toString().endsWith(".jfr"))).isNotEmpty();
            }
            assertThat(t.get("reason").asText()).contains(Layout.JFR_REPOSITORY + "/");
        } else {
            assertThat(t.get("reason").asText()).doesNotContain(Layout.JFR_REPOSITORY);
        }
    }

    @Test
    void twoSendersShareTheScheduleAndSendInParallel() throws Exception {
        // 200 µs of service per event: one thread sends at most 5000 ev/s; 8000 ev/s needs two.
        // A warm-up phase first: sender threads start cold, and their first sends are late.
        String two = knownCapacity(8000, 4000)
                .replace(
                        "    - {name: measure",
                        "    - {name: warmup, measure: false, constant: {rate: 8000, count: 800}}\n    - {name: measure")
                .replace("load:", "load:\n  senders: 2");
        Path runTwo = tmp.resolve("two");
        Cli b = Cli.run(
                "run", Cli.write(tmp, "two.yaml", two).toString(), "--out", runTwo.toString(), "--format", "json");
        assertThat(b.exit).as(b.toString()).isZero();
        String measured = "FROM read_parquet('" + runTwo.resolve("trials/t001/events.parquet") + "') WHERE measured";
        // Events over the schedule's own span, first intended time to last send end (a late first send on a
        // busy machine cannot shorten it): never above the schedule's 8000 ev/s…
        double rate = Cli.number("SELECT count(*) * 1e9 / (max(send_end) - min(intended)) " + measured);
        assertThat(rate).isLessThanOrEqualTo(8_000.0);
        // …and faster than one thread sending the same events one after another (their summed send times)
        // could: on average more than one send was in progress, which one thread can never have. (How much
        // faster is the machine's to say: on an idle one 8000 against 5000 ev/s; on a busy one a thread
        // preempted between its sends has none in progress. Speed belongs to the benchmarks.)
        double oneAfterAnother = Cli.number("SELECT count(*) * 1e9 / sum(send_end - send_start) " + measured);
        assertThat(rate / oneAfterAnother).isGreaterThan(1.0);
        // Every event sent once, every output matched to its input, from both threads' shares.
        Path t = runTwo.resolve("trials/t001");
        String ev = "read_parquet('" + t.resolve("events.parquet") + "')";
        String out = "read_parquet('" + t.resolve("outputs.parquet") + "')";
        assertThat(Cli.one("SELECT count(*) FROM " + ev + " WHERE send_end > send_start"))
                .isEqualTo(4800);
        assertThat(Cli.one("SELECT count(DISTINCT seq) FROM " + out)).isEqualTo(4800);
        assertThat(Cli.one("SELECT count(*) FROM " + out + " o JOIN " + ev
                        + " e USING (seq) WHERE o.received BETWEEN e.send_start AND e.send_end"))
                .isEqualTo(4800);
        // The two shares ran at the same time: sends of even and odd events overlap.
        assertThat(Cli.one("SELECT count(*) FROM " + ev + " a JOIN " + ev + " b ON b.seq = a.seq + 1"
                        + " WHERE b.send_start < a.send_end"))
                .isGreaterThan(1000);
        JsonNode result = new ObjectMapper().readTree(t.resolve("result.json").toFile());
        assertThat(result.get("senders").asInt()).isEqualTo(2);
        assertThat(result.get("output_delivery").asText()).isEqualTo("any-thread");
    }
}
