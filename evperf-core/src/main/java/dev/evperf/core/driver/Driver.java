package dev.evperf.core.driver;

import dev.evperf.api.InputHandle;
import dev.evperf.monitor.sensors.Descheduling;
import java.util.function.LongUnaryOperator;

/**
 * The timed loop: sends the events of its share of each chunk on their absolute schedule and
 * records send start and send end of each. It reads the clock once per event when the engine is
 * behind the schedule (the usual case in a burst): the read after event i's send is both i's
 * send end and i+1's send start, so the few ns of bookkeeping between sends count towards the
 * next event's processing time. A second read is taken only after a wait, and at the start of
 * each chunk (one per 64 Ki events), so the hand-over between chunks counts towards no event.
 *
 * <p>Each send passes the event's sequence number and intended send time ({@code nanoTime}) with
 * it: engines behind a broker write both into the record; the others ignore them.
 *
 * <p>Each event is made here, from the pool (or taken from a {@link LiveSupply}), when it is sent (the engine may keep it;
 * a neutral query's data also get their event time here, {@link EventMaker}): before the
 * wait when the driver is ahead of the schedule, so that it costs the send nothing; in a burst it
 * is part of the event's processing time, as in a bare loop that sends fresh events. The loop
 * allocates nothing else.
 */
public final class Driver {
    private Driver() {}

    /**
     * Sends sender {@code sender}'s share (every n-th event, or every n-th micro-batch) of every
     * chunk the supply gives, until the schedule ends.
     *
     * @param origin nanoTime of the trial's origin; send times are recorded relative to it
     * @param state  what this sender is sending, for the output listeners and the live line
     */
    public static void run(
            InputHandle input, EventSupply supply, int sender, EventMaker maker, long origin, SendState state) {
        run(input, supply, sender, maker, origin, state, null);
    }

    /**
     * The same, resuming after an event (or micro-batch) whose send threw when {@code errors} is
     * given: the exception is counted there, that event's send end is when it was caught, and the
     * loop goes on with the next event on its schedule. The try is around the chunk's loop, not
     * each send (a try/catch per send measurably slowed the null engine's loop): the exception
     * unwinds out of the loop, and the loop is entered again after the event {@link SendState}
     * says was being sent. Without {@code errors} the exception ends the sender.
     */
    public static void run(
            InputHandle input,
            EventSupply supply,
            int sender,
            EventMaker maker,
            long origin,
            SendState state,
            EngineErrors errors) {
        long base = origin + supply.base();
        boolean batched = supply.batched();
        int senders = supply.senders();
        long cpu = Descheduling.threadCpuNs();
        for (long n = 0; ; n++) {
            EventChunk c = supply.take(n, sender);
            if (c == null) return;
            state.chunk = c;
            int from = batched ? 0 : sender;
            while (true) {
                try {
                    if (batched) {
                        sendBatches(input, c, sender, senders, origin, base, state, from);
                    } else if (maker.live != null) {
                        sendLive(input, c, sender, maker, origin, base, state, from);
                    } else if (c.sampled) {
                        sendSampled(input, c, sender, maker, origin, base, state, from);
                    } else {
                        sendEvents(input, c, sender, maker, origin, base, state, from);
                    }
                    break;
                } catch (RuntimeException e) {
                    if (errors == null) throw e;
                    errors.escaped(e);
                    from = batched ? failedBatch(c, state, origin) + 1 : failedEvent(c, state, origin) + c.senders;
                }
            }
            cpu = onCpu(c, cpu);
            supply.done(c);
        }
    }

    /**
     * The sender's time on a CPU since {@code since} (the end of its previous chunk: the wait for this
     * one included) goes to this chunk's phase, or is shared by rows between the phases of a chunk
     * that spans several; read before the chunk goes back, off the per-event loop. @return the CPU clock now
     */
    private static long onCpu(EventChunk c, long since) {
        long now = Descheduling.threadCpuNs();
        if (since < 0 || now < 0 || c.size == 0) return now;
        long ns = now - since;
        if (c.phase[0] == c.phase[c.size - 1]) {
            Descheduling.phaseOnCpu(c.phase[0], ns);
            return now;
        }
        for (int row = 0, end; row < c.size; row = end) {
            int p = c.phase[row];
            for (end = row + 1; end < c.size && c.phase[end] == p; end++) {}
            Descheduling.phaseOnCpu(p, ns * (end - row) / c.size);
        }
        return now;
    }

