package dev.evperf.ref.store;

/** A FIFO of one object per event (the map, array and POJO layouts), oldest first. */
abstract class ObjectRing<T> implements TupleStore {
    final StoreSpec spec;
    private Object[] slots;
    private int head;
    private int size;

    ObjectRing(StoreSpec spec) {
        this.spec = spec;
        this.slots = new Object[Math.max(1, spec.capacity())];
    }

    final void append(T item) {
        if (size == slots.length) grow();
        int s = head + size;
        slots[s >= slots.length ? s - slots.length : s] = item;
        size++;
    }

    @SuppressWarnings("unchecked")
    final T oldest() {
        return (T) slots[head];
    }

    @Override
    public final long size() {
        return size;
    }

    @Override
    public final void removeOldest() {
        slots[head] = null;
        head = head + 1 == slots.length ? 0 : head + 1;
        size--;
    }

    private void grow() {
        if (!spec.growable()) throw new IllegalStateException("window of " + slots.length + " events is full");
        Object[] bigger = new Object[slots.length * 2];
        for (int i = 0; i < size; i++) bigger[i] = slots[(head + i) % slots.length];
        slots = bigger;
        head = 0;
    }
}
