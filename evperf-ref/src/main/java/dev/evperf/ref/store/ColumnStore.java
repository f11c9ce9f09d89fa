package dev.evperf.ref.store;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;

/**
 * Column store: one primitive array per attribute of the stream (strings in an Object[]), all of
 * them written per event, whatever the query reads. Seed 001's "Col-Store": no object per event,
 * but one distant write per attribute, which the staging arrays (K > 1) turn into bulk copies.
 */
final class ColumnStore extends Ring implements TupleStore {
    private final StoreSpec spec;
    /** Per attribute: its kind and its column within that kind. */
    private final FieldType[] types;

    private final int[] column;
    private final int[] longFields;
    private final int[] intFields;
    private final int[] doubleFields;
    private final int[] otherFields;
    private long[][] longs;
    private int[][] ints;
    private double[][] doubles;
    private Object[][] others;
    private final long[][] sLongs;
    private final int[][] sInts;
    private final double[][] sDoubles;
    private final Object[][] sOthers;

    ColumnStore(StoreSpec spec, int staging) {
        super(spec.capacity(), spec.growable(), staging);
        this.spec = spec;
        List<Field> fields = spec.schema().fields();
        types = new FieldType[fields.size()];
        column = new int[types.length];
        int nl = 0, ni = 0, nd = 0, no = 0;
        for (int f = 0; f < types.length; f++) {
            types[f] = fields.get(f).type();
            column[f] = switch (types[f]) {
                case LONG -> nl++;
                case INT -> ni++;
                case DOUBLE, FLOAT -> nd++;
                default -> no++;
            };
        }
        longFields = new int[nl];
        intFields = new int[ni];
        doubleFields = new int[nd];
        otherFields = new int[no];
        for (int f = 0; f < types.length; f++) {
            switch (types[f]) {
                case LONG -> longFields[column[f]] = f;
                case INT -> intFields[column[f]] = f;
                case DOUBLE, FLOAT -> doubleFields[column[f]] = f;
                default -> otherFields[column[f]] = f;
            }
        }
        longs = new long[nl][capacity];
        ints = new int[ni][capacity];
        doubles = new double[nd][capacity];
        others = new Object[no][capacity];
        boolean stage = k > 1;
        sLongs = stage ? new long[nl][k] : null;
        sInts = stage ? new int[ni][k] : null;
        sDoubles = stage ? new double[nd][k] : null;
        sOthers = stage ? new Object[no][k] : null;
    }

    @Override
    public void add(Object[] event, int group, long time, double[] args) {
        int s = nextSlot();
        boolean stage = k > 1;
        long[][] l = stage ? sLongs : longs;
        for (int c = 0; c < l.length; c++) l[c][s] = (Long) event[longFields[c]];
        int[][] in = stage ? sInts : ints;
        for (int c = 0; c < in.length; c++) in[c][s] = (Integer) event[intFields[c]];
        double[][] d = stage ? sDoubles : doubles;
        for (int c = 0; c < d.length; c++) d[c][s] = ((Number) event[doubleFields[c]]).doubleValue();
        Object[][] o = stage ? sOthers : others;
        for (int c = 0; c < o.length; c++) o[c][s] = event[otherFields[c]];
        added();
    }

    /** The oldest event's attribute {@code f} as a number (integral kinds exactly). */
    private double number(int f) {
        int s = oldestSlot();
        boolean st = oldestStaged();
        int c = column[f];
        return switch (types[f]) {
            case LONG -> (st ? sLongs : longs)[c][s];
            case INT -> (st ? sInts : ints)[c][s];
            case DOUBLE, FLOAT -> (st ? sDoubles : doubles)[c][s];
            default -> ((Number) (st ? sOthers : others)[c][s]).doubleValue();
        };
    }

    @Override
    public int oldestGroup() {
        if (!spec.grouped()) return 0;
        int f = spec.groupField();
        int s = oldestSlot();
        boolean st = oldestStaged();
        int c = column[f];
        return switch (types[f]) {
            case LONG -> spec.groups().ofLong((st ? sLongs : longs)[c][s]);
            case INT -> spec.groups().ofLong((st ? sInts : ints)[c][s]);
            case DOUBLE -> spec.groups().of((st ? sDoubles : doubles)[c][s]);
            case FLOAT -> spec.groups().of((float) (st ? sDoubles : doubles)[c][s]);
            default -> spec.groups().of((st ? sOthers : others)[c][s]);
        };
    }

    @Override
    public long oldestTime() {
        return (long) number(spec.timeField());
    }

    @Override
    public void oldestArgs(double[] args) {
        int[] f = spec.argFields();
        for (int a = 0; a < f.length; a++) args[a] = number(f[a]);
    }

    @Override
    public void removeOldest() {
        if (others.length > 0 && !oldestStaged()) {
            for (Object[] col : others) col[oldestSlot()] = null; // let strings go
        }
        removedOldest();
    }

    @Override
    void copyStaged(int from, int to, int n) {
        for (int c = 0; c < longs.length; c++) System.arraycopy(sLongs[c], from, longs[c], to, n);
        for (int c = 0; c < ints.length; c++) System.arraycopy(sInts[c], from, ints[c], to, n);
        for (int c = 0; c < doubles.length; c++) System.arraycopy(sDoubles[c], from, doubles[c], to, n);
        for (int c = 0; c < others.length; c++) System.arraycopy(sOthers[c], from, others[c], to, n);
    }

    @Override
    void resize(int cap) {
        for (int c = 0; c < longs.length; c++) {
            long[] a = new long[cap];
            unroll(longs[c], a);
            longs[c] = a;
        }
        for (int c = 0; c < ints.length; c++) {
            int[] a = new int[cap];
            unroll(ints[c], a);
            ints[c] = a;
        }
        for (int c = 0; c < doubles.length; c++) {
            double[] a = new double[cap];
            unroll(doubles[c], a);
            doubles[c] = a;
        }
        for (int c = 0; c < others.length; c++) {
            Object[] a = new Object[cap];
            unroll(others[c], a);
            others[c] = a;
        }
    }
}
