package dev.evperf.api;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine option {@code event_time: ATTRIBUTE}, for engines whose own time constraints (a pattern's
 * within) run on a clock of theirs: the events of every input stream that has this long attribute
 * (milliseconds) carry it as the engine's time, not the moment they were sent. Without it, an engine
 * that falls behind on a loaded machine expires partial matches the data says are still due.
 */
public final class EventTimeOption {

    public static final String NAME = "event_time";

    private EventTimeOption() {}

    /**
     * The position of the attribute in each input stream that has it; empty when the option is not
     * set. One-line errors name the engine: not a name, not a long, in no input stream.
     */
    public static Map<String, Integer> positions(String engine, Object attribute, List<StreamSchema> inputs)
            throws EngineException {
        if (attribute == null) {
            return Map.of();
        }
        if (!(attribute instanceof String name) || name.isBlank()) {
            throw new EngineException(engine + ": option " + NAME
                    + " must name a long attribute of the input streams, not '" + attribute + "'");
        }
        Map<String, Integer> positions = new HashMap<>();
        for (StreamSchema schema : inputs) {
            List<Field> fields = schema.fields();
            for (int i = 0; i < fields.size(); i++) {
                if (!fields.get(i).name().equals(name)) continue;
                if (fields.get(i).type() != FieldType.LONG) {
                    throw new EngineException(engine + ": option " + NAME + ": attribute " + name + " of "
                            + schema.name() + " is " + fields.get(i).type().yamlName() + ", not long");
                }
                positions.put(schema.name(), i);
            }
        }
        if (positions.isEmpty()) {
            throw new EngineException(engine + ": option " + NAME + ": no input stream has an attribute named " + name);
        }
        return Map.copyOf(positions);
    }
}
