package dev.evperf.core.results;

import dev.evperf.core.load.Profile;
import dev.evperf.core.load.Schedule;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The trial over time, one row per interval (default 250 ms) on the trial's axis: the pattern's
 * target rate r(t), the rate the schedule intended, the achieved input rate (send starts), the
 * output rate, the generator lag (send start − intended), and p50 / p99 / max of each latency
 * mode for what completed in the interval. Computed exactly from the records after the timed
 * loop, so it costs the measurement nothing, fed one event and one output at a time.
 *
 * <p>Counts take a few longs per interval. Latency histograms are kept for a window of
 * {@value #WINDOW} intervals behind the latest value of each mode (values arrive in about time
 * order: events by seq, outputs as received), so their memory does not grow with the run; a
 * value later than that (none in a trial whose values arrive within 4 s of each other at 250 ms
 * intervals) counts in the oldest interval still open. The window is small because every open
 * histogram holds its counts for the whole range of its values (90 KB for values up to 1 ms,
 * 270 KB up to an hour), and a trial longer than the window keeps it full: 64 intervals made a
 * 64 MB trial of 3 M events run out of heap after its run ({@link #heldBytes}).
 */
public final class IntervalSeries {
    public static final String FILE = Layout.INTERVALS;
    static final String HEADER = "t_start_s,phase,whole,target_rate,intended_rate,input_rate,output_rate,lag_max_ms,"
            + "processing_p50_us,processing_p99_us,processing_max_us,end_to_end_p50_us,end_to_end_p99_us,end_to_end_max_us,"
            + "scheduled_p50_us,scheduled_p99_us,scheduled_max_us";
    static final int WINDOW = 16;

    private final Schedule s;
    private final long first, intervalNs;
    private final int intervals;
    private final long[] intendedCount, lagMax;
    private final double[] inputCount, outputCount;
    private final Window[] modes = new Window[3];

    /**
     * @param first the earlier of the first event's intended time and send start
     * @param last  the latest of the last event's intended time and send end and every receipt
     */
    public IntervalSeries(Schedule s, long first, long last, long intervalNs) {
        this.s = s;
        this.first = first;
        this.intervalNs = intervalNs;
        this.intervals = (int) Math.min(10_000_000, (last - first) / intervalNs + 1);
        intendedCount = new long[intervals];
        inputCount = new double[intervals];
        outputCount = new double[intervals];
        lagMax = new long[intervals];
        Arrays.fill(lagMax, Long.MIN_VALUE);
        for (int m = 0; m < 3; m++) modes[m] = new Window(intervals);
    }

    /**
     * The most heap the open histograms hold (three modes, {@value #WINDOW} intervals each) when
     * no latency exceeds {@code maxValueNs}: what the trial's heap estimate counts for them.
     */
    public static long heldBytes(long maxValueNs) {
        return 3L * WINDOW * new Histogram(Math.max(2, maxValueNs), 3).getEstimatedFootprintInBytes();
    }

    public void event(long intended, long sendStart, long sendEnd) {
        event(intended, sendStart, sendEnd, 1);
    }

    /**
     * A timed event; {@code weight}: how many sends it stands for in the input rate (capacity mode:
     * itself and the untimed ones since the previous timed event, sent between the two).
     */
    public void event(long intended, long sendStart, long sendEnd, double weight) {
        intendedCount[slot(intended)]++;
        int at = slot(sendStart);
        inputCount[at] += weight;
        lagMax[at] = Math.max(lagMax[at], sendStart - intended);
        modes[0].record(slot(sendEnd), sendEnd - sendStart);
    }

    /** {@code count} events sent untimed with one intended time (capacity mode): only that is known of them. */
    public void untimed(long intended, long count) {
        intendedCount[slot(intended)] += count;
    }

    /** An output; {@code linked} false when it names no input of the trial (no latency then). */
    public void output(long received, boolean linked, long sendStart, long intended) {
        output(received, linked, sendStart, intended, 1);
    }

    /** An output standing for {@code weight} outputs in the output rate (capacity mode: received / recorded). */
    public void output(long received, boolean linked, long sendStart, long intended, double weight) {
        int at = slot(received);
        outputCount[at] += weight;
        if (!linked) return;
        modes[1].record(at, received - sendStart);
        modes[2].record(at, received - intended);
    }

    public void write(Path trialDir) throws IOException {
        for (Window w : modes) w.finish();
        double perSecond = 1e9 / intervalNs;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(trialDir.resolve(FILE)))) {
            w.println(HEADER);
            for (int i = 0; i < intervals; i++) {
                long t = first + i * intervalNs;
                int phase = phaseAt(s, t + intervalNs / 2);
                StringBuilder row = new StringBuilder();
                // whole: the interval lies inside one phase's schedule, so its rates are comparable.
                boolean whole = phase >= 0
                        && t >= s.phaseStart(phase)
                        && t + intervalNs
                                <= s.phaseStart(phase) + s.phases.get(phase).intendedSpan();
                row.append(fmt(t / 1e9))
                        .append(',')
                        .append(phase)
                        .append(',')
                        .append(whole ? 1 : 0)
                        .append(',')
                        .append(fmt(targetRate(s, phase, t, intervalNs)))
                        .append(',')
                        .append(fmt(intendedCount[i] * perSecond))
                        .append(',')
                        .append(fmt(inputCount[i] * perSecond))
                        .append(',')
                        .append(fmt(outputCount[i] * perSecond))
                        .append(',')
                        .append(lagMax[i] == Long.MIN_VALUE ? "" : fmt(lagMax[i] / 1e6));
                for (Window mode : modes) {
                    if (mode.count[i] == 0) {
                        row.append(",,,");
                    } else {
                        row.append(',')
                                .append(fmt(mode.p50[i] / 1e3))
                                .append(',')
                                .append(fmt(mode.p99[i] / 1e3))
                                .append(',')
                                .append(fmt(mode.max[i] / 1e3));
                    }
                }
                w.println(row);
            }
        }
    }

    /** One mode's histograms for the intervals still open, and p50 / p99 / max of those closed. */
    private static final class Window {
        final long[] count;
        final long[] p50, p99, max;
        private final Histogram[] open = new Histogram[WINDOW];
        private final ArrayDeque<Histogram> spare = new ArrayDeque<>();
        private int low;

        Window(int intervals) {
            count = new long[intervals];
            p50 = new long[intervals];
            p99 = new long[intervals];
            max = new long[intervals];
        }

        void record(int slot, long value) {
            if (slot < low) slot = low;
            while (slot >= low + WINDOW) close(low++);
            Histogram h = open[slot % WINDOW];
            if (h == null) {
                h = spare.isEmpty() ? new Histogram(3) : spare.pop();
                open[slot % WINDOW] = h;
            }
            h.recordValue(Math.max(0, value));
        }

        private void close(int slot) {
            Histogram h = open[slot % WINDOW];
            if (h == null) return;
            open[slot % WINDOW] = null;
            if (slot < count.length) {
                count[slot] = h.getTotalCount();
                p50[slot] = h.getValueAtPercentile(50);
                p99[slot] = h.getValueAtPercentile(99);
                max[slot] = h.getMaxValue();
            }
            h.reset();
            spare.push(h);
        }

        void finish() {
            for (int i = 0; i < WINDOW; i++) close(low + i);
            low += WINDOW;
        }
    }

    /** The pattern's mean target rate over the interval (empty for unlimited profiles). */
    private static double targetRate(Schedule s, int phase, long t, long intervalNs) {
        if (phase < 0) return Double.NaN;
        Profile p = s.profiles.get(phase);
        double sum = 0;
        // Fine enough that a spike or a square-wave edge inside the interval is averaged right.
        int samples = 256;
        for (int k = 0; k < samples; k++) {
            double at = (t + (k + 0.5) * intervalNs / samples - s.phaseStart(phase)) / 1e9;
            sum += p.rateAt(Math.max(0, at));
        }
        return sum / samples;
    }

    /** The phase whose schedule covers time t (the last one that started), or -1 before any. */
    private static int phaseAt(Schedule s, long t) {
        int found = -1;
        for (int p = 0; p < s.phases.size(); p++) {
            if (s.phaseStart(p) <= t) found = p;
        }
        return found;
    }

    private int slot(long t) {
        return (int) Math.max(0, Math.min(intervals - 1, (t - first) / intervalNs));
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
