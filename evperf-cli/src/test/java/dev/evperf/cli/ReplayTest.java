package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Trace replay: intended send times are the trace's timestamps, relative to the first, divided by the speed. */
class ReplayTest {
    @TempDir
    Path tmp;

    static final String W =
            """
            name: replay
            streams:
              Ticks: {fields: {sym: string, price: double}}
            data:
              Ticks:
                pool: 100
                file: {path: trace.csv, columns: {sym: sym, price: price}}
            engine: {name: "null", outputs: {out: {}}}
            load:
              phases: [{name: trace, replay: {column: ts, unit: ms, speed: 2}}]
            """;

    @Test
    void intendedTimesFollowTheTraceAtItsSpeed() throws Exception {
        Files.writeString(
                tmp.resolve("trace.csv"), "ts,sym,price\n1000,A,1.5\n1000,B,2.5\n1010,A,3.5\n1040,C,4.5\n1100,A,5.5\n");
        Path run = tmp.resolve("run");
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", W).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        String ev = "read_parquet('" + run.resolve("trials/t001/events.parquet") + "')";
        // Offsets 0, 0, 10, 40, 100 ms at speed 2: 0, 0, 5, 20, 50 ms after the first.
        assertThat(Cli.longs("SELECT intended - min(intended) OVER () FROM " + ev + " ORDER BY seq"))
                .containsExactly(0L, 0L, 5_000_000L, 20_000_000L, 50_000_000L);
        // Sent on the trace's schedule: none before its time, so the last went out ≥ 50 ms after the first was due.
        assertThat(Cli.one("SELECT min(send_start - intended) FROM " + ev)).isNotNegative();
        assertThat(Cli.one("SELECT max(send_start) - min(intended) FROM " + ev)).isGreaterThanOrEqualTo(50_000_000L);
        Cli profile = Cli.run("profile", tmp.resolve("w.yaml").toString(), "--format", "csv", "--interval", "10ms");
        assertThat(profile.exit).as(profile.toString()).isZero();
        assertThat(profile.out).contains("0.000,trace,,300.000"); // three events (0, 0, 5 ms) in the first 10 ms
    }

    @Test
    void aBadOrBackwardTimestampIsBadInputWithItsLine() throws Exception {
        Files.writeString(tmp.resolve("trace.csv"), "ts,sym,price\n1000,A,1.5\nsoon,B,2.5\n");
        Cli bad = Cli.run(
                "run",
                Cli.write(tmp, "w.yaml", W).toString(),
                "--out",
                tmp.resolve("x").toString());
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.err).contains("trace.csv:3").contains("'soon' is not a number");
        Files.writeString(tmp.resolve("trace.csv"), "ts,sym,price\n1000,A,1.5\n900,B,2.5\n");
        Cli back = Cli.run(
                "run",
                tmp.resolve("w.yaml").toString(),
                "--out",
                tmp.resolve("y").toString());
        assertThat(back.exit).isEqualTo(2);
        assertThat(back.err).contains("earlier than the one before");
        assertThat(Files.exists(tmp.resolve("y"))).isFalse();
    }
}
