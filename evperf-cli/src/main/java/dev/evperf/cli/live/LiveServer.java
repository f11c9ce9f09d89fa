package dev.evperf.cli.live;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.evperf.analysis.report.ReportWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Stack;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code evperf run --serve}: the live page (FINCoS's Performance Monitor) on 127.0.0.1 while the
 * run's trials run. The page polls two small JSON answers ({@link LiveFeed}); the server answers on
 * two threads, at most {@value #MAX_PAGES} pages and {@value #MAX_PER_SECOND} requests per second
 * (429 beyond), and stops when the run ends: after the last trial it waits until every page that
 * polled in the last {@value #RECENT_S} s has fetched the final figures, at most {@value #LINGER_S}
 * s, then closes its socket. Nothing listens afterwards.
 */
public final class LiveServer implements AutoCloseable {
    static final int MAX_PAGES = 4, MAX_PER_SECOND = 40, RECENT_S = 10, LINGER_S = 30;
    private static final Pattern SPEC = Pattern.compile("(?:(127\\.0\\.0\\.1|localhost):)?(\\d{1,5})");

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "evperf-live-page");
        t.setDaemon(true);
        return t;
    });
    private final LiveFeed feed;
    /** page id → when it last asked (ns), and whether its last overview said the run had ended */
    private final Map<String, long[]> pages = new LinkedHashMap<>();

    private long secondStart;
    private int inSecond;

    private LiveServer(HttpServer server, LiveFeed feed) {
        this.server = server;
        this.feed = feed;
        server.createContext("/", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    /**
     * The port of {@code --serve [[127.0.0.1|localhost:]PORT]}; 0 for any free one.
     *
     * @throws IllegalArgumentException one line, for anything but a loopback address and a port
     */
    public static int port(String spec) {
        Matcher m = SPEC.matcher(spec.strip());
        if (!m.matches() || Integer.parseInt(m.group(2)) > 65535)
            throw new IllegalArgumentException(
                    "--serve " + spec
                            + ": the live page listens on loopback only; expected PORT or 127.0.0.1:PORT (0 for any free port)");
        return Integer.parseInt(m.group(2));
    }

    /** Starts serving the run in {@code runDir} on 127.0.0.1:{@code port}; one line when the port is taken. */
    public static LiveServer start(int port, Path runDir) throws IOException {
        HttpServer s;
        try {
            s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        } catch (BindException e) {
            throw new IllegalArgumentException(
                    "--serve " + port + ": cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
        }
        return new LiveServer(s, new LiveFeed(runDir));
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    /** Ends the run: pages get the final figures (bounded wait, above), then the socket is closed. */
    @Override
    public void close() {
        if (feed.ended()) return;
        feed.end();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LINGER_S);
        try {
            while (System.nanoTime() < deadline && !everyRecentPageHasTheEnd()) Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.stop(1); // lets an answer still being written finish (at most 1 s)
        threads.shutdownNow();
    }

    private synchronized boolean everyRecentPageHasTheEnd() {
        long recent = System.nanoTime() - TimeUnit.SECONDS.toNanos(RECENT_S);
        for (long[] p : pages.values()) if (p[0] > recent && p[1] == 0) return false;
        return true;
    }

    /** @return null when admitted, else why not (a page too many, or too many requests this second) */
    private synchronized String admit(String page) {
        long now = System.nanoTime();
        if (now - secondStart > 1_000_000_000L) {
            secondStart = now;
            inSecond = 0;
        }
        if (++inSecond > MAX_PER_SECOND) return "more than " + MAX_PER_SECOND + " requests in a second";
        if (page != null && !pages.containsKey(page)) {
            long recent = now - TimeUnit.SECONDS.toNanos(RECENT_S);
            pages.values().removeIf(p -> p[0] < recent);
            if (pages.size() >= MAX_PAGES) return "the live page serves at most " + MAX_PAGES + " pages at once";
        }
        if (page != null) pages.computeIfAbsent(page, k -> new long[2])[0] = now;
        return null;
    }

    private synchronized void sawEnd(String page, boolean ended) {
        long[] p = pages.get(page);
        if (p != null && ended) p[1] = 1;
    }

    private void handle(HttpExchange ex) throws IOException {
        try {
            if (!"GET".equals(ex.getRequestMethod())) {
                send(ex, 405, "text/plain", "GET only");
                return;
            }
            URI uri = ex.getRequestURI();
            Map<String, String> q = query(uri.getRawQuery());
            String refused = admit(q.get("page"));
            if (refused != null) {
                send(ex, 429, "text/plain", refused);
                return;
            }
            switch (uri.getPath()) {
                case "/" -> send(ex, 200, "text/html; charset=utf-8", resource(LiveServer.class, "live.html"));
                case "/uPlot.js" -> send(ex, 200, "text/javascript", resource(UPLOT, "uPlot.iife.min.js"));
                case "/uPlot.css" -> send(ex, 200, "text/css", resource(UPLOT, "uPlot.min.css"));
                case "/run.json" -> {
                    ObjectNode o = feed.overview();
                    send(ex, 200, "application/json", o.toString());
                    // Only once the answer is out: close() stops the server as soon as every page has the end, and an
                    // answer cut off by that stop left a page that never learnt the run had ended (an under-load run).
                    sawEnd(q.get("page"), o.path("ended").asBoolean() && "1".equals(q.get("final")));
                }
                case "/trial.json" -> {
                    ObjectNode o =
                            feed.trial(q.getOrDefault("id", ""), number(q.get("rows")), number(q.get("samples")));
                    if (o == null) send(ex, 404, "text/plain", "no such trial");
                    else send(ex, 200, "application/json", o.toString());
                }
                default -> send(ex, 404, "text/plain", "not found");
            }
        } catch (RuntimeException e) {
            // A file the trial was writing could not be read this time: the page asks again.
            send(ex, 503, "text/plain", String.valueOf(e.getMessage()));
        } finally {
            ex.close();
        }
    }

    /** The report's own copy of uPlot (evperf-analysis), so the page charts as the report does. */
    private static final Class<?> UPLOT = ReportWriter.class;

    private static String resource(Class<?> near, String name) throws IOException {
        try (InputStream in = near.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new HashMap<>();
        if (raw == null) return q;
        for (String kv : raw.split("&")) {
            int eq = kv.indexOf('=');
            if (eq > 0) q.put(kv.substring(0, eq), URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return q;
    }

    private static int number(String s) {
        try {
            return s == null ? 0 : Math.max(0, Integer.parseInt(s));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Takes {@code --serve}'s value only when the next word looks like a port or host:port, so that
     * {@code evperf run --serve w.yaml} serves on any free port rather than reading the workload as a port.
     */
    public static final class PortConsumer implements picocli.CommandLine.IParameterConsumer {
        private static final Pattern ADDRESS = Pattern.compile("([A-Za-z0-9.\\[\\]:-]*:)?\\d+");

        @Override
        public void consumeParameters(
                Stack<String> args,
                picocli.CommandLine.Model.ArgSpec arg,
                picocli.CommandLine.Model.CommandSpec command) {
            boolean given = !args.isEmpty() && ADDRESS.matcher(args.peek()).matches();
            arg.setValue(given ? args.pop() : "0");
        }
    }

    /** For the command's line: where the page is. */
    public void announce(PrintStream err) {
        err.println("evperf: live page at " + url() + " (loopback only; stops when the run ends)");
    }
}
