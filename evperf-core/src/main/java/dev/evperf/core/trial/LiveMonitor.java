package dev.evperf.core.trial;

import dev.evperf.core.driver.EventChunk;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.SendState;
import java.io.PrintStream;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The trial's live line ({@link LiveLine}): every interval, the input and output rate, p50 and p99 processing time and the
 * generator lag of what was sent since the last line, printed to the trial's stdout (the
 * controller shows the latest one). It reads the senders' states and the chunks they are sending
 * as they fill, so the senders do nothing extra: a row whose send end is non-zero has been sent
 * (every send end is after the origin, so > 0; chunks are zeroed before reuse). Reads race with
 * the senders' writes; the figures are for watching a run, the exact ones are computed from the
 * records afterwards (intervals.csv). The p50 and p99 cover the sends of the line's interval that are in
 * the chunks being sent when the line is made (up to 64 Ki events per sender).
 */
final class LiveMonitor implements AutoCloseable {
    static final String PREFIX = LiveLine.PREFIX;

    private final Thread thread;
    private volatile boolean running = true;

    LiveMonitor(
            List<SendState> states,
            EventSupply supply,
            OutputRecords out,
            long origin,
            long intervalNs,
            PrintStream sink) {
        int senders = states.size();
        thread = new Thread(
                () -> {
                    Histogram h = new Histogram(3);
                    long prevSent = 0, prevOut = 0;
                    long prevT = System.nanoTime();
                    while (running) {
                        try {
                            Thread.sleep(Math.max(1, intervalNs / 1_000_000));
                        } catch (InterruptedException e) {
                            return;
                        }
                        long now = System.nanoTime();
                        h.reset();
                        long sent = 0, lag = 0, lastSeq = -1;
                        for (int k = 0; k < senders; k++) {
                            EventChunk c = states.get(k).chunk;
                            if (c == null) continue;
                            for (int row = supply.batched() ? 0 : k;
                                    row < c.size;
                                    row += supply.batched() ? 1 : senders) {
                                long start = c.sendStart(row), end = c.sendEnd(row);
                                if (end == 0) {
                                    if (supply.batched() || c.sampled)
                                        continue; // another sender's batch, or an untimed send
                                    break;
                                }
                                long seq = c.first + row;
                                if (start > 0 && end >= start && seq >= prevSent) h.recordValue(end - start);
                                if (seq > lastSeq) {
                                    lastSeq = seq;
                                    lag = start - (supply.base() + c.intended[row]);
                                }
                            }
                        }
                        // In capacity mode most sends are untimed: count them from the senders' progress.
                        for (SendState st : states)
                            lastSeq = Math.max(lastSeq, supply.sampleEvery() > 0 ? st.last : -1);
                        sent = Math.max(prevSent, lastSeq + 1);
                        long outs = out.count();
                        double dt = (now - prevT) / 1e9;
                        boolean none = h.getTotalCount() == 0;
                        sink.println(new LiveLine(
                                        (now - origin) / 1e9,
                                        sent,
                                        (sent - prevSent) / dt,
                                        (outs - prevOut) / dt,
                                        none ? 0 : h.getValueAtPercentile(50) / 1e3,
                                        none ? 0 : h.getValueAtPercentile(99) / 1e3,
                                        lag / 1e6)
                                .format());
                        sink.flush();
                        prevSent = Math.max(prevSent, sent);
                        prevOut = outs;
                        prevT = now;
                    }
                },
                "evperf-live");
        thread.setDaemon(true);
        // The senders' threads matter more; the monitor only needs to run now and then.
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
