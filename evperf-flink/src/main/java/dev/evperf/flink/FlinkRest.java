package dev.evperf.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The few REST calls the adapter makes to a Flink cluster: is it there, and how is the job doing. */
final class FlinkRest {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CAUSE_WAIT = Duration.ofSeconds(15);

    private FlinkRest() {}

    /** The body of GET {@code path}, or null when the cluster does not answer with 200. */
    static String get(String rest, String path) {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://" + rest + path))
                            .timeout(Duration.ofSeconds(10))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? r.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** A job as the dispatcher sees it now: its state (RUNNING, FAILED …) and how many of its tasks run. */
    record Job(String state, int running, int total) {
        /** Every task of the job deployed and running (a job with no task yet is not). */
        boolean allRunning() {
            return state.equals("RUNNING") && total > 0 && running == total;
        }
    }

    /**
     * The job from {@code /jobs/overview}, or null when the cluster does not know it. Not {@code /jobs/<id>}: that
     * is served from a cache kept for {@code web.refresh-interval} (3 s by default), so a deployment watched
     * there seemed to take 3 s however fast it was, and a failure showed up to 3 s late.
     */
    static Job job(String rest, String jobId) {
        String body = get(rest, "/jobs/overview");
        if (body == null) return null;
        try {
            for (JsonNode j : JSON.readTree(body).path("jobs")) {
                if (!j.path("jid").asText().equals(jobId)) continue;
                JsonNode tasks = j.path("tasks");
                return new Job(
                        j.path("state").asText("UNKNOWN"),
                        tasks.path("running").asInt(),
                        tasks.path("total").asInt());
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The innermost cause in the job's root exception (its last "Caused by:" line; Flink wraps the
     * user's exception in its own recovery messages), or a note that the cluster did not say.
     */
    static String rootCause(String rest, String jobId) {
        // /jobs/<id>/exceptions is served from the cache of web.refresh-interval (3 s by default): right after the
        // live overview said the job failed, it may still show the job before its failure. Asked again until it
        // has the cause, for a bound well past that interval.
        String key = "\"root-exception\":\"";
        long deadline = System.nanoTime() + CAUSE_WAIT.toNanos();
        String body = get(rest, "/jobs/" + jobId + "/exceptions");
        while ((body == null || !body.contains(key)) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            body = get(rest, "/jobs/" + jobId + "/exceptions");
        }
        int at = body == null ? -1 : body.indexOf(key);
        if (at < 0) return "the cluster gave no root cause";
        // unescaped by hand: a stack trace is long, and a regular expression over it recurses too deep
        StringBuilder trace = new StringBuilder();
        for (int i = at + key.length(); i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '"') break;
            if (c == '\\' && i + 1 < body.length()) {
                char e = body.charAt(++i);
                trace.append(e == 'n' ? '\n' : e == 't' ? ' ' : e == 'r' ? '\n' : e);
            } else {
                trace.append(c);
            }
        }
        String[] lines = trace.toString().split("\n");
        String cause = lines[0];
        for (String line : lines) {
            if (line.startsWith("Caused by: ")) cause = line.substring("Caused by: ".length());
        }
        return cause.strip();
    }
}
