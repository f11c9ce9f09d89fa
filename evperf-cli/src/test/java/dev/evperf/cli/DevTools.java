package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page kept open in headless Chromium, asked what it shows through the DevTools protocol
 * (Runtime.evaluate over its WebSocket, on loopback): for pages that change while they are open,
 * which a one-shot {@code --dump-dom} cannot follow.
 */
final class DevTools implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING =
            Pattern.compile("DevTools listening on (ws://127\\.0\\.0\\.1:(\\d+)/\\S+)");

    private final Process browser;
    private final WebSocket socket;
    private final Map<Integer, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();

    private DevTools(Process browser, WebSocket socket) {
        this.browser = browser;
        this.socket = socket;
    }

    /** Opens {@code url} in a headless Chromium of its own (profile and logs under {@code work}). */
    static DevTools open(String chromium, String url, Path work) throws Exception {
        Files.createDirectories(work);
        Path err = work.resolve("chromium.err");
        Process p = new ProcessBuilder(
                        chromium,
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--remote-debugging-address=127.0.0.1",
                        "--remote-debugging-port=0",
                        "--window-size=1400,1100",
                        "--user-data-dir=" + work.resolve("profile"),
                        url)
                .redirectOutput(work.resolve("chromium.out").toFile())
                .redirectError(err.toFile())
                .start();
        try {
            int port = -1;
            // As long as the browser takes to start on this machine; bounded by its own end.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (port < 0) {
                Matcher m = LISTENING.matcher(Files.exists(err) ? Files.readString(err) : "");
                if (m.find()) port = Integer.parseInt(m.group(2));
                else if (!p.isAlive() || System.nanoTime() > deadline)
                    throw new AssertionError("chromium did not open its DevTools port: " + Files.readString(err));
                else Thread.sleep(100);
            }
            HttpClient http = HttpClient.newHttpClient();
            String pageSocket = null;
            while (pageSocket == null) {
                JsonNode list = JSON.readTree(http.send(
                                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body());
                for (JsonNode t : list) {
                    if ("page".equals(t.path("type").asText()))
                        pageSocket = t.path("webSocketDebuggerUrl").asText();
                }
                if (pageSocket == null) {
                    if (System.nanoTime() > deadline) throw new AssertionError("chromium opened no page: " + list);
                    Thread.sleep(100);
                }
            }
            DevTools[] self = new DevTools[1];
            WebSocket ws = http.newWebSocketBuilder()
                    .buildAsync(URI.create(pageSocket), new WebSocket.Listener() {
                        final StringBuilder text = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                            text.append(data);
                            if (last) {
                                self[0].answer(text.toString());
                                text.setLength(0);
                            }
                            w.request(1);
                            return null;
                        }
                    })
                    .get(60, TimeUnit.SECONDS);
            self[0] = new DevTools(p, ws);
            return self[0];
        } catch (Exception | AssertionError e) {
            kill(p);
            throw e;
        }
    }

    private void answer(String message) {
        try {
            JsonNode m = JSON.readTree(message);
            CompletableFuture<JsonNode> f =
                    m.has("id") ? waiting.remove(m.get("id").asInt()) : null;
            if (f != null) f.complete(m);
        } catch (IOException e) {
            // not an answer of ours
        }
    }

    /** The value of a JavaScript expression in the page (a string, number or boolean). */
    JsonNode evaluate(String expression) throws Exception {
        JsonNode answer = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true));
        if (answer.at("/result/exceptionDetails").isObject())
            throw new AssertionError("the page could not evaluate " + expression + ": " + answer);
        return answer.at("/result/result/value");
    }

    /** A PNG of the page as it is now, kept at {@code png} for a person to look at. */
    void screenshot(Path png) throws Exception {
        JsonNode answer = call("Page.captureScreenshot", Map.of("format", "png"));
        Files.write(
                png,
                java.util.Base64.getDecoder().decode(answer.at("/result/data").asText()));
    }

    private JsonNode call(String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        waiting.put(id, f);
        Map<String, Object> call = Map.of("id", id, "method", method, "params", params);
        socket.sendText(JSON.writeValueAsString(call), true).get(60, TimeUnit.SECONDS);
        JsonNode answer = f.get(120, TimeUnit.SECONDS);
        if (answer.has("error")) throw new AssertionError(method + " failed: " + answer);
        return answer;
    }

    @Override
    public void close() {
        socket.abort();
        kill(browser);
    }

    private static void kill(Process p) {
        List<ProcessHandle> all = p.descendants().toList();
        p.destroyForcibly();
        all.forEach(ProcessHandle::destroyForcibly);
        try {
            p.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
