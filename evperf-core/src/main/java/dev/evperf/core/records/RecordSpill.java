package dev.evperf.core.records;

import dev.evperf.core.driver.EventChunk;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputChunk;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The records writer: during the run, a thread of its own writes every chunk the senders have
 * finished straight into the events file (events.parquet's columns and encoding, {@link
 * ResultFile}: a few ns per value, ~2 B per event where clocks rise by small steps) and its bursts
 * (bursts.parquet, {@link BurstRows}), every full chunk of outputs to a spill file in the same
 * encoding (its receipts are filled in after the run), and hands the chunks back. After the run {@link #finish} writes what is left; the
 * figures are computed from the events file read back and the outputs spill ({@link TrialRecords}).
 *
 * <p>In capacity mode (sampled timing, which keeps no records) the events file holds the timed
 * rows only, with their seq, and the untimed events go to a second spill as runs of equal intended
 * time (intended, count): one row per chunk in a max-rate phase, where every intended time is the
 * phase's start. Writing every untimed row took about a quarter of the other core's time while the
 * sender ran, for figures that need only each interval's intended count.
 */
public final class RecordSpill implements AutoCloseable {
    public static final String EVENTS = Layout.EVENTS_SPILL;
    public static final String OUTPUTS = Layout.OUTPUTS_SPILL;

    /** bursts.parquet while it is written (renamed when the trial's records are complete). */
    static final String BURSTS = "bursts.spill.parquet";
    /** Capacity mode: the untimed events as runs of equal intended time (deleted after the run). */
    static final String UNTIMED_RUNS = "untimed.spill";

    static final List<ResultFile.Column> RUN_COLUMNS = List.of(
            ResultFile.Column.of("intended", ResultFile.Kind.INT64),
            ResultFile.Column.of("count", ResultFile.Kind.INT64));
    static final int R_INTENDED = 0, R_COUNT = 1;
    /** Columns of the events file ({@link ResultWriters#EVENTS}). */
    public static final int E_SEQ = 0,
            E_PHASE = 1,
            E_MEASURED = 2,
            E_BURST = 3,
            E_POS = 4,
            E_INTENDED = 5,
            E_START = 6,
            E_END = 7,
            E_BATCH = 8;
    /** The outputs spill's columns: outputs.parquet's, with stream and link as codes (receipts are filled in after the run). */
    static final List<ResultFile.Column> OUTPUT_COLUMNS = List.of(
            ResultFile.Column.of("stream", ResultFile.Kind.INT32),
            ResultFile.Column.of("seq", ResultFile.Kind.INT64),
            ResultFile.Column.of("received", ResultFile.Kind.INT64),
            ResultFile.Column.of("declared", ResultFile.Kind.INT64),
            ResultFile.Column.of("link", ResultFile.Kind.INT32),
            ResultFile.Column.of("append_ms", ResultFile.Kind.INT64));

    public static final int O_STREAM = 0, O_SEQ = 1, O_RECEIVED = 2, O_DECLARED = 3, O_LINK = 4, O_APPEND = 5;

    private final ResultFile events;
    private final BurstRows bursts;
    private final Path burstsFile;
    private final boolean[] measured;
    private ResultFileReader eventsRead, outputsRead, runsRead;
    /** Capacity mode: only timed rows go to the events file; the others to {@link #runs}. Else null. */
    private final ResultFile runs;

    private long eventCount;
    /** The earliest and latest intended time of an untimed event (capacity mode). */
    private long untimedFirst = Long.MAX_VALUE, untimedLast = Long.MIN_VALUE;

    private final ResultFile outputs;
    private final OutputRecords out;
    private EventSupply supply;
    private final ConcurrentLinkedQueue<EventChunk> sent = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile boolean stopping;
    private volatile Throwable failure;
    /** Outputs per link kind, and outputs whose linked input is not the one their declared sequence number names. */
    private final long[] links = new long[OutputRecords.Link.values().length];

    private long differing;
    private long maxReceived = Long.MIN_VALUE;
    private long timedEvents;
    /** The send start and end recorded for an event that was sent untimed (capacity mode). */
    public static final long UNTIMED = -1;

    /**
     * @param measured whether each phase is measured (events.parquet's {@code measured})
     * @param records  whether the trial keeps its records (else no bursts are written)
     */
    public RecordSpill(Path dir, OutputRecords out, boolean[] measured, boolean records) throws IOException {
        this(dir, out, measured, records, false);
    }

    /** @param timedOnly capacity mode: the events file holds the timed rows only (the trial keeps no records) */
    public RecordSpill(Path dir, OutputRecords out, boolean[] measured, boolean records, boolean timedOnly)
            throws IOException {
        if (timedOnly && records) throw new IllegalArgumentException("a trial that keeps its records writes every row");
        this.measured = measured.clone();
        this.events = new ResultFile(dir.resolve(EVENTS), ResultWriters.EVENTS);
        this.runs = timedOnly ? new ResultFile(dir.resolve(UNTIMED_RUNS), RUN_COLUMNS) : null;
        this.burstsFile = dir.resolve(BURSTS);
        this.bursts = records ? new BurstRows(burstsFile) : null;
        this.outputs = new ResultFile(dir.resolve(OUTPUTS), OUTPUT_COLUMNS);
        this.out = out;
        thread = new Thread(this::loop, "evperf-records");
        thread.setDaemon(true);
    }

    /** Connects the supply whose chunks come back here (it needs this writer first, as where finished chunks go). */
    public void start(EventSupply supply) {
        this.supply = supply;
        thread.start();
    }

    /** Called by the last sender to finish a chunk. */
    public void sent(EventChunk c) {
        sent.add(c);
        LockSupport.unpark(thread);
    }

    private void loop() {
        try {
            while (!stopping) {
                boolean did = false;
                EventChunk c = sent.poll();
                if (c != null) {
                    write(c);
                    did = true;
                }
                OutputChunk o = out.nextFull(false);
                if (o != null) {
                    write(o);
                    out.written(o);
                    did = true;
                }
                // Idle: sent() wakes this thread for each event chunk; full output chunks are looked for every
                // 5 ms (the 8 chunks of up to 32 Ki outputs last 30 ms and more at 8 M outputs/s). Waking every
                // 0.5 ms kept ~9 % of the other CPU busy on a 2-vCPU KVM guest whose two vCPUs slow each other
                // down (docs/benchmarks.md, "The other CPU").
                if (!did) LockSupport.parkNanos(5_000_000);
            }
        } catch (Throwable t) {
            failure = t;
            if (supply != null) supply.fail(t);
            out.fail(t);
        }
    }

    private long[] seq = new long[0], intended = new long[0], start = new long[0], end = new long[0];
    private boolean[] flags = new boolean[0];

    private void write(EventChunk c) throws IOException {
        eventCount += c.size;
        if (runs != null && c.sampled) {
            writeTimed(c);
            supply.recycle(c);
            return;
        }
        int n = c.size;
        room(n);
        long base = supply.base();
        long[] s = c.sendStartColumn(), e = c.sendEndColumn();
        boolean plain = c.senders() == 1 && !c.sampled;
        for (int i = 0; i < n; i++) {
            seq[i] = c.first + i;
            intended[i] = c.intended[i] + base;
            flags[i] = measured[c.phase[i]];
            int at = plain ? i : c.slot(i);
            boolean timed = !c.sampled || c.timed[i] != 0;
            start[i] = timed ? s[at] : UNTIMED;
            end[i] = timed ? e[at] : UNTIMED;
            if (timed) timedEvents++;
        }
        eventsGroup(n, c.phase, c.burst, c.position, c.batch);
        if (bursts != null)
            for (int i = 0; i < n; i++) bursts.event(c.burst[i], c.phase[i], flags[i], start[i], end[i]);
        supply.recycle(c);
    }

    private int[] phase = new int[0], burst = new int[0], position = new int[0], batch = new int[0];

    /** One row group of the events file: n rows of seq, intended, start, end and flags as filled, and these columns. */
    private void eventsGroup(int n, int[] phase, int[] burst, int[] position, int[] batch) throws IOException {
        events.beginRowGroup(n);
        events.longs(seq);
        events.ints(phase);
        events.booleans(flags);
        events.ints(burst);
        events.ints(position);
        events.longs(intended);
        events.longs(start);
        events.longs(end);
        events.ints(batch);
        events.endRowGroup();
    }

    private void room(int n) {
        if (seq.length >= n) return;
        seq = new long[n];
        intended = new long[n];
        start = new long[n];
        end = new long[n];
        flags = new boolean[n];
        phase = new int[n];
        burst = new int[n];
        position = new int[n];
        batch = new int[n];
    }

    /** Capacity mode: the chunk's timed rows to the events file, its untimed rows as runs of equal intended time. */
    private void writeTimed(EventChunk c) throws IOException {
        int n = c.timedCount;
        room(Math.max(n, c.size));
        long base = supply.base();
        long[] s = c.sendStartColumn(), e = c.sendEndColumn();
        boolean plain = c.senders() == 1;
        int[] rows = c.timedRows;
        for (int j = 0; j < n; j++) {
            int i = rows[j];
            seq[j] = c.first + i;
            intended[j] = c.intended[i] + base;
            phase[j] = c.phase[i];
            flags[j] = measured[c.phase[i]];
            burst[j] = c.burst[i];
            position[j] = c.position[i];
            batch[j] = c.batch[i];
            int at = plain ? i : c.slot(i);
            start[j] = s[at];
            end[j] = e[at];
        }
        timedEvents += n;
        if (n > 0) eventsGroup(n, phase, burst, position, batch);
        // The untimed rows between the timed ones, as runs (reusing seq and start as the runs' columns). The
        // inner loop is all a max-rate phase costs per event: one compare, on a thread that shares the machine
        // with the sender.
        int k = 0;
        long[] times = c.intended;
        for (int j = 0, from = 0; j <= n; j++) {
            int to = j < n ? rows[j] : c.size; // the gap [from, to) before timed row j, or after the last
            for (int i = from; i < to; ) {
                long t = times[i];
                int same = i + 1;
                while (same < to && times[same] == t) same++;
                if (k > 0 && seq[k - 1] == t + base) start[k - 1] += same - i;
                else {
                    seq[k] = t + base;
                    start[k++] = same - i;
                }
                i = same;
            }
            from = to + 1;
        }
        for (int r = 0; r < k; r++) {
            untimedFirst = Math.min(untimedFirst, seq[r]);
            untimedLast = Math.max(untimedLast, seq[r]);
        }
        if (k > 0) {
            runs.beginRowGroup(k);
            runs.longs(seq);
            runs.longs(start);
            runs.endRowGroup();
        }
    }

    private int[] codes = new int[0];

    private void write(OutputChunk o) throws IOException {
        int n = o.size;
        if (codes.length < n) codes = new int[n];
        outputs.beginRowGroup(n);
        for (int i = 0; i < n; i++) codes[i] = o.stream[i] - 1;
        outputs.ints(codes);
        outputs.longs(o.seq);
        outputs.longs(o.received);
        outputs.longs(o.declared);
        for (int i = 0; i < n; i++) codes[i] = o.link[i];
        outputs.ints(codes);
        outputs.longs(o.appendMs);
        outputs.endRowGroup();
        for (int i = 0; i < n; i++) {
            if (o.received[i] != OutputRecords.NOT_READ) maxReceived = Math.max(maxReceived, o.received[i]);
            links[o.link[i]]++;
            if (o.declared[i] >= 0 && o.declared[i] != o.seq[i]) differing++;
        }
    }

    /**
     * The heap the row groups' places take by the end of a trial (never more): the events file (a
     * row group per chunk of events), capacity mode's untimed runs (as many), bursts.parquet (one per {@link BurstRows#ROWS} bursts), the
     * outputs spill (one per chunk of outputs) and, after the run, outputs.parquet made from it.
     * A batched chunk closes when the next batch does not fit, so two chunks hold more than one
     * chunk's rows.
     *
     * @param events    the trial's events
     * @param chunkRows rows of an events chunk
     * @param outputs   the most outputs the trial records
     * @param outRows   rows of an outputs chunk
     */
    public static long indexBytes(long events, int chunkRows, boolean batched, long outputs, int outRows) {
        long chunks = ceil(events, chunkRows), eventGroups = batched ? 2 * chunks + 1 : chunks;
        long outputGroups = ceil(outputs, outRows);
        return ResultFile.heldBytes(ResultWriters.EVENTS.size(), eventGroups)
                + ResultFile.heldBytes(BurstRows.COLUMNS.size(), ceil(events, BurstRows.ROWS))
                + ResultFile.heldBytes(RUN_COLUMNS.size(), chunks) // capacity mode's untimed runs
                + 2 * ResultFile.heldBytes(OUTPUT_COLUMNS.size(), outputGroups);
    }

    private static long ceil(long n, int per) {
        return (n + per - 1) / per;
    }

    /**
     * After the last send and the drain: stops the thread, writes what is left (the partial last
     * chunk of outputs too) and the files' footers.
     */
    public void finish() throws IOException, InterruptedException {
        stopping = true;
        LockSupport.unpark(thread);
        thread.join();
        if (failure != null) throw new IOException("the records writer failed: " + failure, failure);
        for (EventChunk c; (c = sent.poll()) != null; ) write(c);
        // Every event is written: the event chunks' heap goes to the figures computed next.
        if (supply != null) supply.release();
        for (OutputChunk o; (o = out.nextFull(true)) != null; ) {
            boolean full = o.size == o.capacity();
            write(o);
            out.written(o);
            if (!full) break;
        }
        events.finish();
        if (bursts != null) bursts.finish();
        outputs.finish();
        eventsRead = events.reader();
        outputsRead = outputs.reader();
        if (runs != null) {
            runs.finish();
            runsRead = runs.reader();
        }
    }

    /** Whether the events file holds the timed rows only (capacity mode), the rest in {@link #untimedRuns}. */
    boolean timedOnly() {
        return runs != null;
    }

    /** Capacity mode: the untimed events as (intended, count) runs, read back (after {@link #finish}); else null. */
    ResultFileReader untimedRuns() {
        return runsRead;
    }

    /** Capacity mode: the earliest and latest intended time of an untimed event ({@code {MAX_VALUE, MIN_VALUE}} when none). */
    long[] untimedIntendedRange() {
        return new long[] {untimedFirst, untimedLast};
    }

    /** Every event the senders handed over, timed or not. */
    long eventCount() {
        return eventCount;
    }

    Path untimedRunsPath() {
        return runs == null ? null : runs.path();
    }

    /** The events file read back (after {@link #finish}). */
    ResultFileReader events() {
        return eventsRead;
    }

    public Path eventsPath() {
        return events.path();
    }

    /** The bursts file; complete when {@link #burstsWhole}. */
    Path burstsPath() {
        return burstsFile;
    }

    /** Whether the bursts file was written whole (bursts came one after the other; else DuckDB groups the events). */
    boolean burstsWhole() {
        return bursts != null && bursts.ordered();
    }

    /** The outputs spill read back (after {@link #finish}). */
    ResultFileReader outputs() {
        return outputsRead;
    }

    public Path outputsPath() {
        return outputs.path();
    }

    /** The latest receipt the listeners read (send-end receipts are not read), Long.MIN_VALUE when none. */
    public long maxReceived() {
        return maxReceived;
    }

    /** Events whose send was timed (all of them unless in capacity mode). */
    public long timedEvents() {
        return timedEvents;
    }

    /** Outputs written. */
    public long outputsWritten() {
        return outputs.rows();
    }

    /** Outputs recorded per link kind (indexed by {@link OutputRecords.Link#ordinal}). */
    public long[] links() {
        return links.clone();
    }

    /** Recorded outputs whose declared sequence number names another input than the one they are linked to. */
    public long differing() {
        return differing;
    }

    @Override
    public void close() throws IOException {
        stopping = true;
        LockSupport.unpark(thread);
        events.close();
        if (bursts != null) bursts.close();
        if (eventsRead != null) eventsRead.close();
        outputs.close();
        if (outputsRead != null) outputsRead.close();
        if (runs != null) runs.close();
        if (runsRead != null) runsRead.close();
    }
}
