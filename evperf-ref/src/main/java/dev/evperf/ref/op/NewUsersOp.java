package dev.evperf.ref.op;

import dev.evperf.ref.agg.LongIntMap;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Nexmark q8 on event time: per tumbling window [s, s + W) (s a multiple of W), the distinct persons
 * registered in it who are the seller of an auction opened in it, as {@code (wend, id, name)}. A
 * window closes, and emits its persons in the order they registered, when both streams have had an
 * event at or after its end plus the data's lateness (the model's rule; with events in event-time
 * order no event comes back to a window once its stream has passed it). Windows are kept in order of
 * their start, since one stream may run a window or more ahead of the other (persons are rare).
 */
public final class NewUsersOp extends PersonsAndAuctions {
    private final int pId, pName, pTime, aSeller, aTime;
    private final long length;
    private final long lateness;
    private final Output out;
    private final Object[] row = new Object[3];
    private final ArrayDeque<Window> open = new ArrayDeque<>();
    private long personsPassed = Long.MIN_VALUE;
    private long auctionsPassed = Long.MIN_VALUE;

    /** One window's distinct persons (id and name boxes, in arrival order) and its sellers. */
    private static final class Window {
        final long start;
        final Long end;
        final LongIntMap personIndex = new LongIntMap(64);
        final LongIntMap sellers = new LongIntMap(256);
        long[] ids = new long[64];
        Object[] boxes = new Object[2 * 64]; // per person: id, name
        int persons;

        Window(long start, long length) {
            this.start = start;
            this.end = start + length;
        }

        void person(long id, Object idBox, Object name) {
            int i = personIndex.get(id);
            if (i < 0) {
                if (persons == ids.length) {
                    ids = Arrays.copyOf(ids, persons * 2);
                    boxes = Arrays.copyOf(boxes, persons * 4);
                }
                i = persons++;
                ids[i] = id;
                boxes[2 * i] = idBox;
                personIndex.put(id, i);
            }
            boxes[2 * i + 1] = name; // the person's latest name, at its first place (the model's LinkedHashMap)
        }
    }

    /**
     * @param personFields  the person's id, name and dateTime positions
     * @param auctionFields the auction's seller and dateTime positions
     */
    public NewUsersOp(int[] personFields, int[] auctionFields, long windowMs, long latenessMs, Output out) {
        this.pId = personFields[0];
        this.pName = personFields[1];
        this.pTime = personFields[2];
        this.aSeller = auctionFields[0];
        this.aTime = auctionFields[1];
        this.length = windowMs;
        this.lateness = latenessMs;
        this.out = out;
    }

    @Override
    void onPerson(Object[] e) {
        long t = (Long) e[pTime];
        Object idBox = e[pId];
        long id = (Long) idBox;
        window(t).person(id, idBox, e[pName]);
        personsPassed = Math.max(personsPassed, t);
        closePassed();
    }

    @Override
    void onAuction(Object[] e) {
        long t = (Long) e[aTime];
        long seller = (Long) e[aSeller];
        window(t).sellers.put(seller, 0);
        auctionsPassed = Math.max(auctionsPassed, t);
        closePassed();
    }

    /** The open window holding t, made when it is the first event in it. */
    private Window window(long t) {
        long start = Math.floorDiv(t, length) * length;
        Window last = open.peekLast();
        if (last != null && last.start == start) return last;
        if (last == null || last.start < start) {
            Window w = new Window(start, length);
            open.addLast(w);
            return w;
        }
        // an event behind the newest window (the other stream ran ahead): its window is open, or
        // was never opened because neither stream had an event in it yet
        for (Window w : open) {
            if (w.start == start) return w;
        }
        Window made = new Window(start, length);
        ArrayDeque<Window> inOrder = new ArrayDeque<>(open.size() + 1);
        for (Window o : open) {
            if (o.start > start && !inOrder.contains(made)) inOrder.addLast(made);
            inOrder.addLast(o);
        }
        open.clear();
        open.addAll(inOrder);
        return made;
    }

    private void closePassed() {
        long passed = Math.min(personsPassed, auctionsPassed);
        if (passed == Long.MIN_VALUE) return;
        long limit = passed - lateness;
        while (!open.isEmpty() && open.peekFirst().end <= limit) emit(open.pollFirst());
    }

    private void emit(Window w) {
        row[0] = w.end;
        for (int i = 0; i < w.persons; i++) {
            if (w.sellers.get(w.ids[i]) >= 0) {
                row[1] = w.boxes[2 * i];
                row[2] = w.boxes[2 * i + 1];
                out.emit(row);
            }
        }
    }
}
