package dev.evperf.ref.store;

/**
 * The index arithmetic of a FIFO window in arrays, with optional staging (seed 001, Table 5.3):
 * with K > 1 arriving events are written into small staging arrays (K entries per column, sized to
 * stay in L2) and copied into the window K at a time, one column after another, instead of each
 * event touching one distant cache line per column. The window's content is the committed part
 * (oldest first) followed by the staged part. Subclasses own the column arrays.
 */
abstract class Ring {
    /** Staging size K; 1 means events go straight into the window. */
    final int k;

    private final boolean growable;
    int capacity;
    /** Committed part: slots head .. head + committed − 1 (mod capacity). */
    int head;

    int committed;
    /** Staged part: staging slots stageHead .. staged − 1. */
    int stageHead;

    int staged;

    /**
     * @param capacity the window's size for windows of a fixed count (ROWS), an initial size otherwise
     * @param growable whether the window may exceed {@code capacity} (RANGE windows)
     */
    Ring(int capacity, boolean growable, int k) {
        this.capacity = Math.max(1, capacity);
        this.growable = growable;
        // staging pays only when it is much smaller than the window; a fixed window must hold a whole stage
        this.k = k > 1 && (growable || capacity >= 2 * k) ? k : 1;
    }

    public final long size() {
        return committed + staged - stageHead;
    }

    /** Where the next event goes: a staging slot (K > 1) or a window slot. Call {@link #added()} after writing it. */
    final int nextSlot() {
        if (k > 1) return staged;
        if (committed == capacity) grow();
        int s = head + committed;
        return s >= capacity ? s - capacity : s;
    }

    final void added() {
        if (k == 1) {
            committed++;
            return;
        }
        if (++staged == k) flush();
    }

    /** The window slot or staging slot of the oldest event; {@link #oldestStaged()} says which. */
    final int oldestSlot() {
        return committed > 0 ? head : stageHead;
    }

    final boolean oldestStaged() {
        return committed == 0;
    }

    final void removedOldest() {
        if (committed > 0) {
            committed--;
            head = head + 1 == capacity ? 0 : head + 1;
        } else {
            stageHead++;
        }
    }

    private void flush() {
        int n = staged - stageHead;
        while (committed + n > capacity) grow();
        int tail = head + committed;
        if (tail >= capacity) tail -= capacity;
        int first = Math.min(n, capacity - tail);
        copyStaged(stageHead, tail, first);
        if (first < n) copyStaged(stageHead + first, 0, n - first);
        committed += n;
        stageHead = 0;
        staged = 0;
    }

    private void grow() {
        if (!growable) throw new IllegalStateException("window of " + capacity + " events is full");
        int c = capacity * 2;
        resize(c);
        head = 0;
        capacity = c;
    }

    /** Copies staging slots [from, from + n) into window slots [to, to + n), every column. */
    abstract void copyStaged(int from, int to, int n);

    /** Moves the committed part into arrays of {@code newCapacity}, starting at slot 0. */
    abstract void resize(int newCapacity);

    /** Copies the committed part of {@code from} into {@code to} (length ≥ committed) from index 0. */
    final void unroll(Object from, Object to) {
        int first = Math.min(committed, capacity - head);
        System.arraycopy(from, head, to, 0, first);
        System.arraycopy(from, 0, to, first, committed - first);
    }
}
