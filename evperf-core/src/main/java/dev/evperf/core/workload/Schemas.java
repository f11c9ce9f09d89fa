package dev.evperf.core.workload;

import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a workload's stream definitions into the engine-facing schemas. */
public final class Schemas {
    private Schemas() {}

    /**
     * The input schemas in declaration order. A stream whose sequence field is not among its
     * fields gets it prepended as a {@code long}, so queries can carry it through.
     */
    public static Map<String, StreamSchema> inputs(Workload w) {
        Map<String, StreamSchema> out = new LinkedHashMap<>();
        w.streams.forEach((name, def) -> {
            List<Field> fields = new ArrayList<>();
            // A neutral query's streams are its spec's schemas as they are (table1's setup rows carry no seq).
            if (!def.fields.containsKey(def.sequence) && w.engine.query == null) {
                fields.add(new Field(def.sequence, FieldType.LONG));
            }
            def.fields.forEach((f, t) -> fields.add(new Field(f, FieldType.fromYamlName(t))));
            out.put(name, new StreamSchema(name, fields));
        });
        return out;
    }

    /** The stream the load is sent to. */
    public static String loadStream(Workload w) {
        return w.load.stream != null
                ? w.load.stream
                : w.streams.keySet().iterator().next();
    }

    public static EngineSpec engineSpec(Workload w) {
        return new EngineSpec(
                new ArrayList<>(inputs(w).values()),
                w.engine.queries,
                new ArrayList<>(w.engine.outputs.keySet()),
                w.engine.options);
    }

    /**
     * The output attribute that carries the causing input's sequence number: the output's own
     * setting, else the load stream's sequence field name; {@code none} means no attribute does.
     */
    public static String outputSequence(Workload w, String output) {
        Workload.OutputDef def = w.engine.outputs.get(output);
        if (def != null && def.sequence != null) {
            return def.sequence.equals("none") ? null : def.sequence;
        }
        return w.streams.get(loadStream(w)).sequence;
    }
}
