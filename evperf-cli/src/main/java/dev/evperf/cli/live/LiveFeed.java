package dev.evperf.cli.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.trial.LiveLine;
import dev.evperf.results.Intervals;
import dev.evperf.results.Layout;
import dev.evperf.results.LineTail;
import dev.evperf.results.Sensors;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the live page shows, read from the run directory as the trials write it. Per trial: the
 * live lines of its stdout.txt ({@link LiveLine}: input and output rate, processing p50 / p99 and
 * generator lag per interval, as the trial's live monitor printed them), the CPU of every process
 * and the consumer lag from its sensors.csv, and once the trial has ended (result.json written) the
 * rows of its intervals.csv, the exact figures computed from the records, in place of the live
 * lines. It computes no figure of its own.
 */
final class LiveFeed {
    static final ObjectMapper JSON = new ObjectMapper();
    /** At most this many rows or samples per answer: a page far behind catches up over several polls. */
    static final int MAX_ITEMS = 4000;
    /** The trial JVM's own CPU sensor, and the prefix of each component JVM's (name after '#'). */
    static final String TRIAL_CPU = "sensor://procfs/process/cpu_percent",
            COMPONENT_CPU = "sensor://procfs/component/cpu_percent#",
            CONSUMER_LAG = "sensor://engine/kafka/consumer_lag";
    /** The columns of a row, live or from intervals.csv (null where a source has no such figure). */
    static final List<String> COLUMNS = List.of(
            "t_start_s",
            "t_end_s",
            "input_rate",
            "output_rate",
            "lag_ms",
            "processing_p50_us",
            "processing_p99_us",
            "end_to_end_p50_us",
            "end_to_end_p99_us");

    private final Path runDir;
    private final Map<String, Trial> trials = new TreeMap<>();
    private volatile boolean ended;

    LiveFeed(Path runDir) {
        this.runDir = runDir;
    }

    /** The run is over: every trial has ended, and the answers say so. */
    void end() {
        ended = true;
    }

    boolean ended() {
        return ended;
    }

    /** The run and its trials, each with its state and how many rows it has. */
    synchronized ObjectNode overview() throws IOException {
        refresh();
        ObjectNode o = JSON.createObjectNode();
        o.put("run", runDir.toAbsolutePath().toString());
        o.put("ended", ended);
        o.set("columns", JSON.valueToTree(COLUMNS));
        ArrayNode list = o.putArray("trials");
        for (Trial t : trials.values()) {
            ObjectNode e = list.addObject();
            e.put("id", t.id);
            e.put("label", t.label);
            e.put("state", t.state);
            e.put("source", t.source());
            e.put("rows", t.rows().size());
            e.put("samples", t.samples.size());
        }
        return o;
    }

    /**
     * One trial's rows from {@code fromRow} and samples from {@code fromSample}; once the trial has
     * ended the rows are intervals.csv's, and {@code source} says so (a page then replaces the live
     * rows it has).
     *
     * @return null when there is no such trial
     */
    synchronized ObjectNode trial(String id, int fromRow, int fromSample) throws IOException {
        refresh();
        Trial t = trials.get(id);
        if (t == null) return null;
        ObjectNode o = JSON.createObjectNode();
        o.put("id", t.id);
        o.put("label", t.label);
        o.put("state", t.state);
        o.put("source", t.source());
        o.put("from_row", fromRow);
        List<Double[]> rows = t.rows();
        ArrayNode r = o.putArray("rows");
        for (int i = Math.max(0, fromRow); i < rows.size() && i < fromRow + MAX_ITEMS; i++) {
            ArrayNode row = r.addArray();
            for (Double v : rows.get(i)) {
                if (v == null || v.isNaN()) row.addNull();
                else row.add(v);
            }
        }
        o.put("from_sample", fromSample);
        ArrayNode s = o.putArray("samples");
        for (int i = Math.max(0, fromSample); i < t.samples.size() && i < fromSample + MAX_ITEMS; i++) {
            Object[] sample = t.samples.get(i);
            s.addArray().add((String) sample[0]).add((Double) sample[1]).add((Double) sample[2]);
        }
        return o;
    }

    /** Takes in what the trials wrote since the last call. */
    private void refresh() throws IOException {
        Path dir = runDir.resolve(Layout.TRIALS);
        if (!Files.isDirectory(dir)) return;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, Files::isDirectory)) {
            for (Path p : ds) trials.computeIfAbsent(p.getFileName().toString(), id -> new Trial(id, p));
        }
        for (Trial t : trials.values()) t.refresh();
    }

    /** One trial's figures so far. */
    private static final class Trial {
        final String id;
        final Path dir;
        final LineTail stdout;
        final Sensors.Tail sensors;
        final List<Double[]> live = new ArrayList<>();
        /** [series name, t s, value] */
        final List<Object[]> samples = new ArrayList<>();
        /** intervals.csv's rows once the trial has ended; null before, and when it ended without one */
        List<Double[]> exact;

        boolean finished;
        String label = "";
        /** starting (no live line yet), running, or the result's status once it has ended */
        String state = "starting";

        Trial(String id, Path dir) {
            this.id = id;
            this.dir = dir;
            this.stdout = new LineTail(dir.resolve(Layout.STDOUT));
            this.sensors = new Sensors.Tail(dir);
        }

        List<Double[]> rows() {
            return exact != null ? exact : live;
        }

        String source() {
            return exact != null ? Layout.INTERVALS : "live";
        }

        void refresh() throws IOException {
            if (finished) return;
            if (label.isEmpty() && Files.isRegularFile(dir.resolve(Layout.TRIAL_JSON))) {
                label = JSON.readTree(dir.resolve(Layout.TRIAL_JSON).toFile())
                        .path("label")
                        .asText("");
            }
            // result.json is written last, after intervals.csv and after the last sample: read it first, so that
            // what follows is complete when it exists.
            Path result = dir.resolve(Layout.RESULT_JSON);
            JsonNode done = Files.isRegularFile(result) ? JSON.readTree(result.toFile()) : null;
            for (String line : stdout.next()) {
                LiveLine l = LiveLine.parse(line);
                if (l == null) continue;
                double start = live.isEmpty() ? Double.NaN : live.get(live.size() - 1)[1];
                live.add(new Double[] {
                    start, l.tS(), l.inRate(), l.outRate(), l.lagMs(), l.p50Us(), l.p99Us(), null, null
                });
                state = "running";
            }
            for (Sensors.Sample s : sensors.next()) {
                String series = seriesOf(s.sensor());
                if (series != null && !Double.isNaN(s.value()))
                    samples.add(new Object[] {series, s.t() / 1e9, s.value()});
            }
            if (done != null) {
                state = done.path("status").asText("ended");
                Intervals in = Intervals.read(dir);
                if (in != null) exact = exactRows(in);
                finished = true;
            }
        }

        /** intervals.csv's rows in the page's columns. */
        static List<Double[]> exactRows(Intervals in) {
            List<Double[]> out = new ArrayList<>();
            double width = in.widthS(Double.NaN);
            int t = in.required("t_start_s");
            int[] cols = {
                in.column("input_rate"),
                in.column("output_rate"),
                in.column("lag_max_ms"),
                in.column("processing_p50_us"),
                in.column("processing_p99_us"),
                in.column("end_to_end_p50_us"),
                in.column("end_to_end_p99_us")
            };
            for (int i = 0; i < in.size(); i++) {
                Double[] row = new Double[COLUMNS.size()];
                row[0] = in.number(i, t);
                row[1] = row[0] + width;
                for (int c = 0; c < cols.length; c++) row[2 + c] = in.number(i, cols[c]);
                out.add(row);
            }
            return out;
        }

        /** The page's name for a sensor it shows, or null for the others. */
        static String seriesOf(String sensor) {
            if (sensor.equals(TRIAL_CPU)) return "cpu:trial JVM";
            if (sensor.startsWith(COMPONENT_CPU)) return "cpu:" + sensor.substring(COMPONENT_CPU.length());
            if (sensor.equals(CONSUMER_LAG)) return "consumer lag";
            return null;
        }
    }
}
