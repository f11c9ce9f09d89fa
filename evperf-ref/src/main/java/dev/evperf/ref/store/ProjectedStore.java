package dev.evperf.ref.store;

/**
 * Column store with projection: only what the query reads back on expiry, one primitive array each:
 * the group (when grouped), the time (RANGE windows) and each aggregate argument. For
 * {@code AVG(A1) [ROWS N]} that is one double per event, sequential in memory.
 */
final class ProjectedStore extends Ring implements TupleStore {
    private int[] groups;
    private long[] times;
    private final double[][] values;
    private final int[] sGroups;
    private final long[] sTimes;
    private final double[][] sValues;

    ProjectedStore(boolean grouped, boolean timed, int args, int capacity, boolean growable, int staging) {
        super(capacity, growable, staging);
        groups = grouped ? new int[this.capacity] : null;
        times = timed ? new long[this.capacity] : null;
        values = new double[args][this.capacity];
        boolean stage = k > 1;
        sGroups = grouped && stage ? new int[k] : null;
        sTimes = timed && stage ? new long[k] : null;
        sValues = stage ? new double[args][k] : null;
    }

    @Override
    public void add(Object[] event, int group, long time, double[] args) {
        int s = nextSlot();
        boolean stage = k > 1;
        if (groups != null) (stage ? sGroups : groups)[s] = group;
        if (times != null) (stage ? sTimes : times)[s] = time;
        double[][] v = stage ? sValues : values;
        for (int a = 0; a < v.length; a++) v[a][s] = args[a];
        added();
    }

    @Override
    public int oldestGroup() {
        return groups == null ? 0 : (oldestStaged() ? sGroups : groups)[oldestSlot()];
    }

    @Override
    public long oldestTime() {
        return (oldestStaged() ? sTimes : times)[oldestSlot()];
    }

    @Override
    public void oldestArgs(double[] args) {
        double[][] v = oldestStaged() ? sValues : values;
        int s = oldestSlot();
        for (int a = 0; a < v.length; a++) args[a] = v[a][s];
    }

    @Override
    public void removeOldest() {
        removedOldest();
    }

    @Override
    void copyStaged(int from, int to, int n) {
        if (groups != null) System.arraycopy(sGroups, from, groups, to, n);
        if (times != null) System.arraycopy(sTimes, from, times, to, n);
        for (int a = 0; a < values.length; a++) System.arraycopy(sValues[a], from, values[a], to, n);
    }

    @Override
    void resize(int c) {
        if (groups != null) {
            int[] g = new int[c];
            unroll(groups, g);
            groups = g;
        }
        if (times != null) {
            long[] t = new long[c];
            unroll(times, t);
            times = t;
        }
        for (int a = 0; a < values.length; a++) {
            double[] v = new double[c];
            unroll(values[a], v);
            values[a] = v;
        }
    }
}
