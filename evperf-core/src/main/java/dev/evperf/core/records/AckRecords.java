package dev.evperf.core.records;

import dev.evperf.api.AckListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The acknowledgements of an engine behind a broker ({@link dev.evperf.api.Engine#subscribeAcks}):
 * per event sent, when the producer's callback heard that the broker accepted it (ns since the
 * trial's origin, this JVM's clock) and the broker's LogAppendTime of the input record (epoch ms,
 * the broker's clock; -1 without). Called on the producer's I/O thread, so it only copies three
 * numbers into a chunk; full chunks go to a spill file on a thread of its own through a fixed
 * cycle of chunks (nothing grows with the run), and are joined to events.parquet by seq after it.
 */
public final class AckRecords implements AckListener, AutoCloseable {
    public static final String SPILL = "acks.spill.parquet";
    static final List<SpillFile.Column> COLUMNS = List.of(
            new SpillFile.Column("seq", true),
            new SpillFile.Column("ack", true),
            new SpillFile.Column("append_in_ms", true),
            new SpillFile.Column("error", false));
    static final int CHUNK = 1 << 14;
    static final int CHUNKS = 4;

    private static final class Chunk {
        final long[] seq = new long[CHUNK], ack = new long[CHUNK], append = new long[CHUNK];
        final int[] error = new int[CHUNK];
        int size;
    }

    private final SpillFile file;
    private final long origin;
    private final BlockingQueue<Chunk> free = new ArrayBlockingQueue<>(CHUNKS);
    private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(CHUNKS);
    private final Thread writer;
    private Chunk current;
    private final AtomicLong acks = new AtomicLong(), errors = new AtomicLong(), waits = new AtomicLong();
    private volatile boolean stopping;
    private volatile Throwable failure;

    public AckRecords(Path dir, long origin) throws IOException {
        this.file = new SpillFile(dir.resolve(SPILL), COLUMNS);
        this.origin = origin;
        for (int i = 0; i < CHUNKS - 1; i++) free.add(new Chunk());
        current = new Chunk();
        writer = new Thread(this::loop, "evperf-acks");
        writer.setDaemon(true);
        writer.start();
    }

    /** Synchronized: the producer calls back on its I/O thread, but on the sending thread for a record it refuses at once. */
    @Override
    public synchronized void onAck(long seq, long ackNanos, long appendMillis, Exception error) {
        Chunk c = current;
        int i = c.size;
        c.seq[i] = seq;
        c.ack[i] = ackNanos - origin;
        c.append[i] = appendMillis;
        c.error[i] = error == null ? 0 : 1;
        c.size = i + 1;
        acks.incrementAndGet();
        if (error != null) errors.incrementAndGet();
        if (c.size == CHUNK) {
            full.add(c);
            Chunk next = free.poll();
            if (next == null) {
                // the writer is behind: the producer's thread waits (counted; the broker's acks then arrive late)
                waits.incrementAndGet();
                try {
                    while ((next = free.poll(10, TimeUnit.MILLISECONDS)) == null) {
                        if (failure != null)
                            throw new IllegalStateException("the acknowledgement writer failed: " + failure);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    next = new Chunk();
                }
            }
            current = next;
        }
    }

    private void loop() {
        try {
            while (!stopping || !full.isEmpty()) {
                Chunk c = full.poll(5, TimeUnit.MILLISECONDS);
                if (c == null) continue;
                write(c);
                free.add(c);
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    private void write(Chunk c) throws IOException {
        int n = c.size;
        file.beginRowGroup(n);
        file.longs(c.seq, SpillFile.SAME, 0);
        file.longs(c.ack, SpillFile.SAME, 0);
        file.longs(c.append, SpillFile.SAME, 0);
        file.ints(c.error, n);
        file.endRowGroup();
        c.size = 0;
    }

    /** After the drain (every acknowledgement has come): writes what is left and the file's footer. @return the spill file */
    public synchronized Path finish() throws IOException, InterruptedException {
        stopping = true;
        writer.join();
        if (failure != null) throw new IOException("the acknowledgement writer failed: " + failure, failure);
        if (current.size > 0) write(current);
        file.finish();
        return file.path();
    }

    public long count() {
        return acks.get();
    }

    public long errors() {
        return errors.get();
    }

    /** Times the producer's thread waited for the writer. */
    public long waits() {
        return waits.get();
    }

    @Override
    public void close() throws IOException {
        stopping = true;
        file.close();
    }
}
