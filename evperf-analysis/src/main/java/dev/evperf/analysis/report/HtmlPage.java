package dev.evperf.analysis.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The self-contained page of {@code evperf report} and {@code evperf compare}: uPlot, the shared
 * CSS and chart helpers (charts.js), the page's own script and its data, all inline, so the one
 * file works offline.
 */
final class HtmlPage {
    private static final String RESOURCES = "/dev/evperf/analysis/report/";
    private static final Pattern SLOT = Pattern.compile("@@[A-Z_]+@@");

    private HtmlPage() {}

    /**
     * @param script the page's script among the resources (e.g. report.js); it reads {@code data}
     *               as {@code D}
     */
    static String render(String title, String script, JsonNode data, ObjectMapper mapper) {
        return render(title, List.of(script), data, mapper);
    }

    /** The same with several scripts, inlined in this order into the one function (they share its names). */
    static String render(String title, List<String> scripts, JsonNode data, ObjectMapper mapper) {
        String json;
        try {
            json = mapper.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the page's data as JSON", e);
        }
        // '<' only occurs inside JSON strings, where \u003c means the same: no "</script>" can close the block.
        json = json.replace("<", "\\u003c");
        Map<String, String> parts = Map.of(
                "@@TITLE@@", escapeHtml(title),
                "@@UPLOT_CSS@@", resource("uPlot.min.css"),
                "@@PAGE_CSS@@", resource("page.css"),
                "@@UPLOT_LICENSE@@", resource("uPlot.LICENSE").replace("*/", "* /"),
                "@@UPLOT_JS@@", resource("uPlot.iife.min.js"),
                "@@CHARTS_JS@@", resource("charts.js"),
                "@@PAGE_JS@@", scripts.stream().map(HtmlPage::resource).collect(Collectors.joining("\n")),
                "@@DATA@@", json);
        String template = resource("page.html");
        StringBuilder out = new StringBuilder(template.length() + json.length() + 160_000);
        int i = 0;
        Matcher m = SLOT.matcher(template);
        while (m.find()) {
            String v = parts.get(m.group());
            if (v == null) continue;
            out.append(template, i, m.start()).append(v);
            i = m.end();
        }
        return out.append(template, i, template.length()).toString();
    }

    /**
     * Writes the page, creating missing parent directories. @return its size in bytes
     *
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    static long write(Path file, String html) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
            Files.write(file, bytes);
            return bytes.length;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write (" + why(e) + ")", e);
        }
    }

    /** The reason in words: NIO's messages are often just the path. */
    private static String why(IOException e) {
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof FileAlreadyExistsException f) return f.getFile() + " is not a directory";
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    static String resource(String name) {
        try (InputStream in = HtmlPage.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) throw new IllegalStateException("missing resource " + RESOURCES + name);
            String s = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!name.endsWith(".html") && s.toLowerCase(Locale.ROOT).contains("</script")) {
                throw new IllegalStateException(name + " contains </script and cannot be inlined");
            }
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name, e);
        }
    }

    static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
