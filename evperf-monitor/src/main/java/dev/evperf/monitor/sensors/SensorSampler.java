package dev.evperf.monitor.sensors;

import dev.evperf.monitor.pipeline.Pipeline;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Samples every sensor at an interval on one low-priority thread and appends the values to the
 * trial's sensors.csv (t_ns on the trial's axis, sensor URI, value) as it goes, so a trial that
 * dies keeps what was sampled. Virtual sensors (sum or avg of listed sensors) are computed from the
 * same sample; an alias stores a sensor under another name.
 */
public final class SensorSampler implements AutoCloseable {
    public static final String FILE = Layout.SENSORS;

    private final List<Sensor> sensors;
    private final String[] names;
    private final List<Virtual> virtuals = new ArrayList<>();
    private final List<String> missing = new ArrayList<>();
    private final PrintWriter out;
    private final Thread thread;
    private volatile boolean running = true;
    private long samples;

    private record Virtual(String name, boolean average, int[] of) {}

    private final Pipeline pipeline;

    /** @param pipeline where every sample is also submitted, or null */
    public SensorSampler(SensorsDef def, Path trialDir, long origin, Pipeline pipeline) throws IOException {
        this(def, trialDir, origin, pipeline, Map.of());
    }

    /** @param processes other processes of the run (components) by name: their CPU is sampled too */
    public SensorSampler(SensorsDef def, Path trialDir, long origin, Pipeline pipeline, Map<String, Long> processes)
            throws IOException {
        this(def, trialDir, origin, pipeline, processes, List.of());
    }

    /** @param extra further sensors (the engine's own gauges) */
    public SensorSampler(
            SensorsDef def,
            Path trialDir,
            long origin,
            Pipeline pipeline,
            Map<String, Long> processes,
            List<Sensor> extra)
            throws IOException {
        this.pipeline = pipeline;
        sensors = new ArrayList<>(ProcSensors.all());
        sensors.addAll(JvmSensors.all());
        processes.forEach((name, pid) -> sensors.add(ProcessCpu.percent(name, pid)));
        sensors.addAll(extra);
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < sensors.size(); i++) index.put(sensors.get(i).uri(), i);
        names = new String[sensors.size()];
        for (int i = 0; i < names.length; i++) names[i] = sensors.get(i).uri();
        def.aliases.forEach((alias, uri) -> {
            Integer i = index.get(uri);
            if (i == null) missing.add(uri);
            else names[i] = alias;
        });
        def.virtual.forEach((name, v) -> {
            List<String> of = v.sum != null ? v.sum : v.avg;
            List<Integer> found = new ArrayList<>();
            for (String uri : of) {
                Integer i = index.get(uri);
                if (i == null) missing.add(uri);
                else found.add(i);
            }
            virtuals.add(new Virtual(
                    "sensor://virtual/" + name,
                    v.avg != null,
                    found.stream().mapToInt(Integer::intValue).toArray()));
        });
        out = new PrintWriter(Files.newBufferedWriter(trialDir.resolve(FILE)));
        out.println("t_ns,sensor,value");
        long interval = def.interval.nanos();
        thread = new Thread(() -> loop(origin, interval), "evperf-sensors");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    private void loop(long origin, long interval) {
        double[] values = new double[sensors.size()];
        long next = System.nanoTime();
        while (running) {
            long t = System.nanoTime() - origin;
            for (int i = 0; i < values.length; i++) {
                values[i] = sensors.get(i).sample();
                if (!Double.isNaN(values[i])) {
                    out.printf(Locale.ROOT, "%d,%s,%s%n", t, names[i], num(values[i]));
                    if (pipeline != null) pipeline.submit(t, i, Math.round(values[i] * 1000), i);
                }
            }
            for (Virtual v : virtuals) {
                double sum = 0;
                int n = 0;
                for (int i : v.of()) {
                    if (!Double.isNaN(values[i])) {
                        sum += values[i];
                        n++;
                    }
                }
                if (n > 0) out.printf(Locale.ROOT, "%d,%s,%s%n", t, v.name(), num(v.average() ? sum / n : sum));
            }
            out.flush();
            samples++;
            next += interval;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.4f", v);
    }

    /** What result.json says of the sensors. */
    public Map<String, Object> summary() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sensors", sensors.size() + virtuals.size());
        m.put("samples", samples);
        m.put("missing", missing);
        if (Arrays.stream(names).noneMatch(n -> n.startsWith("sensor://cpufreq/"))) {
            // Say so, rather than leave a reader looking for a frequency series that cannot exist.
            m.put(
                    "cpufreq",
                    "not exposed on this machine (no " + ProcSensors.SYS_CPU + "/cpu*/cpufreq/scaling_cur_freq)");
        }
        // Pipeline records carry a sensor's index as id; this names them.
        m.put("ids", Arrays.asList(names));
        return m;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        out.close();
    }
}
