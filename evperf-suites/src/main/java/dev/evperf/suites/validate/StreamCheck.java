package dev.evperf.suites.validate;

import dev.evperf.suites.spec.OutputSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Compares one output stream with the reference, slot by slot. Both sides stream in slot order:
 * the engine's rows from a {@link Produced} (a list sorted in memory, or a values file read or
 * sorted on disk), the reference's through {@link #expect}; only the current slot's rows are held. Within a slot: rows equal in every field (within
 * the tolerance) are correct; of the rest, rows with the same identity fields (or, without
 * identity fields, in order) are wrong; expected rows left are missing, produced rows left undue.
 * Rows the engine may leave out (windows open at the end of input, {@link #expectIfClosed}) count as
 * closed at the end when produced equal, wrong when produced with other values, and nothing when
 * left out.
 */
public final class StreamCheck {
    private static final int EXAMPLES = 5;

    private final OutputSchema schema;
    private final Tolerance tolerance;
    private final int[] identity;
    private final ToLongFunction<Object[]> slotOf;
    private final Produced produced;
    private Object[] head; // the first produced row not yet compared, null after the last
    private long headSlot;
    private long producedCount;

    private final List<Want> slotRows = new ArrayList<>();
    private long slot = Long.MIN_VALUE;
    private long expected, correct, missing, undue, wrong, closedAtEnd, openAtEnd;
    private final List<Verdict.Example> examples = new ArrayList<>();

    /** @param produced the engine's rows in the schema's field order (see {@link Rows#reorder}) */
    public StreamCheck(OutputSchema schema, Tolerance tolerance, List<Object[]> produced) {
        this(schema, tolerance, Produced.of(schema, produced));
    }

    /** @param produced the engine's rows in slot order; {@link #finish} reads it to its end */
    public StreamCheck(OutputSchema schema, Tolerance tolerance, Produced produced) {
        this.schema = schema;
        this.tolerance = tolerance;
        this.identity = schema.identity().stream().mapToInt(schema::indexOf).toArray();
        this.slotOf = Produced.slots(schema);
        this.produced = produced;
        advance();
    }

    /** The slot a row belongs to: the largest of its slot fields, over the schema's divisor. */
    public long slotOf(Object[] row) {
        return slotOf.applyAsLong(row);
    }

    /** Takes the head row and reads the next; a source that goes back in slot order is a bug, not a verdict. */
    private Object[] take() {
        Object[] row = head;
        advance();
        return row;
    }

    private void advance() {
        long last = headSlot;
        boolean first = head == null && producedCount == 0;
        head = produced.next();
        if (head == null) return;
        producedCount++;
        headSlot = slotOf(head);
        if (!first && headSlot < last) {
            throw new IllegalStateException("the engine's rows went back from slot " + last + " to " + headSlot);
        }
    }

    /** A reference row and whether the engine must produce it. */
    private record Want(Object[] row, boolean optional) {}

    /** The reference's next row; rows must come in nondecreasing slot order. */
    public void expect(Object[] row) {
        add(new Want(row, false));
        expected++;
    }

    /**
     * The reference's next row of a window open at the end of input, after every expected row: an engine whose end of
     * input closes its windows emits it, others do not; checked only when produced.
     */
    public void expectIfClosed(Object[] row) {
        add(new Want(row, true));
        openAtEnd++;
    }

    private void add(Want want) {
        long s = slotOf(want.row());
        if (s != slot) {
            if (s < slot) {
                throw new IllegalStateException("the reference's rows went back from slot " + slot + " to " + s);
            }
            compareSlot();
            slot = s;
        }
        slotRows.add(want);
    }

    /** Compares what is left and gives the verdict. */
    public Verdict finish() {
        compareSlot();
        while (head != null) {
            long at = headSlot;
            undue(at, take());
        }
        return new Verdict(
                schema.stream(),
                expected,
                producedCount,
                correct,
                missing,
                undue,
                wrong,
                schema.sampled(),
                closedAtEnd,
                openAtEnd,
                List.copyOf(examples));
    }

    private void compareSlot() {
        // produced rows of earlier slots, which the reference has no rows for
        while (head != null && headSlot < slot) {
            long at = headSlot;
            undue(at, take());
        }
        List<Object[]> mine = new ArrayList<>();
        while (head != null && headSlot == slot) {
            mine.add(take());
        }
        List<Want> want = new ArrayList<>(slotRows);
        slotRows.clear();
        // 1. equal rows
        for (int p = 0; p < mine.size(); p++) {
            for (int e = 0; e < want.size(); e++) {
                if (equal(want.get(e).row(), mine.get(p))) {
                    if (want.remove(e).optional()) closedAtEnd++;
                    else correct++;
                    mine.remove(p--);
                    break;
                }
            }
        }
        // 2. the same row with other values
        for (int p = 0; p < mine.size(); p++) {
            for (int e = 0; e < want.size(); e++) {
                if (sameIdentity(want.get(e).row(), mine.get(p))) {
                    wrong++;
                    example("wrong", want.remove(e).row(), mine.remove(p--));
                    break;
                }
            }
        }
        // 3. left over (a window open at the end of input may stay open)
        for (Want w : want) {
            if (!schema.sampled() && !w.optional()) {
                missing++;
                example("missing", w.row(), null);
            }
        }
        for (Object[] row : mine) {
            undue(slot, row);
        }
    }

    private void undue(long at, Object[] row) {
        undue++;
        if (examples.size() < EXAMPLES) {
            examples.add(new Verdict.Example("undue", at, null, Arrays.asList(row)));
        }
    }

    private void example(String kind, Object[] want, Object[] got) {
        if (examples.size() < EXAMPLES) {
            examples.add(new Verdict.Example(
                    kind, slot, want == null ? null : Arrays.asList(want), got == null ? null : Arrays.asList(got)));
        }
    }

    private boolean equal(Object[] want, Object[] got) {
        for (int i = 0; i < want.length; i++) {
            if (!tolerance.agree(want[i], got[i])) {
                return false;
            }
        }
        return true;
    }

    private boolean sameIdentity(Object[] want, Object[] got) {
        for (int f : identity) {
            if (!tolerance.agree(want[f], got[f])) {
                return false;
            }
        }
        return true; // no identity fields: any row of the slot
    }
}
