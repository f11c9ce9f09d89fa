package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.core.results.Json;
import dev.evperf.core.trial.SustainVerdict;
import dev.evperf.core.trial.SustainVerdict.Criteria;
import dev.evperf.core.trial.SustainVerdict.Latency;
import dev.evperf.core.trial.SustainVerdict.Percentiles;
import dev.evperf.core.trial.SustainVerdict.PhaseRate;
import dev.evperf.core.trial.SustainVerdict.Probe;
import dev.evperf.core.trial.SustainVerdict.ProbeFigures;
import dev.evperf.core.trial.SustainVerdict.Trend;
import dev.evperf.results.RunFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sustain criteria over figures made by hand: each one alone fails a probe that otherwise passes. */
class SustainVerdictTest {
    static final Criteria CRITERIA = new Criteria(50, 1, false, null);

    /** 1000 ev/s asked: 995 achieved, 2 ms behind at most, a flat scheduled latency, no drops. */
    static ProbeFigures good() {
        return new ProbeFigures(
                List.of(new PhaseRate(995, 2.0)),
                new Latency(new Percentiles(10, 90, null), new Percentiles(12, 95, null), new Percentiles(8, 20, 10.0)),
                new Trend(0.1, 0.05),
                5000,
                5000);
    }

    @Test
    void aProbeThatKeepsUpIsSustained() {
        Probe p = SustainVerdict.judge("t001", 1000, good(), CRITERIA);
        assertThat(p.sustained()).isTrue();
        assertThat(p.reason()).isEmpty();
        assertThat(p.achievedRate()).isEqualTo(995);
        assertThat(p.scheduledP99Us()).isEqualTo(90);
        assertThat(p.endToEndP99Us()).isEqualTo(95);
        assertThat(p.dropped()).isZero();
        assertThat(p.saturated()).isFalse();
    }

    @Test
    void eachCriterionAloneFailsTheProbe() {
        ProbeFigures g = good();
        ProbeFigures slow =
                new ProbeFigures(List.of(new PhaseRate(980, 2.0)), g.latency(), g.scheduledTrend(), 5000, 5000);
        assertThat(SustainVerdict.judge("t", 1000, slow, CRITERIA).reason())
                .isEqualTo("achieved 980.0 ev/s < 99 % of target");
        assertThat(SustainVerdict.judge("t", 1000, slow, CRITERIA).saturated())
                .as("short of its target, but the sends took 980 × 10 µs = 1 % of the time: not the engine's pace")
                .isFalse();
        ProbeFigures paced = new ProbeFigures(
                slow.rates(),
                new Latency(g.latency().scheduled(), g.latency().endToEnd(), new Percentiles(990, 1000, 1000.0)),
                g.scheduledTrend(),
                5000,
                5000);
        assertThat(SustainVerdict.judge("t", 1000, paced, CRITERIA).saturated())
                .as("short of its target with the sends busy 980 × 1000 µs = 98 % of the time: the engine's capacity")
                .isTrue();

        ProbeFigures behind =
                new ProbeFigures(List.of(new PhaseRate(995, 80.0)), g.latency(), g.scheduledTrend(), 5000, 5000);
        assertThat(SustainVerdict.judge("t", 1000, behind, CRITERIA).reason())
                .isEqualTo("sends up to 80.0 ms behind schedule");
        ProbeFigures lagUnknown =
                new ProbeFigures(List.of(new PhaseRate(995, null)), g.latency(), g.scheduledTrend(), 5000, 5000);
        assertThat(SustainVerdict.judge("t", 1000, lagUnknown, CRITERIA).sustained())
                .as("no lag figure is no proof of keeping up")
                .isFalse();

        ProbeFigures backlog = new ProbeFigures(g.rates(), g.latency(), new Trend(4, 0.5), 5000, 5000);
        assertThat(SustainVerdict.judge("t", 1000, backlog, CRITERIA).reason()).isEqualTo("backlog grows 4.00 ms/s");
        ProbeFigures noisySlope = new ProbeFigures(g.rates(), g.latency(), new Trend(4, 2), 5000, 5000);
        assertThat(SustainVerdict.judge("t", 1000, noisySlope, CRITERIA).sustained())
                .as("within 3 standard errors of flat")
                .isTrue();

        ProbeFigures drops = new ProbeFigures(g.rates(), g.latency(), g.scheduledTrend(), 5000, 4990);
        assertThat(SustainVerdict.judge("t", 1000, drops, CRITERIA).sustained())
                .as("drops count only with --no-drops")
                .isTrue();
        assertThat(SustainVerdict.judge("t", 1000, drops, CRITERIA).dropped()).isEqualTo(10);
        assertThat(SustainVerdict.judge("t", 1000, drops, new Criteria(50, 1, true, null))
                        .reason())
                .isEqualTo("10 of 5000 events dropped");

        assertThat(SustainVerdict.judge("t", 1000, g, new Criteria(50, 1, false, 80.0))
                        .reason())
                .isEqualTo("scheduled p99 90.0 µs > 80.0 µs");
        assertThat(SustainVerdict.judge("t", 1000, g, new Criteria(50, 1, false, 100.0))
                        .sustained())
                .isTrue();
    }

