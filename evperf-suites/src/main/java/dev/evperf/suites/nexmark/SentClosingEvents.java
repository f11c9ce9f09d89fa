package dev.evperf.suites.nexmark;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import java.util.Arrays;
import java.util.List;

/**
 * {@link ClosingEvents}' rule over the events a trial actually sent, numbered in send order (the
 * seq the driver stamps and the records use): the window ending at {@code wend} is closed by the
 * first sent event of each stream it reads with {@code dateTime ≥ wend + lateness}, the later of
 * them for two streams; terminal events count (they close the last windows on engines whose
 * windows close on events), and a window no sent event closes was closed by the end of input (-1).
 *
 * <p>It is what a trial's sink needs for engines that deliver on their own threads (behind Kafka):
 * from a window row's {@code wend} alone, the input its latency is measured from. A lookup is a
 * binary search per stream over that stream's running largest {@code dateTime}, which also finds
 * the first event at or past a time when events are stamped late.
 */
public final class SentClosingEvents {
    private final long lateness;
    /** Per stream the windows read: the running largest dateTime at each of its sent events. */
    private final long[][] times;
    /** Per stream the windows read: the send index of each of its sent events. */
    private final int[][] seqs;

    public SentClosingEvents(NexmarkQuery query, Input[] sent) {
        if (query.windows() == null) {
            throw new IllegalArgumentException(query.name() + " has no event-time windows");
        }
        this.lateness = query.data().latenessMillis();
        List<Integer> kinds = query.windows().kinds();
        times = new long[kinds.size()][];
        seqs = new int[kinds.size()][];
        for (int s = 0; s < kinds.size(); s++) {
            StreamSchema schema = NexmarkStreams.ALL.get(kinds.get(s));
            int at = schema.indexOf("dateTime");
            long[] t = new long[sent.length];
            int[] q = new int[sent.length];
            int n = 0;
            long largest = Long.MIN_VALUE;
            for (int j = 0; j < sent.length; j++) {
                if (!sent[j].stream().equals(schema.name())) continue;
                largest = Math.max(largest, ((Number) sent[j].row()[at]).longValue());
                t[n] = largest;
                q[n++] = j;
            }
            times[s] = Arrays.copyOf(t, n);
            seqs[s] = Arrays.copyOf(q, n);
        }
    }

    /** The send index of the event that closed the window ending at {@code wend}, or -1: the end of input closed it. */
    public long closingSeq(long wend) {
        long time = wend + lateness;
        long closing = -1;
        for (int s = 0; s < times.length; s++) {
            int i = firstAtOrAbove(times[s], time);
            if (i == times[s].length) return -1;
            closing = Math.max(closing, seqs[s][i]);
        }
        return closing;
    }

    /** The first index whose value is ≥ time in an ascending array; its length when none is. */
    private static int firstAtOrAbove(long[] ascending, long time) {
        int lo = 0, hi = ascending.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ascending[mid] >= time) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }
}