    /** The row whose send threw: its send end is now. */
    private static int failedEvent(EventChunk c, SendState state, long origin) {
        int row = (int) (state.last - c.first);
        c.sendEnd[c.slot(row)] = System.nanoTime() - origin;
        return row;
    }

    /** The batch whose send threw: its events' send start and end are now (the driver stamps both after a send returns). */
    private static int failedBatch(EventChunk c, SendState state, long origin) {
        int row = (int) (state.last - c.first);
        int j = 0;
        while (j + 1 < c.batches && c.batchFirst[j + 1] <= row) j++;
        long now = System.nanoTime() - origin;
        for (int i = c.batchFirst[j]; i < c.batchFirst[j + 1]; i++) {
            c.sendStart[i] = now;
            c.sendEnd[i] = now;
        }
        return j;
    }

    private static void sendEvents(
            InputHandle input,
            EventChunk c,
            int sender,
            EventMaker maker,
            long origin,
            long base,
            SendState state,
            int from) {
        Object[][] pool = maker.pool;
        int seqIndex = maker.seqIndex;
        int timeIndex = maker.timeIndex;
        LongUnaryOperator time = maker.time;
        int senders = c.senders;
        long[] intended = c.intended, sendStart = c.sendStart, sendEnd = c.sendEnd;
        long seq = c.first + from;
        // The pool row of seq, advanced by the share's stride instead of a division per event.
        int p = (int) (seq % pool.length);
        int step = senders % pool.length;
        long t = System.nanoTime();
        for (int row = from, slot = c.slot(from); row < c.size; row += senders, slot++, seq += senders) {
            Object[] e = pool[p].clone();
            e[seqIndex] = seq;
            if (timeIndex >= 0) e[timeIndex] = time.applyAsLong(seq); // loop-invariant: taken for every event or none
            p += step;
            if (p >= pool.length) p -= pool.length;
            long due = base + intended[row];
            if (due > t) t = Waiter.awaitUntil(due);
            state.last = seq;
            sendStart[slot] = t - origin;
            input.send(e, seq, due);
            t = System.nanoTime();
            sendEnd[slot] = t - origin;
        }
    }

    /**
     * The same from a live feed ({@link LiveSupply}): the event is taken from the sender's ring instead
     * of copied from the pool. Should the ring be empty, the sender waits for the feed and reads the
     * clock again, so that the wait is no part of the send (it shows as lateness if it outlasts the
     * event's intended time).
     */
    private static void sendLive(
            InputHandle input,
            EventChunk c,
            int sender,
            EventMaker maker,
            long origin,
            long base,
            SendState state,
            int from) {
        LiveSupply live = maker.live;
        int seqIndex = maker.seqIndex;
        int senders = c.senders;
        long[] intended = c.intended, sendStart = c.sendStart, sendEnd = c.sendEnd;
        long seq = c.first + from;
        long t = System.nanoTime();
        for (int row = from, slot = c.slot(from); row < c.size; row += senders, slot++, seq += senders) {
            Object[] e = live.poll(sender);
            if (e == null) {
                e = live.await(sender);
                t = System.nanoTime();
            }
            e[seqIndex] = seq;
            long due = base + intended[row];
            if (due > t) t = Waiter.awaitUntil(due);
            state.last = seq;
            sendStart[slot] = t - origin;
            input.send(e, seq, due);
            t = System.nanoTime();
            sendEnd[slot] = t - origin;
        }
    }

