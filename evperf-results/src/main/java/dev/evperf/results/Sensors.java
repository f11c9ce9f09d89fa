package dev.evperf.results;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one reader of a trial's sensors.csv (t_ns on the trial's axis, sensor URI, value): one time
 * series per sensor, samples in time order. The spike attribution, the disturbance per interval and
 * the report's sensor charts all read it here.
 */
public final class Sensors {
    public static final String FILE = Layout.SENSORS;
    public static final String MINOR_FAULTS = "sensor://procfs/process/page_faults#minor";
    public static final String MAJOR_FAULTS = "sensor://procfs/process/page_faults#major";
    public static final String FREQUENCY_PREFIX = "sensor://cpufreq/cpu/frequency_khz#";

    /** One sensor's samples: {@code t[i]} ns, {@code v[i]}, ascending t. */
    public record Series(long[] t, double[] v) {
        public int size() {
            return t.length;
        }
    }

    private final Map<String, Series> series;

    public Sensors(Map<String, Series> series) {
        this.series = Map.copyOf(series);
    }

    public static final Sensors EMPTY = new Sensors(Map.of());

    /** @return null when the trial has no such sensor */
    public Series get(String uri) {
        return series.get(uri);
    }

    /** Every sensor, by URI in name order. */
    public Map<String, Series> all() {
        return new TreeMap<>(series);
    }

    /** Sensors whose URI starts with {@code prefix}, by URI. */
    public Map<String, Series> withPrefix(String prefix) {
        Map<String, Series> out = new TreeMap<>();
        series.forEach((k, v) -> {
            if (k.startsWith(prefix)) out.put(k, v);
        });
        return out;
    }

    /**
     * Reads TRIAL/sensors.csv; {@link #EMPTY} when absent (sensors off). The sensor name is the
     * text between the first and the last comma, so a name may itself hold a comma.
     */
    public static Sensors load(Path trialDir) {
        Path file = trialDir.resolve(FILE);
        if (!Files.isRegularFile(file)) return EMPTY;
        Map<String, long[]> ts = new LinkedHashMap<>();
        Map<String, double[]> vs = new LinkedHashMap<>();
        Map<String, Integer> ns = new LinkedHashMap<>();
        try (BufferedReader r = Files.newBufferedReader(file)) {
            String head = r.readLine();
            if (head == null) return EMPTY;
            if (!head.startsWith("t_ns,"))
                throw new IllegalArgumentException(file + ": expected the header t_ns,sensor,value, got " + head);
            String line;
            for (int no = 2; (line = r.readLine()) != null; no++) {
                if (line.isBlank()) continue;
                Sample sample = parse(file, no, line);
                String name = sample.sensor();
                long t = sample.t();
                double v = sample.value();
                int n = ns.getOrDefault(name, 0);
                long[] tt = ts.computeIfAbsent(name, k -> new long[16]);
                double[] vv = vs.computeIfAbsent(name, k -> new double[16]);
                if (n == tt.length) {
                    tt = Arrays.copyOf(tt, n * 2);
                    vv = Arrays.copyOf(vv, n * 2);
                    ts.put(name, tt);
                    vs.put(name, vv);
                }
                tt[n] = t;
                vv[n] = v;
                ns.put(name, n + 1);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        Map<String, Series> out = new LinkedHashMap<>();
        ts.forEach((name, t) -> {
            int n = ns.get(name);
            long[] tt = Arrays.copyOf(t, n);
            double[] vv = Arrays.copyOf(vs.get(name), n);
            sortByTime(tt, vv);
            out.put(name, new Series(tt, vv));
        });
        return new Sensors(out);
    }

    /** One line of sensors.csv. */
    public record Sample(long t, String sensor, double value) {}

    /**
     * One data line ({@code no}: its line number, for the message). The sensor name is the text
     * between the first and the last comma, so a name may itself hold a comma; an empty value is NaN.
     */
    static Sample parse(Path file, int no, String line) {
        int a = line.indexOf(','), b = line.lastIndexOf(',');
        if (a < 0 || b <= a)
            throw new IllegalArgumentException(file + ":" + no + ": expected t_ns,sensor,value, got " + line);
        try {
            String vt = line.substring(b + 1).trim();
            return new Sample(
                    Long.parseLong(line.substring(0, a).trim()),
                    line.substring(a + 1, b),
                    vt.isEmpty() ? Double.NaN : Double.parseDouble(vt));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ":" + no + ": t_ns and value must be numbers: " + line);
        }
    }

    /** sensors.csv read as the trial appends to it (the live page): {@link LineTail} of its samples. */
    public static final class Tail {
        private final LineTail lines;

        public Tail(Path trialDir) {
            this.lines = new LineTail(trialDir.resolve(FILE));
        }

        /** @return the samples of the whole lines written since the last call */
        public List<Sample> next() {
            List<String> got = lines.next();
            List<Sample> out = new ArrayList<>(got.size());
            int no = lines.lines() - got.size();
            for (String line : got) {
                no++;
                if (no > 1 && !line.isBlank()) out.add(parse(lines.file(), no, line)); // line 1: the header
            }
            return out;
        }
    }

    private static void sortByTime(long[] t, double[] v) {
        for (int i = 1; i < t.length; i++) {
            if (t[i] < t[i - 1]) {
                Integer[] idx = new Integer[t.length];
                for (int k = 0; k < idx.length; k++) idx[k] = k;
                Arrays.sort(idx, (x, y) -> Long.compare(t[x], t[y]));
                long[] t2 = new long[t.length];
                double[] v2 = new double[v.length];
                for (int k = 0; k < idx.length; k++) {
                    t2[k] = t[idx[k]];
                    v2[k] = v[idx[k]];
                }
                System.arraycopy(t2, 0, t, 0, t.length);
                System.arraycopy(v2, 0, v, 0, v.length);
                return;
            }
        }
    }
}
