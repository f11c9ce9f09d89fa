package dev.evperf.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * A job's checkpoint statistics from Flink's REST API ({@code GET /jobs/<id>/checkpoints}), when
 * the job checkpoints: as gauges sampled into the trial's series (the latest completed
 * checkpoint's duration and size, and the counts so far), and once after the drain for result.json
 * (counts, and Flink's own summary of every completed checkpoint's end-to-end duration and
 * checkpointed size). Flink's figures: the duration runs from the checkpoint's trigger at the
 * JobManager to the last acknowledgement, on the JobManager's clock.
 */
final class FlinkCheckpoints {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String rest;
    private final String job;

    private JsonNode latest;
    private long latestAt;

    FlinkCheckpoints(String rest, String job) {
        this.rest = rest;
        this.job = job;
    }

    /** {@code flink/checkpoint_*} gauges; NaN before the first completed checkpoint. */
    Map<String, DoubleSupplier> gauges() {
        Map<String, DoubleSupplier> g = new LinkedHashMap<>();
        g.put("flink/checkpoint_duration_ms", () -> number("/latest/completed/end_to_end_duration"));
        g.put("flink/checkpoint_size_bytes", () -> number("/latest/completed/checkpointed_size"));
        g.put("flink/checkpoint_state_bytes", () -> number("/latest/completed/state_size"));
        g.put("flink/checkpoints_completed", () -> number("/counts/completed"));
        g.put("flink/checkpoints_failed", () -> number("/counts/failed"));
        return g;
    }

    /** The statistics for result.json; null when the cluster did not answer. */
    Map<String, Object> summary() {
        JsonNode s = fetch();
        if (s == null) return null;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("counts", s.path("counts"));
        out.put("end_to_end_duration_ms", s.at("/summary/end_to_end_duration"));
        out.put("checkpointed_size_bytes", s.at("/summary/checkpointed_size"));
        out.put("state_size_bytes", s.at("/summary/state_size"));
        out.put("latest_completed", s.at("/latest/completed"));
        out.put("from", "Flink REST /jobs/<id>/checkpoints (JobManager's figures: trigger to last acknowledgement)");
        return out;
    }

    /** One REST call serves every gauge of a sample (at most one per {@link FlinkMetrics#FRESH_MS} ms). */
    private synchronized double number(String pointer) {
        long now = System.nanoTime() / 1_000_000;
        if (latest == null || now - latestAt >= FlinkMetrics.FRESH_MS) {
            latest = fetch();
            latestAt = now;
        }
        JsonNode v = latest == null ? null : latest.at(pointer);
        return v == null || !v.isNumber() ? Double.NaN : v.asDouble();
    }

    private JsonNode fetch() {
        String body = FlinkRest.get(rest, "/jobs/" + job + "/checkpoints");
        if (body == null) return null;
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }
}
