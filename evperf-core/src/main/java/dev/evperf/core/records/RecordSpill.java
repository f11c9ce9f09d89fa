package dev.evperf.core.records;

import dev.evperf.results.Layout;
import dev.evperf.core.driver.EventChunk;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputChunk;
import dev.evperf.core.driver.OutputRecords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The records writer: during the run, a thread of its own appends every chunk the senders have
 * finished and every full chunk of outputs to two spill files, as they are (a copy, no encoding,
 * no compression, so it takes little of the machine while the engine runs), and hands the chunks
 * back. After the run {@link #finish} writes what is left; the result files are made from the
 * spills then ({@link Results}).
 */
public final class RecordSpill implements AutoCloseable {
    public static final String EVENTS = Layout.EVENTS_SPILL;
    public static final String OUTPUTS = Layout.OUTPUTS_SPILL;

    public static final List<SpillFile.Column> EVENT_COLUMNS = List.of(new SpillFile.Column("seq", true),
            new SpillFile.Column("phase", false), new SpillFile.Column("burst", false), new SpillFile.Column("pos", false),
            new SpillFile.Column("intended", true), new SpillFile.Column("send_start", true), new SpillFile.Column("send_end", true),
            new SpillFile.Column("batch", false));
    public static final int E_SEQ = 0, E_PHASE = 1, E_BURST = 2, E_POS = 3, E_INTENDED = 4, E_START = 5, E_END = 6, E_BATCH = 7;
    public static final List<SpillFile.Column> OUTPUT_COLUMNS = List.of(new SpillFile.Column("stream", false),
            new SpillFile.Column("seq", true), new SpillFile.Column("received", true), new SpillFile.Column("declared", true),
            new SpillFile.Column("link", false), new SpillFile.Column("append_ms", true));
    public static final int O_STREAM = 0, O_SEQ = 1, O_RECEIVED = 2, O_DECLARED = 3, O_LINK = 4, O_APPEND = 5;

    private final SpillFile events;
    private final SpillFile outputs;
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

    public RecordSpill(Path dir, OutputRecords out) throws IOException {
        this.events = new SpillFile(dir.resolve(EVENTS), EVENT_COLUMNS);
        this.outputs = new SpillFile(dir.resolve(OUTPUTS), OUTPUT_COLUMNS);
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
                if (!did) LockSupport.parkNanos(500_000);
            }
        } catch (Throwable t) {
            failure = t;
            if (supply != null) supply.fail(t);
            out.fail(t);
        }
    }

    private void write(EventChunk c) throws IOException {
        int n = c.size;
        long base = supply.base();
        events.beginRowGroup(n);
        events.sequence(c.first);
        events.ints(c.phase, n);
        events.ints(c.burst, n);
        events.ints(c.position, n);
        events.longs(c.intended, SpillFile.SAME, base);
        SpillFile.IntUnaryOp slot = c.senders() == 1 ? SpillFile.SAME : c::slot;
        if (c.sampled) {
            events.longs(c.sendStartColumn(), slot, c.timed, UNTIMED);
            events.longs(c.sendEndColumn(), slot, c.timed, UNTIMED);
            for (int i = 0; i < n; i++) timedEvents += c.timed[i];
        } else {
            events.longs(c.sendStartColumn(), slot, 0);
            events.longs(c.sendEndColumn(), slot, 0);
            timedEvents += n;
        }
        events.ints(c.batch, n);
        events.endRowGroup();
        supply.recycle(c);
    }

    private void write(OutputChunk o) throws IOException {
        int n = o.size;
        outputs.beginRowGroup(n);
        outputs.shortsAsInts(o.stream, n, -1);
        outputs.longs(o.seq, SpillFile.SAME, 0);
        outputs.longs(o.received, SpillFile.SAME, 0);
        outputs.longs(o.declared, SpillFile.SAME, 0);
        outputs.bytesAsInts(o.link, n);
        outputs.longs(o.appendMs, SpillFile.SAME, 0);
        outputs.endRowGroup();
        for (int i = 0; i < n; i++) {
            if (o.received[i] != OutputRecords.NOT_READ) maxReceived = Math.max(maxReceived, o.received[i]);
            links[o.link[i]]++;
            if (o.declared[i] >= 0 && o.declared[i] != o.seq[i]) differing++;
        }
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
        for (OutputChunk o; (o = out.nextFull(true)) != null; ) {
            boolean full = o.size == o.capacity();
            write(o);
            out.written(o);
            if (!full) break;
        }
        events.finish();
        outputs.finish();
    }

    public SpillFile events() {
        return events;
    }

    public SpillFile outputs() {
        return outputs;
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
        outputs.close();
    }
}
