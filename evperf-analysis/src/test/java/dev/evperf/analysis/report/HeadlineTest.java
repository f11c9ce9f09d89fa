package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report's headline: ok, failed or disturbed, the key figures, the warnings of the truth checks or its own. */
class HeadlineTest {
    static final ObjectMapper M = new ObjectMapper();

    /** A trial node as TrialSection builds it: one measured phase of 10 000 ev/s. */
    static ObjectNode trial(double achieved, double lastLagMs) throws Exception {
        return (ObjectNode) M.readTree(
                """
                {"status": "ok", "result": {"eventsSent": 5000, "achievedRate": %s, "clockDriftNs": 900,
                  "phases": [{"name": "warmup", "measure": false, "targetRate": 10000.0},
                             {"name": "measure", "measure": true, "targetRate": 10000.0, "intendedRate": 10000.0,
                              "achievedRate": %s, "lastLagMs": %s, "spanS": 0.5}]},
                 "latency": {"modes": [{"mode": "processing", "tableUs": [1, 2, 3, 4, 5]},
                                       {"mode": "scheduled", "tableUs": [10, 20, 30, 40, 50]}]},
                 "bursts": {"stats": {"meanMs": 0.25}}, "warmUp": {"inconclusive": false}}
                """
                        .formatted(achieved, achieved, lastLagMs));
    }

    static List<String> texts(ObjectNode h) {
        List<String> out = new ArrayList<>();
        h.get("warnings")
                .forEach(w ->
                        out.add(w.get("kind").asText() + ": " + w.get("text").asText()));
        return out;
    }

    @Test
    void aTrialThatKeptItsScheduleIsOkWithItsKeyFigures() throws Exception {
        ObjectNode h = Headline.of(null, trial(9990, 0.1));
        assertThat(h.get("status").asText()).isEqualTo("ok");
        assertThat(h.get("warnings")).isEmpty();
        assertThat(h.get("events").asLong()).isEqualTo(5000);
        assertThat(h.get("targetRate").asDouble()).isEqualTo(10000.0);
        assertThat(h.has("intendedRate")).isFalse();
        assertThat(h.get("achievedRate").asDouble()).isEqualTo(9990.0);
        assertThat(h.get("scheduledP50Us").asDouble()).isEqualTo(10.0);
        assertThat(h.get("scheduledP99Us").asDouble()).isEqualTo(30.0);
        assertThat(h.get("processingP99Us").asDouble()).isEqualTo(3.0);
        assertThat(h.get("meanBurstMs").asDouble()).isEqualTo(0.25);
    }

    @Test
    void withoutTheTruthChecksItsOwnChecksFindAShortRateABacklogAnUnendedWarmUpAndDrift() throws Exception {
        ObjectNode short_ = Headline.of(null, trial(4000, 600));
        // warnings, but nothing says the driver was disturbed: ok, with its warnings listed
        assertThat(short_.get("status").asText()).isEqualTo("ok");
        assertThat(short_.get("checked").asBoolean()).isFalse();
        assertThat(texts(short_))
                .containsExactly("rate-short: phase measure: achieved 4000.0 of the 10000.0 ev/s asked (40 %):"
                        + " the engine or the machine set the pace");
        ObjectNode behind = trial(9990, 20);
        ((ObjectNode) behind.get("warmUp")).put("inconclusive", true);
        ((ObjectNode) behind.get("result")).put("clockDriftNs", -2_500_000);
        assertThat(texts(Headline.of(null, behind)))
                .containsExactly(
                        "lag-growing: phase measure: the sends ended 20.0 ms behind the schedule",
                        "warm-up: warm-up: MSER-5 found no end of it (its minimum at the limit of its search): the run is too short to show"
                                + " a steady state, and the tables include the transient",
                        "clock-drift: the wall clock drifted -2.5 ms against nanoTime over the trial: JVM events are placed on its axis with that error");
    }

    @Test
    void theTruthChecksListIsShownWhenTheSummaryHasOneAndReplacesTheChecksItCovers() throws Exception {
        JsonNode summary = M.readTree(
                """
                {"status_text": "ok with 2 errors", "disturbance": {"disturbed": true, "stalls": 41},
                 "warnings": [{"kind": "disturbed", "figure": "trial", "message": "the driver was descheduled 41 times, 120 ms in all"},
                              {"kind": "rate-short", "figure": "phase measure", "message": "achieved 40 % of the target"},
                              "an older plain-text warning"]}
                """);
        ObjectNode h = Headline.of(summary, trial(4000, 600));
        assertThat(h.get("status").asText()).isEqualTo("disturbed");
        assertThat(h.get("statusText").asText()).isEqualTo("ok with 2 errors, disturbed");
        assertThat(h.get("checked").asBoolean()).isTrue();
        assertThat(texts(h))
                .containsExactly(
                        "disturbed: the driver was descheduled 41 times, 120 ms in all",
                        "rate-short: phase measure: achieved 40 % of the target",
                        "check: an older plain-text warning");
        // The headline's cell holds each one's figure and first clause.
        assertThat(Headline.warning(
                                "rate-short",
                                "phase m",
                                "achieved 738.0 ev/s, 73.8 % of its target: the engine did not keep up")
                        .get("brief")
                        .asText())
                .isEqualTo("phase m: achieved 738.0 ev/s, 73.8 % of its target");
        // At maximum rate every event is due at once: a lag there is no backlog.
        ObjectNode max = trial(9990, 80);
        ((ObjectNode) max.get("result").get("phases").get(1))
                .putNull("targetRate")
                .putNull("intendedRate");
        assertThat(Headline.of(null, max).get("status").asText()).isEqualTo("ok");
        // An empty list: the checks ran and found nothing.
        ObjectNode clean = Headline.of(
                M.readTree("{\"warnings\": [], \"status_text\": \"ok\", \"disturbance\": {\"disturbed\": false}}"),
                trial(4000, 600));
        assertThat(clean.get("status").asText()).isEqualTo("ok");
        assertThat(clean.get("warnings")).isEmpty();
        assertThat(clean.has("statusText")).isFalse();
    }

    @Test
    void aFailedTrialIsFailedWithItsReason() throws Exception {
        ObjectNode failed =
                (ObjectNode) M.readTree("{\"status\": \"failed\", \"reason\": \"the trial JVM exited with code 1\"}");
        ObjectNode h = Headline.of(null, failed);
        assertThat(h.get("status").asText()).isEqualTo("failed");
        assertThat(h.get("why").asText()).isEqualTo("the trial JVM exited with code 1");
        ObjectNode unreadable =
                trial(9990, 0.1).put("error", "results could not be analysed: events.parquet: truncated");
        assertThat(Headline.of(null, unreadable).get("why").asText()).contains("truncated");
    }
}
