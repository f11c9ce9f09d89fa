package dev.evperf.monitor.channel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.channel.LogChannel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A named log destination: records of (timestamp ns, id, value), all primitives. Opened once by
 * {@link Channels#open(String)}; its handler chain comes from the configuration.
 *
 * <p>The hot path is {@link #log(long, long)} (the channel reads {@code System.nanoTime()} itself, and
 * only if the record is kept) and {@link #log(long, long, long)} (the caller's timestamp). Neither
 * allocates nor locks, from any number of threads (see the handlers for what "exact" means with
 * several threads: {@code downsample by count} and {@code periodic-counter threads: single} assume
 * one). The first record a thread logs on a buffered, first-last or multi-threaded counter channel
 * sets up that thread's slot (allocation, once).
 */
public final class Channel implements LogChannel {
    private final String name;
    private final Handler head;
    private final JsonNode config;
    private final List<BufferedHandler> files;
    private boolean closed; // guarded by this

    Channel(String name, Handler head, JsonNode config, List<BufferedHandler> files) {
        this.name = name;
        this.head = head;
        this.config = config;
        this.files = files;
    }

    /** Logs (now, id, value). The clock is read only if a handler keeps the record and needs it. */
    @Override
    public void log(long id, long value) {
        head.log(id, value);
    }

    /** Logs (timestamp, id, value), a timestamp the caller read with {@code System.nanoTime()}. */
    @Override
    public void log(long timestamp, long id, long value) {
        head.log(timestamp, id, value);
    }

    @Override
    public String name() {
        return name;
    }

    /** The channel's handler chain, normalised: every default filled in. */
    public JsonNode config() {
        return config.deepCopy();
    }

    /** The file the channel writes, or null if its chain ends in {@code null}. */
    public Path file() {
        return files.isEmpty() ? null : files.get(0).file;
    }

    /** How often a logging thread waited for the writer to free a block (0 unless it fell behind). */
    public long stalls() {
        return head.stalls();
    }

    /** Records logged after the channel was closed (sealed): not in the file. */
    public long droppedAfterClose() {
        long d = 0;
        for (BufferedHandler f : files) {
            d += f.droppedAfterClose();
        }
        return d;
    }

    /** Records the writer appended to the file so far. */
    public long recordsWritten() {
        long n = 0;
        for (BufferedHandler f : files) {
            n += f.recordsWritten;
        }
        return n;
    }

    /**
     * Closes this channel alone: what its handlers hold is passed on, every thread's records logged
     * so far are queued, the writer writes them and closes the file; returns when it has. Idempotent.
     * {@link Channels#close()} closes every channel.
     */
    public void close() {
        beginClose();
        awaitClosed(Channels.CLOSE_TIMEOUT_MILLIS);
    }

    /** Starts closing: handlers pass on what they hold, buffered blocks are sealed and queued. */
    synchronized boolean beginClose() {
        if (closed) {
            return false;
        }
        closed = true;
        try {
            head.close();
        } finally {
            for (BufferedHandler f : files) {
                f.close(); // idempotent; makes sure the writer closes the file even if a filter failed
            }
        }
        return true;
    }

    /** Waits until the writer has written everything queued and closed the file. */
    void awaitClosed(long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        for (BufferedHandler f : files) {
            try {
                long left = deadline - System.nanoTime();
                if (!f.awaitClosed(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                    throw new UncheckedIOException(new IOException(
                            "channel '" + name + "': " + f.file + " not flushed within " + timeoutMillis + " ms"));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UncheckedIOException(
                        new IOException("channel '" + name + "': interrupted while flushing " + f.file));
            }
            Throwable err = f.error;
            if (err != null) {
                throw new UncheckedIOException(
                        new IOException("channel '" + name + "': writing " + f.file + " failed: " + err, err));
            }
        }
    }

    @Override
    public String toString() {
        return "Channel[" + name + ", " + config + "]";
    }
}
