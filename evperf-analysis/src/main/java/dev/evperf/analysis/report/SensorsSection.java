package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Sensor charts from sensors.csv: CPU, process, JVM and frequency series. A part of a trial's report section ({@link TrialSection}). */
final class SensorsSection extends Section {
    SensorsSection(SectionContext ctx) {
        super(ctx);
    }

    void sensorsPart() throws SQLException {
        Map<String, double[][]> s = q.series().sensors();
        if (s.isEmpty()) return;
        ObjectNode out = node.putObject("sensors");
        ArrayNode charts = out.putArray("charts");
        List<String> used = new ArrayList<>();
        Map<String, double[][]> cpu = new TreeMap<>(),
                freq = new TreeMap<>(),
                faults = new TreeMap<>(),
                mem = new TreeMap<>();
        // The engine's own figures (Engine.gauges()), one chart per unit.
        Map<String, double[][]> lag = new TreeMap<>(),
                rates = new TreeMap<>(),
                busy = new TreeMap<>(),
                commit = new TreeMap<>();
        // Flink's checkpoint statistics (flink/checkpoint_*, flink/checkpoints_*): duration, sizes, counts.
        Map<String, double[][]> checkpointMs = new TreeMap<>(),
                checkpointSize = new TreeMap<>(),
                checkpoints = new TreeMap<>();
        for (Map.Entry<String, double[][]> e : s.entrySet()) {
            String k = e.getKey();
            if (k.startsWith("sensor://procfs/cpu/utilization_percent#")
                    || k.equals("sensor://procfs/process/cpu_percent")
                    || k.startsWith("sensor://procfs/component/cpu_percent#")) {
                cpu.put(label(k), e.getValue());
            } else if (k.startsWith("sensor://engine/flink/checkpoint")) {
                if (k.endsWith("_ms")) checkpointMs.put(engineLabel(k), e.getValue());
                else if (k.endsWith("_bytes")) checkpointSize.put(engineLabel(k), scale(e.getValue(), 1.0 / (1 << 20)));
                else checkpoints.put(engineLabel(k), e.getValue());
            } else if (k.startsWith("sensor://engine/") && (k.contains("lag"))) {
                lag.put(engineLabel(k), e.getValue());
            } else if (k.startsWith("sensor://engine/") && (k.contains("_per_s") || k.endsWith("_rate"))) {
                (k.contains("_ms_per_s") ? busy : rates).put(engineLabel(k), e.getValue());
            } else if (k.startsWith("sensor://engine/") && k.contains("_ms")) {
                commit.put(engineLabel(k), e.getValue());
            } else if (k.startsWith("sensor://cpufreq/cpu/frequency_khz#")) {
                freq.put(label(k), scale(e.getValue(), 1e-3));
            } else if (k.startsWith("sensor://procfs/process/page_faults#")) {
                faults.put(label(k), rate(e.getValue()));
            } else if (k.startsWith("sensor://jvm/heap/") || k.equals("sensor://procfs/process/rss_bytes")) {
                mem.put(label(k), scale(e.getValue(), 1.0 / (1 << 20)));
            } else {
                continue;
            }
            used.add(k);
        }
        addChart(charts, "CPU utilization", "%", cpu);
        if (freq.isEmpty()) {
            notes.add("CPU frequency: this machine exposes no cpufreq readings (env.json: cpu_freq_khz "
                    + node.path("env").path("cpuFreq").asText("unreadable") + "), so there is no frequency chart.");
        }
        addChart(charts, "CPU frequency", "MHz", freq);
        addChart(charts, "Page faults", "faults/s", faults);
        addChart(charts, "Heap and resident memory", "MiB", mem);
        addChart(charts, "Engine: consumer lag", "records", lag);
        addChart(charts, "Engine: records per second", "records/s", rates);
        addChart(charts, "Engine: busy and back-pressured time", "ms/s", busy);
        addChart(charts, "Engine: commit latency", "ms", commit);
        addChart(charts, "Engine: latest checkpoint's duration", "ms", checkpointMs);
        addChart(charts, "Engine: latest checkpoint's size", "MiB", checkpointSize);
        addChart(charts, "Engine: checkpoints so far", "checkpoints", checkpoints);
        ArrayNode others = out.putArray("others");
        s.keySet().stream().filter(k -> !used.contains(k)).forEach(others::add);
    }

    static String label(String uri) {
        String k = uri.startsWith("sensor://") ? uri.substring("sensor://".length()) : uri;
        return k.replace("procfs/cpu/utilization_percent#", "cpu ")
                .replace("procfs/process/cpu_percent", "process cpu")
                .replace("procfs/component/cpu_percent#", "cpu of ")
                .replace("cpufreq/cpu/frequency_khz#", "")
                .replace("procfs/process/page_faults#", "")
                .replace("jvm/heap/", "heap ")
                .replace("procfs/process/rss_bytes", "rss")
                .replace("_bytes", "");
    }

    static double[][] scale(double[][] s, double f) {
        double[] v = new double[s[1].length];
        for (int i = 0; i < v.length; i++) v[i] = s[1][i] * f;
        return new double[][] {s[0], v};
    }

    /** A counter as its rate per s between consecutive samples, placed at the later sample. */
    static double[][] rate(double[][] s) {
        int n = s[0].length;
        if (n < 2) return new double[][] {new double[0], new double[0]};
        double[] t = new double[n - 1], v = new double[n - 1];
        for (int i = 1; i < n; i++) {
            t[i - 1] = s[0][i];
            double dt = (s[0][i] - s[0][i - 1]) / 1e9;
            v[i - 1] = dt > 0 ? Math.max(0, s[1][i] - s[1][i - 1]) / dt : Double.NaN;
        }
        return new double[][] {t, v};
    }

    /** Series with their own sample times, aligned on the union of times (NaN where a series has none), downsampled. */
    /** An engine gauge's label: its name after sensor://engine/ (e.g. kafka/consumer_lag, flink/busy_ms_per_s#2-Map). */
    static String engineLabel(String uri) {
        return uri.substring("sensor://engine/".length());
    }

    void addChart(ArrayNode charts, String title, String unit, Map<String, double[][]> series) {
        if (series.isEmpty()) return;
        TreeMap<Double, double[]> rows = new TreeMap<>();
        int k = 0, n = series.size();
        List<String> labels = new ArrayList<>(series.keySet());
        for (String l : labels) {
            double[][] s = series.get(l);
            for (int i = 0; i < s[0].length; i++) {
                final int col = k;
                double[] row = rows.computeIfAbsent(s[0][i], t -> {
                    double[] r = new double[n];
                    Arrays.fill(r, Double.NaN);
                    return r;
                });
                row[col] = s[1][i];
            }
            k++;
        }
        double[] x = new double[rows.size()];
        double[][] ys = new double[n][rows.size()];
        int i = 0;
        for (Map.Entry<Double, double[]> e : rows.entrySet()) {
            x[i] = e.getKey() / 1e9;
            for (int c = 0; c < n; c++) ys[c][i] = e.getValue()[c];
            i++;
        }
        double[][] ds = Downsample.minMax(x, ys, o.maxPoints());
        ObjectNode c = charts.addObject();
        c.put("title", title);
        c.put("unit", unit);
        c.set("t", J.fixed(ds[0], 6));
        ArrayNode ss = c.putArray("series");
        for (int s = 0; s < n; s++) {
            ObjectNode so = ss.addObject();
            so.put("label", labels.get(s));
            so.set("y", J.nums(ds[s + 1], 5));
        }
    }
}
