package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.records.OutputValues;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.Translation;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;

/**
 * Where P7's time goes per event inside an {@code evperf run} trial, by the sending thread's CPU time
 * (which preemption on a loaded machine does not move, unlike wall-clock rates): {@code AVG(A1)
 * [ROWS 1 000 000 SLIDE 1] GROUP BY ID} on one engine, the window filled first, then batches of
 * 50 000 of the spec's events (made before each batch's clock starts, as the trial makes them at
 * preparation), alternately
 * <ul>
 * <li>{@code engine}: send, the row only counted (the engine's own cost);</li>
 * <li>{@code +values}: send, every row formatted into a values CSV by evperf's own
 *     {@link OutputValues} (what a validated trial of a neutral query does on the listener's thread);</li>
 * <li>{@code events}: no engine, each event's ID and A1 read as an engine unboxes them.</li>
 * </ul>
 * Prints the median, p25 and p75 over batches of the CPU ns per event for each.
 * Usage: {@code java -Xms3g -Xmx3g -cp "target/evperf-jmh.jar:target/lib/*" dev.evperf.jmh.P7CpuSplit ref|esper|siddhi [batches]}.
 */
public final class P7CpuSplit {
    static final int BATCH = 50_000;
    static final int ROWS = 1_000_000;

    private P7CpuSplit() {}

    /** The listener the engine calls: counts, and formats the row too while {@code values} is set. */
    static final class Switch implements OutputListener {
        OutputListener values;
        long rows;

        @Override
        public void onOutput(Object[] row) {
            rows++;
            if (values != null) values.onOutput(row);
        }
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        QuerySpec spec =
                Specs.read("{test: count_window, function: avg, rows: " + ROWS + ", stream: {max_id: 100}}", "P7");
        Translation.Queries q = SpecEngines.translate(name, spec);
        Inputs inputs = new Inputs(spec);
        Path dir = Files.createTempDirectory("p7split");
        Switch listener = new Switch();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String[] modes = {"engine", "+values", "events"};
        double[][] perEvent = new double[modes.length][batches];
        try (Engine engine =
                Engines.get(name).open(new EngineSpec(q.inputs(), q.text(), q.outputNames(), q.options()))) {
            String out = q.outputNames().get(0);
            engine.subscribe(out, listener);
            InputHandle in = engine.input(q.inputs().get(0).name());
            long seq = 0;
            for (; seq < ROWS; seq++) in.send(inputs.event(seq).row());
            try (OutputValues values = new OutputValues(dir, out, engine.outputFields(out), row -> {})) {
                Object[][] batch = new Object[BATCH][];
                double sink = 0;
                for (int b = -2; b < batches; b++) { // two rounds of warm-up after the fill
                    for (int m = 0; m < modes.length; m++) {
                        for (int i = 0; i < BATCH; i++)
                            batch[i] = inputs.event(seq++).row();
                        listener.values = m == 1 ? values : null;
                        long rows = listener.rows;
                        long c0 = mx.getCurrentThreadCpuTime();
                        if (m < 2) {
                            for (Object[] e : batch) in.send(e);
                        } else {
                            for (Object[] e : batch) sink += (Integer) e[1] + (Double) e[2];
                            seq -= BATCH; // not sent: the next batch takes these seqs
                        }
                        long c1 = mx.getCurrentThreadCpuTime();
                        if (m < 2 && listener.rows - rows != BATCH) {
                            throw new IllegalStateException(
                                    name + " emitted " + (listener.rows - rows) + " rows for " + BATCH + " events");
                        }
                        if (b >= 0) perEvent[m][b] = (c1 - c0) / (double) BATCH;
                    }
                }
                if (sink == 42) System.out.print("");
            }
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
            Files.delete(dir);
        }
        for (int m = 0; m < modes.length; m++) {
            double[] v = perEvent[m].clone();
            Arrays.sort(v);
            System.out.printf(
                    Locale.ROOT,
                    "P7 %s %s: median thread CPU %.1f ns per event (p25 %.1f, p75 %.1f) over %d batches of %d%n",
                    name,
                    modes[m],
                    v[batches / 2],
                    v[batches / 4],
                    v[3 * batches / 4],
                    batches,
                    BATCH);
        }
    }
}