    @Test
    void fromTheControllersEntry() throws Exception {
        RunFile.Trial entry = Json.MAPPER.readValue(
                """
                {"id": "t003", "status": "ok", "summary": {"events": 100, "outputs": 100, "other": [1, 2],
                  "rates": [{"phase": "warmup", "achieved_rate": 10, "max_lag_ms": 900}, {"phase": "measure", "achieved_rate": 500, "max_lag_ms": 1.5}],
                  "latency": {"scheduled": {"p50_us": 3, "p99_us": 7, "p999_us": 9}, "end_to_end": {"p50_us": 4, "p99_us": 8}, "processing": {"mean_us": 2.0}},
                  "scheduled_trend": {"slope_ms_per_s": 0.01, "std_err": 0.01}}}""",
                RunFile.Trial.class);
        Probe p = SustainVerdict.judge(500, entry, CRITERIA);
        assertThat(p.sustained()).as("the last phase is the measured one").isTrue();
        assertThat(p.maxLagMs()).isEqualTo(1.5);
        assertThat(Json.MAPPER.writeValueAsString(p.asConfirmation()))
                .isEqualTo(
                        Json.MAPPER.writeValueAsString(
                                Json.MAPPER.readTree(
                                        """
                {"id": "t003", "rate": 500.0, "achieved_rate": 500.0, "scheduled_p50_us": 3.0, "scheduled_p99_us": 7.0,
                 "processing_mean_us": 2.0, "end_to_end_p99_us": 8.0, "backlog_ms_per_s": 0.01, "max_lag_ms": 1.5, "dropped": 0,
                 "sustained": true, "saturated": false, "reason": "", "confirmation": true}""")));

        RunFile.Trial failed = Json.MAPPER.readValue(
                "{\"id\": \"t004\", \"status\": \"failed\", \"reason\": \"engine died\"}", RunFile.Trial.class);
        Probe f = SustainVerdict.judge(800, failed, CRITERIA);
        assertThat(f.sustained()).isFalse();
        assertThat(f.reason()).isEqualTo("trial failed: engine died");
        assertThat(Json.MAPPER.writeValueAsString(f))
                .isEqualTo(Json.MAPPER.writeValueAsString(Json.MAPPER.readTree(
                        "{\"id\": \"t004\", \"rate\": 800.0, \"sustained\": false, \"saturated\": false,"
                                + " \"reason\": \"trial failed: engine died\"}")));

        RunFile.Trial odd = Json.MAPPER.readValue(
                "{\"id\": \"t005\", \"status\": \"ok\", \"summary\": {\"rates\": 3}}", RunFile.Trial.class);
        assertThatThrownBy(() -> SustainVerdict.judge(800, odd, CRITERIA))
                .hasMessageStartingWith("trial t005: its summary does not have");
    }
}
