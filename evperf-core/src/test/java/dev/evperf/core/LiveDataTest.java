package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.core.data.CsvSource;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.suites.pairs.PairsScale;
import dev.evperf.suites.pairs.StockTick;
import dev.evperf.suites.pairs.TickGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A workload's live data: checked before anything runs, one line per fault; a replay's schedule read from the source. */
class LiveDataTest {
    @TempDir
    Path tmp;

    static final String STREAMS =
            """
            streams:
              StockTick:
                fields: {symbol: string, price: int, size: int, tickTS: long, TS: long}
                sequence: TS
            engine: {name: "null", outputs: {out: {}}}
            """;

    static final String REPLAY =
            """
            load:
              phases:
                - {name: run, replay: {column: tickTS, unit: ms, speed: 121, count: 500}}
            """;

    Plan load(String yaml) throws Exception {
        Path f = tmp.resolve("w.yaml");
        Files.writeString(f, yaml);
        return WorkloadLoader.load(f, WorkloadLoaderTest.VALIDATOR);
    }

    String live(String args) {
        return "data:\n  StockTick:\n    live: {source: pairs, args: {" + args + "}}\n";
    }

    @Test
    void aReplayOfALiveSourceIsScheduledOnTheGeneratorsTimestamps() throws Exception {
        Plan p = load(STREAMS + live("sf: 1, minutes: 1, seed: 3") + REPLAY);
        PlanChecker.check(p);
        var w = p.trials().get(0).workload();
        double[] ts = CsvSource.traces(w, tmp, "w.yaml").apply(w.load.phases.get(0).replay);
        TickGenerator g = new TickGenerator(new PairsScale(1), 1, 3);
        assertThat(ts).hasSize(500);
        for (double t : ts) {
            StockTick tick = g.next();
            assertThat(t).isEqualTo(tick.tickTS());
        }
        assertThat(Schedule.of(w.load.phases, w.load.batch, CsvSource.traces(w, tmp, "w.yaml"))
                        .size())
                .isEqualTo(500);
    }

    @Test
    void badLiveDataIsOneLineNamingTheField() throws Exception {
        assertThatThrownBy(() -> load(
                        STREAMS + live("sf: 1").replace("    live:", "    file: {path: x.csv}\n    live:") + REPLAY))
                .isInstanceOf(WorkloadException.class)
                .hasMessageContaining("data.StockTick.live: give either file or live, not both");
        assertThatThrownBy(() -> load(STREAMS + live("sf: 1") + REPLAY + "  batch: {size: 10}\n"))
                .hasMessageContaining("data.StockTick.live: live data is sent one event at a time");
        assertThatThrownBy(
                        () -> load(STREAMS + live("sf: 1") + REPLAY + "measure: {timing: sampled, records: false}\n"))
                .hasMessageContaining("data.StockTick.live: live data is timed event by event");
        assertThatThrownBy(() -> PlanChecker.check(load(STREAMS + live("sf: 1").replace("pairs", "pears") + REPLAY)))
                .isInstanceOf(WorkloadException.class)
                .hasMessageEndingWith("data.StockTick.live: no live source 'pears'; sources: [pairs]");
        assertThatThrownBy(() -> PlanChecker.check(load(STREAMS + live("minutes: 1") + REPLAY)))
                .hasMessageEndingWith("data.StockTick.live: live source pairs: argument sf is required");
        assertThatThrownBy(() -> PlanChecker.check(load(STREAMS + live("sf: 1, speed: 2") + REPLAY)))
                .hasMessageContaining("live source pairs: no argument 'speed'");
        assertThatThrownBy(() -> PlanChecker.check(
                        load(STREAMS.replace("price: int", "price: double") + live("sf: 1") + REPLAY)))
                .hasMessageEndingWith("live source pairs: field price must be int, not double");
        assertThatThrownBy(
                        () -> PlanChecker.check(load(STREAMS + live("sf: 1") + REPLAY.replace("tickTS,", "symbol,"))))
                .hasMessageContaining("replay: field 'symbol' is not a number");
    }
}
