package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.ref.RefEngineFactory;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.spec.Stream1;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.translate.Translation;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * ref's switches compared on a machine too busy for wall-clock scores: all variants open in one JVM
 * and fed in turn, one batch each per round (so every variant sees the same machine within a round),
 * each batch timed by the sending thread's CPU time. Prints per variant the median and p25–p75 of
 * CPU ns per event over the rounds, and per round the ratio to the first variant (paired: the
 * median and range of those ratios).
 * <ul>
 * <li>{@code staging}: {@code SELECT AVG(A1) FROM stream1 [ROWS 1000000]} (or {@code rows}), projected layout,
 *     staging K = 1 (off), 100, 1000; batches of 50 000 events.</li>
 * <li>{@code grace}: the suites' table_join with a 1 M-row table (or {@code rows}) in memory, the plain hash join and
 *     the batch grace hash join (1000 partitions, batches of 100 000: one batch joined per batch
 *     sent, inside its last send).</li>
 * </ul>
 * Events are the spec's (new arrays and boxes), made before each batch's clock starts.
 * Usage: {@code java -Xms6g -Xmx6g -cp "target/evperf-jmh.jar:target/lib/*" dev.evperf.jmh.InterleavedCpuCheck staging|grace [rounds [rows]]}.
 */
public final class InterleavedCpuCheck {
    private InterleavedCpuCheck() {}

    public static void main(String[] args) throws Exception {
        boolean staging = args[0].equals("staging");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int rows = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
        QuerySpec spec = staging
                ? Specs.read("{test: count_window, function: avg, rows: " + rows + "}", "staging")
                : Specs.read("{test: table_join, rows: " + rows + "}", "grace");
        Translation.Queries q = SpecEngines.translate("ref", spec);
        List<String> names = staging ? List.of("K=1", "K=100", "K=1000") : List.of("hash", "grace");
        int batch = staging ? 50_000 : 100_000;
        Engine[] engines = new Engine[names.size()];
        InputHandle[] inputs = new InputHandle[names.size()];
        long[] outputs = new long[names.size()];
        Inputs events = new Inputs(spec);
        for (int v = 0; v < engines.length; v++) {
            Map<String, Object> options = new HashMap<>();
            String text = q.text();
            if (staging) {
                text = "SELECT AVG(A1) AS avg FROM stream1 [ROWS " + rows + "] INTO Out";
                options.put("layout", "projected");
                options.put("staging", Integer.parseInt(names.get(v).substring(2)));
            } else {
                options.putAll(q.options());
                options.put("join", names.get(v));
                options.put("grace_partitions", 1000);
                options.put("grace_batch", batch);
            }
            int at = v;
            engines[v] = new RefEngineFactory()
                    .open(new EngineSpec(q.inputs(), text, staging ? List.of("Out") : q.outputNames(), options));
            engines[v].subscribe(staging ? "Out" : q.outputNames().get(0), row -> outputs[at]++);
            inputs[v] = engines[v].input(Stream1.STREAM1);
            if (staging) {
                for (long seq = 0; seq < rows; seq++)
                    inputs[v].send(events.event(seq).row());
            } else {
                InputHandle table = engines[v].input(TableJoin.ROWS);
                for (int id = 1; id <= rows; id++)
                    table.send(Inputs.tableRow(spec.data().seed(), id));
            }
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[][] perEvent = new double[names.size()][rounds];
        Object[][] made = new Object[batch][];
        long seq = staging ? rows : 0;
        for (int r = -3; r < rounds; r++) { // three rounds of warm-up
            for (int v = 0; v < engines.length; v++) {
                for (int i = 0; i < batch; i++) made[i] = events.event(seq + i).row();
                long before = outputs[v];
                long c0 = mx.getCurrentThreadCpuTime();
                for (Object[] e : made) inputs[v].send(e);
                long c1 = mx.getCurrentThreadCpuTime();
                if (outputs[v] - before != batch) {
                    throw new IllegalStateException(
                            names.get(v) + " emitted " + (outputs[v] - before) + " rows for " + batch);
                }
                if (r >= 0) perEvent[v][r] = (c1 - c0) / (double) batch;
            }
            seq += batch; // every variant got the same events this round
        }
        for (Engine e : engines) e.close();
        for (int v = 0; v < engines.length; v++) {
            double[] s = perEvent[v].clone();
            Arrays.sort(s);
            System.out.printf(
                    Locale.ROOT,
                    "%s %s: median thread CPU %.1f ns per event (p25 %.1f, p75 %.1f, min %.1f, max %.1f) over %d rounds of %d%n",
                    args[0],
                    names.get(v),
                    s[rounds / 2],
                    s[rounds / 4],
                    s[3 * rounds / 4],
                    s[0],
                    s[rounds - 1],
                    rounds,
                    batch);
            if (v > 0) {
                double[] ratio = new double[rounds];
                for (int r = 0; r < rounds; r++) ratio[r] = perEvent[0][r] / perEvent[v][r];
                Arrays.sort(ratio);
                System.out.printf(
                        Locale.ROOT,
                        "  %s / %s speed-up per round: median %.3f (p25 %.3f, p75 %.3f, min %.3f, max %.3f)%n",
                        names.get(v),
                        names.get(0),
                        ratio[rounds / 2],
                        ratio[rounds / 4],
                        ratio[3 * rounds / 4],
                        ratio[0],
                        ratio[rounds - 1]);
            }
        }
    }
}
