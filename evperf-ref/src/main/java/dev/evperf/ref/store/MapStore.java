package dev.evperf.ref.store;

import dev.evperf.api.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A HashMap from attribute name to boxed value per event: the heaviest layout of seed 001, chapter 5. */
final class MapStore extends ObjectRing<Map<String, Object>> {
    private final String[] names;
    private final String group;
    private final String time;
    private final String[] args;

    MapStore(StoreSpec spec) {
        super(spec);
        List<Field> fields = spec.schema().fields();
        names = fields.stream().map(Field::name).toArray(String[]::new);
        group = spec.grouped() ? names[spec.groupField()] : null;
        time = spec.timed() ? names[spec.timeField()] : null;
        args = new String[spec.argFields().length];
        for (int a = 0; a < args.length; a++) args[a] = names[spec.argFields()[a]];
    }

    @Override
    public void add(Object[] event, int g, long t, double[] values) {
        // sized so that the map does not rehash: the load factor is 0.75
        Map<String, Object> m = new HashMap<>(names.length * 4 / 3 + 1);
        for (int i = 0; i < names.length; i++) m.put(names[i], event[i]);
        append(m);
    }

    @Override
    public int oldestGroup() {
        return group == null ? 0 : spec.groups().of(oldest().get(group));
    }

    @Override
    public long oldestTime() {
        return ((Number) oldest().get(time)).longValue();
    }

    @Override
    public void oldestArgs(double[] values) {
        Map<String, Object> m = oldest();
        for (int a = 0; a < args.length; a++) values[a] = ((Number) m.get(args[a])).doubleValue();
    }
}
