package dev.evperf.ref.agg;

/**
 * The median of one group's values in a sliding window: a max-heap of the lower half and a
 * min-heap of the upper half, O(log n) per change. Removals are lazy: a leaving value is counted
 * as pending (by its bits: equal values are interchangeable for the median) and dropped when it
 * reaches a heap's top; the heaps are rebuilt without pending values when those outnumber the live
 * ones, so memory stays within a small factor of the window. An even count gives the mean of the
 * two middle values.
 */
final class SlidingMedian {
    private final DoubleHeap low = new DoubleHeap(true);
    private final DoubleHeap high = new DoubleHeap(false);
    private final LongCounts pending = new LongCounts();
    private int lowSize;
    private int highSize;

    void add(double v) {
        if (lowSize == 0 || v <= low.top()) {
            low.push(v);
            lowSize++;
        } else {
            high.push(v);
            highSize++;
        }
        balance();
    }

    void remove(double v) {
        pending.increment(Double.doubleToLongBits(v));
        if (lowSize > 0 && v <= low.top()) {
            lowSize--;
            if (v == low.top()) prune(low);
        } else {
            highSize--;
            if (v == high.top()) prune(high);
        }
        balance();
        if (low.size() + high.size() > 2 * (lowSize + highSize) + 64) compact();
    }

    double median() {
        return lowSize > highSize ? low.top() : (low.top() + high.top()) / 2;
    }

    void clear() {
        low.clear();
        high.clear();
        pending.clear();
        lowSize = 0;
        highSize = 0;
    }

    private void balance() {
        if (lowSize > highSize + 1) {
            high.push(low.pop());
            lowSize--;
            highSize++;
            prune(low);
        } else if (lowSize < highSize) {
            low.push(high.pop());
            lowSize++;
            highSize--;
            prune(high);
        }
    }

    /** Drops pending values from the heap's top. */
    private void prune(DoubleHeap h) {
        while (h.size() > 0 && pending.decrementIfPresent(Double.doubleToLongBits(h.top()))) {
            h.pop();
        }
    }

    /** Rebuilds both heaps without pending values (what lazy removal left inside them). */
    private void compact() {
        low.removeAll(pending);
        high.removeAll(pending);
        pending.clear();
        // an equal value pending in one heap may have been taken from the other: recount, rebalance
        lowSize = low.size();
        highSize = high.size();
        while (lowSize > highSize + 1 || lowSize < highSize) balance();
    }
}
