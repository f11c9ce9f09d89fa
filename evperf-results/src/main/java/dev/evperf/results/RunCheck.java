package dev.evperf.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * A results directory checked before anything reads it for figures: every file that run.json
 * says is there (the trials that ran ok: their result.json, trial.json, records, histograms and
 * interval series) is there and whole. A damaged directory (a file cut short or zero-filled by a
 * crash or a full disk, a file edited or lost) is one line naming the file, for {@code summary},
 * {@code report} and {@code compare} alike, instead of an exception deep in a reader or, worse,
 * figures from what was left. The checks read headers, footers and the small text files only:
 * cheap beside the analysis, whatever the run's size.
 */
final class RunCheck {
    private static final byte[] PARQUET_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    private RunCheck() {}

    /** @throws IllegalArgumentException one line: the file (and line) and what is wrong with it */
    static void check(RunDir run) {
        List<RunFile.Trial> trials = run.trials();
        long ok = trials.stream().filter(RunFile.Trial::ok).count();
        Path trialsDir = run.dir().resolve(Layout.TRIALS);
        if (ok > 0 && !Files.isDirectory(trialsDir)) {
            throw new IllegalArgumentException(trialsDir + ": missing (run.json lists " + trials.size() + " trial"
                    + (trials.size() == 1 ? "" : "s") + ", " + ok + " of them ok)");
        }
        for (RunFile.Trial t : trials) {
            if (!t.ok()) continue; // a failed or interrupted trial may have written anything
            if (run.run().agents() != null) agentTrial(run.trialDir(t), t.id());
            else trial(run.trialDir(t), t.id());
        }
    }

    /** A trial over agents: its result.json (ok, or marked: a clock bound above the workload's limit) and events.csv. */
    private static void agentTrial(Path dir, String id) {
        String ranOk = " (run.json says trial " + id + " ran ok)";
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException(dir + ": missing" + ranOk);
        JsonNode result = ResultsJson.readTree(required(dir.resolve(Layout.RESULT_JSON), ranOk));
        String status = result.path("status").asText();
        if (!RunFile.OK.equals(status) && !"marked".equals(status)) {
            throw new IllegalArgumentException(dir.resolve(Layout.RESULT_JSON) + ": says status '" + status
                    + "', but run.json says trial " + id + " ran ok");
        }
        required(dir.resolve(Layout.AGENT_EVENTS), ranOk);
    }

    private static void trial(Path dir, String id) {
        String ranOk = " (run.json says trial " + id + " ran ok)";
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException(dir + ": missing" + ranOk);
        JsonNode result = ResultsJson.readTree(required(dir.resolve(Layout.RESULT_JSON), ranOk));
        if (!RunFile.OK.equals(result.path("status").asText())) {
            throw new IllegalArgumentException(dir.resolve(Layout.RESULT_JSON) + ": says status '"
                    + result.path("status").asText() + "', but run.json says trial " + id + " ran ok");
        }
        JsonNode spec = ResultsJson.readTree(required(dir.resolve(Layout.TRIAL_JSON), ranOk));
        if (Files.exists(dir.resolve(Layout.ENV_JSON))) ResultsJson.readTree(dir.resolve(Layout.ENV_JSON));
        if (result.path("records").asBoolean(true)) {
            required(dir.resolve(Layout.EVENTS), ranOk + " with per-event records");
            required(dir.resolve(Layout.OUTPUTS), ranOk + " with per-event records");
        }
        JsonNode modes = spec.at("/workload/measure/latency");
        for (String word : modes.isArray() ? texts(modes) : LatencyMode.words()) {
            LatencyMode mode = LatencyMode.of(word);
            if (mode == null)
                throw new IllegalArgumentException(dir.resolve(Layout.TRIAL_JSON)
                        + ": measure.latency names an unknown latency mode '" + word + "'; expected "
                        + LatencyMode.words());
            hlog(required(dir.resolve(Layout.hlog(mode)), ranOk));
        }
        intervals(required(dir.resolve(Layout.INTERVALS), ranOk));
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".parquet"))
                    .sorted()
                    .toList()) parquet(f);
        } catch (IOException e) {
            throw new UncheckedIOException(dir + ": cannot list", e);
        }
    }

    private static Path required(Path file, String why) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException(file + ": missing" + why);
        return file;
    }

    /**
     * A Parquet file is "PAR1", the data, the footer, the footer's length (4 bytes, little-endian)
     * and "PAR1" again: a file cut short or zero-filled loses the end first.
     */
    static void parquet(Path file) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long len = f.length();
            byte[] head = new byte[4], tail = new byte[8];
            if (len < 12) throw damaged(file, "not a Parquet file (" + len + " bytes)");
            f.readFully(head);
            f.seek(len - 8);
            f.readFully(tail);
            if (!Arrays.equals(head, PARQUET_MAGIC)) {
                throw damaged(
                        file,
                        head[0] == 0 && head[1] == 0 && head[2] == 0 && head[3] == 0
                                ? "zero-filled where a Parquet file starts"
                                : "not a Parquet file (no PAR1 at its start)");
            }
            if (!Arrays.equals(Arrays.copyOfRange(tail, 4, 8), PARQUET_MAGIC)) {
                throw damaged(file, "cut short or overwritten (no PAR1 at its end)");
            }
            long footer =
                    (tail[0] & 0xffL) | (tail[1] & 0xffL) << 8 | (tail[2] & 0xffL) << 16 | (tail[3] & 0xffL) << 24;
            if (footer <= 0 || footer > len - 12)
                throw damaged(file, "its footer length (" + footer + " bytes) does not fit the file");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage());
        }
    }

    /** intervals.csv: a header of column names, then rows of as many numbers (or empty cells). */
    static void intervals(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String header = in.readLine();
            if (header == null || !header.startsWith("t_start_s,") || !header.matches("[a-z0-9_,-]+")) {
                throw damaged(file, "line 1 is not the header of an interval series (t_start_s,phase,…)");
            }
            int columns = header.split(",", -1).length;
            String line;
            for (int n = 2; (line = in.readLine()) != null; n++) {
                String[] cells = line.split(",", -1);
                if (cells.length != columns)
                    throw damaged(file, n, "expected " + columns + " cells, got " + cells.length);
                for (String c : cells) {
                    if (!c.isEmpty() && !c.matches("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?")) {
                        throw damaged(
                                file, n, "'" + (c.length() > 20 ? c.substring(0, 20) + "…" : c) + "' is not a number");
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage());
        }
    }

    /** An HdrHistogram log starts with its comment header; one cut at 0 bytes or overwritten does not. */
    private static void hlog(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String first = in.readLine();
            if (first == null || !first.startsWith("#"))
                throw damaged(file, "not an HdrHistogram log (no '#' header on line 1)");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage());
        }
    }

    private static IllegalArgumentException damaged(Path file, String what) {
        return new IllegalArgumentException(file + ": damaged: " + what);
    }

    private static IllegalArgumentException damaged(Path file, int line, String what) {
        return new IllegalArgumentException(file + ":" + line + ": damaged: " + what);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