    /**
     * Capacity mode: the rows the supply marked are timed as above (a fresh clock read before the
     * send, one after); the others are sent with no clock read while the driver is behind schedule,
     * and their send times are not recorded. The untimed rows between two timed ones go out in
     * {@link #sendDue}, a loop of the bare loop's shape, when the last of them is already due (the
     * usual case at maximum rate); otherwise each waits for its time here, reading the clock as always.
     */
    private static void sendSampled(
            InputHandle input,
            EventChunk c,
            int sender,
            EventMaker maker,
            long origin,
            long base,
            SendState state,
            int from) {
        Object[][] pool = maker.pool;
        int seqIndex = maker.seqIndex;
        int timeIndex = maker.timeIndex;
        LongUnaryOperator time = maker.time;
        int senders = c.senders;
        long[] intended = c.intended, sendStart = c.sendStart, sendEnd = c.sendEnd;
        int[] timedRows = c.timedRows;
        int timedCount = c.timedCount;
        long seq = c.first + from;
        int p = (int) (seq % pool.length);
        int step = senders % pool.length;
        long t = System.nanoTime();
        boolean fresh = true; // t was read after the last send (or wait), not before it
        int row = from, slot = c.slot(from);
        int k = 0; // the next entry of timedRows to look at
        while (row < c.size) {
            // The next timed row of this sender's share, or the first row past the chunk's end in it.
            while (k < timedCount && (timedRows[k] < row || (timedRows[k] - row) % senders != 0)) k++;
            int next = k < timedCount ? timedRows[k] : row + (c.size - row + senders - 1) / senders * senders;
            if (next > row) {
                long dueLast = base + intended[next - senders];
                if (dueLast > t) {
                    t = System.nanoTime();
                    fresh = true;
                }
                if (dueLast <= t) {
                    p = sendDue(
                            input, pool, p, step, seqIndex, timeIndex, time, intended, base, state, row, next, senders,
                            seq);
                    int n = (next - row) / senders;
                    row = next;
                    slot += n;
                    seq += (long) n * senders;
                } else {
                    // Ahead of the schedule: each event waits for its time.
                    for (; row < next; row += senders, slot++, seq += senders) {
                        Object[] e = pool[p].clone();
                        e[seqIndex] = seq;
                        if (timeIndex >= 0) e[timeIndex] = time.applyAsLong(seq);
                        p += step;
                        if (p >= pool.length) p -= pool.length;
                        long due = base + intended[row];
                        if (due > t) t = Waiter.awaitUntil(due);
                        state.last = seq;
                        input.send(e, seq, due);
                    }
                }
                fresh = false;
                if (row >= c.size) break;
            }
            // A timed row.
            Object[] e = pool[p].clone();
            e[seqIndex] = seq;
            if (timeIndex >= 0) e[timeIndex] = time.applyAsLong(seq);
            p += step;
            if (p >= pool.length) p -= pool.length;
            long due = base + intended[row];
            if (due > t) {
                t = Waiter.awaitUntil(due);
                fresh = true;
            }
            state.last = seq;
            if (!fresh) t = System.nanoTime();
            state.timing = true;
            sendStart[slot] = t - origin;
            input.send(e, seq, due);
            t = System.nanoTime();
            sendEnd[slot] = t - origin;
            state.timing = false;
            fresh = true;
            row += senders;
            slot++;
            seq += senders;
        }
    }

    /**
     * Untimed events of one sender's share, rows {@code row} to {@code end} (exclusive), all already due:
     * made and sent as in the bare loop the trial is checked against, with no clock read. Kept a method of
     * its own so that the JIT compiles this one hot call site on its own, not beside the timed send's: with
     * both in one method, the compiled form of Siddhi's long send path differed from JVM to JVM (issue 9).
     *
     * @return the pool row of the next event
     */
    private static int sendDue(
            InputHandle input,
            Object[][] pool,
            int p,
            int step,
            int seqIndex,
            int timeIndex,
            LongUnaryOperator time,
            long[] intended,
            long base,
            SendState state,
            int row,
            int end,
            int senders,
            long seq) {
        for (; row < end; row += senders, seq += senders) {
            Object[] e = pool[p].clone();
            e[seqIndex] = seq;
            if (timeIndex >= 0) e[timeIndex] = time.applyAsLong(seq);
            p += step;
            if (p >= pool.length) p -= pool.length;
            state.last = seq;
            input.send(e, seq, base + intended[row]);
        }
        return p;
    }

    /**
     * The micro-batched loop: each batch, prepared in the engine's form by the supply, goes out in
     * one call when it is due; all its events share the batch's send start and send end. One clock
     * read per batch while behind schedule, as above.
     */
    private static void sendBatches(
            InputHandle input,
            EventChunk c,
            int sender,
            int senders,
            long origin,
            long base,
            SendState state,
            int from) {
        long t = System.nanoTime();
        for (int j = from; j < c.batches; j++) {
            if (c.batchIndex[j] % senders != sender) continue;
            long at = base + c.batchDue[j];
            if (at > t) t = Waiter.awaitUntil(at);
            int lo = c.batchFirst[j], hi = c.batchFirst[j + 1];
            state.batchFirst = c.first + lo;
            state.last = c.first + hi - 1;
            input.sendBatch(c.batchObjects[j], c.first + lo, c.intended, lo, base);
            long end = System.nanoTime();
            for (int row = lo; row < hi; row++) {
                c.sendStart[row] = t - origin;
                c.sendEnd[row] = end - origin;
            }
            t = end;
        }
    }
}
