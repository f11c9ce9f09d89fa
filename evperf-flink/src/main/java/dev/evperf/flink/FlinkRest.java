package dev.evperf.flink;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The few REST calls the adapter makes to a Flink cluster: is it there, and how is the job doing. */
final class FlinkRest {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"(\\w+)\"");
    private static final Pattern STATE = Pattern.compile("\"state\"\\s*:\\s*\"(\\w+)\"");

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

    /** The job's state (RUNNING, FAILED …) and every vertex's status, or null when unknown. */
    static List<String> states(String rest, String jobId) {
        String body = get(rest, "/jobs/" + jobId);
        if (body == null) return null;
        List<String> out = new ArrayList<>();
        Matcher state = STATE.matcher(body);
        out.add(state.find() ? state.group(1) : "UNKNOWN");
        Matcher m = STATUS.matcher(body);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    /**
     * The innermost cause in the job's root exception (its last "Caused by:" line; Flink wraps the
     * user's exception in its own recovery messages), or a note that the cluster did not say.
     */
    static String rootCause(String rest, String jobId) {
        String body = get(rest, "/jobs/" + jobId + "/exceptions");
        String key = "\"root-exception\":\"";
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
