package dev.evperf.ref.store;

/**
 * The event's own Object[] per window slot, boxed values and all, as Esper's windows keep it. Reading
 * the oldest event back means following its references and unboxing, and finding its group again.
 */
final class ArrayStore extends ObjectRing<Object[]> {

    ArrayStore(StoreSpec spec) {
        super(spec);
    }

    @Override
    public void add(Object[] event, int group, long time, double[] args) {
        append(event);
    }

    @Override
    public int oldestGroup() {
        return spec.grouped() ? spec.groups().of(oldest()[spec.groupField()]) : 0;
    }

    @Override
    public long oldestTime() {
        return ((Number) oldest()[spec.timeField()]).longValue();
    }

    @Override
    public void oldestArgs(double[] args) {
        Object[] e = oldest();
        int[] f = spec.argFields();
        for (int a = 0; a < f.length; a++) args[a] = ((Number) e[f[a]]).doubleValue();
    }
}
