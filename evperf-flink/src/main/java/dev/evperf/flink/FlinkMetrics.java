package dev.evperf.flink;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A running job's per-vertex metrics from Flink's REST API, as the trial's gauges: records in and
 * out per second (summed over subtasks), the busiest subtask's busy and back-pressured time (ms per
 * s), and the Kafka sources' pending records (FLIP-33 {@code pendingRecords}: the consumer lag).
 * Flink's own figures, as its web UI shows them: the JobManager fetches them from the TaskManagers
 * every {@code metrics.fetcher.update-interval} (evperf's clusters: 1 s), and each is a rate over
 * Flink's own window, so they lag the trial's clock by a second or two. One snapshot of all of them
 * is read per sample (at most one per {@value #FRESH_MS} ms), on the sampler's thread.
 */
final class FlinkMetrics {
    static final long FRESH_MS = 200;
    /** Subtask metric → how subtasks are combined, and the gauge's name. */
    private static final Map<String, String[]> METRICS = Map.of(
            "numRecordsInPerSecond", new String[] {"sum", "records_in_per_s"},
            "numRecordsOutPerSecond", new String[] {"sum", "records_out_per_s"},
            "busyTimeMsPerSecond", new String[] {"max", "busy_ms_per_s"},
            "backPressuredTimeMsPerSecond", new String[] {"max", "backpressured_ms_per_s"});
    /** A vertex in GET /jobs/<id>: {"id":"<32 hex>","slotSharingGroupId":"…","name":"Source: … -> …", …}. */
    private static final Pattern VERTEX = Pattern.compile(
            "\\{\"id\":\"([0-9a-f]{32})\",(?:\"slotSharingGroupId\":\"[^\"]*\",)?\"name\":\"((?:[^\"\\\\]|\\\\.)*)\"");

    private static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");

    private final String rest;
    private final String job;
    /** Vertex id → its short name for gauges (position and first operator). */
    private final Map<String, String> vertices = new LinkedHashMap<>();
    /** Source vertex id → its subtask metrics that are pendingRecords. */
    private final Map<String, List<String>> pending = new LinkedHashMap<>();

    private Map<String, Double> snapshot = Map.of();
    private long snapshotAt;

    FlinkMetrics(String rest, String job) {
        this.rest = rest;
        this.job = job;
        String body = FlinkRest.get(rest, "/jobs/" + job);
        if (body == null) return;
        Matcher m = VERTEX.matcher(body);
        int i = 1;
        while (m.find()) {
            String first = m.group(2).split(" -> ", 2)[0].replaceAll("[^A-Za-z0-9_.-]+", "_");
            vertices.put(m.group(1), i++ + "-" + (first.length() > 40 ? first.substring(0, 40) : first));
        }
        for (String v : vertices.keySet()) {
            String list = FlinkRest.get(rest, "/jobs/" + job + "/vertices/" + v + "/subtasks/metrics");
            if (list == null) continue;
            List<String> names = new ArrayList<>();
            Matcher id = ID.matcher(list);
            while (id.find()) if (id.group(1).endsWith(".pendingRecords")) names.add(id.group(1));
            if (!names.isEmpty()) pending.put(v, names);
        }
    }

    /** The gauges: {@code flink/<metric>#<vertex>}, and the consumer lag when a source reports pendingRecords. */
    Map<String, DoubleSupplier> gauges() {
        Map<String, DoubleSupplier> out = new LinkedHashMap<>();
        vertices.forEach((id, name) -> METRICS.forEach((metric, how) -> {
            String key = id + "/" + metric;
            out.put("flink/" + how[1] + "#" + name, () -> read(key));
        }));
        return out;
    }

    /** Whether the job's Kafka sources report their pending records (not before their first fetch). */
    boolean knowsLag() {
        return !pending.isEmpty();
    }

    /** The pending records of every Kafka source, summed: the job's consumer lag. */
    double lag() {
        double sum = 0;
        for (String v : pending.keySet()) {
            double p = read(v + "/pendingRecords");
            if (Double.isNaN(p)) return Double.NaN;
            sum += p;
        }
        return sum;
    }

    private synchronized double read(String key) {
        long now = System.nanoTime() / 1_000_000;
        if (now - snapshotAt >= FRESH_MS) {
            snapshot = fetch();
            snapshotAt = now;
        }
        return snapshot.getOrDefault(key, Double.NaN);
    }

    private Map<String, Double> fetch() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String v : vertices.keySet()) {
            List<String> ask = new ArrayList<>(METRICS.keySet());
            ask.addAll(pending.getOrDefault(v, List.of()));
            String body = FlinkRest.get(
                    rest,
                    "/jobs/" + job + "/vertices/" + v + "/subtasks/metrics?agg=sum,max&get=" + String.join(",", ask));
            if (body == null) continue;
            double pendingSum = Double.NaN;
            for (String object : body.split("\\}")) {
                Matcher m = ID.matcher(object);
                if (!m.find()) continue;
                String metric = m.group(1);
                String how = METRICS.containsKey(metric) ? METRICS.get(metric)[0] : "sum";
                Matcher val = Pattern.compile("\"" + how + "\":([-0-9.Ee]+)").matcher(object);
                if (!val.find()) continue;
                double x = Double.parseDouble(val.group(1));
                if (metric.endsWith(".pendingRecords")) pendingSum = (Double.isNaN(pendingSum) ? 0 : pendingSum) + x;
                else out.put(v + "/" + metric, x);
            }
            if (!Double.isNaN(pendingSum)) out.put(v + "/pendingRecords", pendingSum);
        }
        return out;
    }
}
