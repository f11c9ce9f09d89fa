package dev.evperf.ref.store;

import dev.evperf.api.EngineException;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import java.util.List;

/**
 * A plain Java object per event with one primitive field per attribute. A POJO has a fixed
 * schema, so this layout takes stream1's: {@code seq long, ID int, A1..AN double, TS long} with
 * N ≤ 5 (N = 2 is seed 001's chapter 5 stream S); a class per width keeps unused attributes out.
 */
final class PojoStore extends ObjectRing<PojoStore.Pojo> {
    private static final int SEQ = -1;
    private static final int ID = -2;
    private static final int TS = -3;

    abstract static class Pojo {
        long seq;
        int id;
        long ts;

        abstract double a(int i);

        abstract void a(int i, double v);
    }

    static final class Pojo2 extends Pojo {
        double a1;
        double a2;

        @Override
        double a(int i) {
            return i == 1 ? a1 : a2;
        }

        @Override
        void a(int i, double v) {
            if (i == 1) a1 = v;
            else a2 = v;
        }
    }

    static final class Pojo5 extends Pojo {
        double a1;
        double a2;
        double a3;
        double a4;
        double a5;

        @Override
        double a(int i) {
            return switch (i) {
                case 1 -> a1;
                case 2 -> a2;
                case 3 -> a3;
                case 4 -> a4;
                default -> a5;
            };
        }

        @Override
        void a(int i, double v) {
            switch (i) {
                case 1 -> a1 = v;
                case 2 -> a2 = v;
                case 3 -> a3 = v;
                case 4 -> a4 = v;
                default -> a5 = v;
            }
        }
    }

    private final int[] roles;
    private final int attributes;

    PojoStore(StoreSpec spec) throws EngineException {
        super(spec);
        List<Field> fields = spec.schema().fields();
        roles = new int[fields.size()];
        int n = 0;
        for (int f = 0; f < roles.length; f++) {
            Field field = fields.get(f);
            String name = field.name();
            if (name.equals("seq") && field.type() == FieldType.LONG) roles[f] = SEQ;
            else if (name.equals("ID") && field.type() == FieldType.INT) roles[f] = ID;
            else if (name.equals("TS") && field.type() == FieldType.LONG) roles[f] = TS;
            else if (name.matches("A[1-5]") && field.type() == FieldType.DOUBLE) {
                roles[f] = name.charAt(1) - '0';
                n = Math.max(n, roles[f]);
            } else {
                throw new EngineException(
                        "ref: layout pojo has stream1's fixed schema (seq long, ID int, A1..A5 double," + " TS long); "
                                + spec.schema().name() + " has " + name + " "
                                + field.type().yamlName());
            }
        }
        attributes = n;
        if (spec.grouped() && roles[spec.groupField()] > 0) {
            throw new EngineException("ref: layout pojo groups by an integer attribute (seq, ID or TS), not "
                    + fields.get(spec.groupField()).name());
        }
    }

    @Override
    public void add(Object[] event, int group, long time, double[] args) {
        Pojo p = attributes <= 2 ? new Pojo2() : new Pojo5();
        for (int f = 0; f < roles.length; f++) {
            switch (roles[f]) {
                case SEQ -> p.seq = (Long) event[f];
                case ID -> p.id = (Integer) event[f];
                case TS -> p.ts = (Long) event[f];
                default -> p.a(roles[f], (Double) event[f]);
            }
        }
        append(p);
    }

    private double number(Pojo p, int field) {
        return switch (roles[field]) {
            case SEQ -> p.seq;
            case ID -> p.id;
            case TS -> p.ts;
            default -> p.a(roles[field]);
        };
    }

    @Override
    public int oldestGroup() {
        if (!spec.grouped()) return 0;
        Pojo p = oldest();
        return spec.groups().ofLong((long) number(p, spec.groupField()));
    }

    @Override
    public long oldestTime() {
        return (long) number(oldest(), spec.timeField());
    }

    @Override
    public void oldestArgs(double[] args) {
        Pojo p = oldest();
        int[] f = spec.argFields();
        for (int a = 0; a < f.length; a++) args[a] = number(p, f[a]);
    }
}
