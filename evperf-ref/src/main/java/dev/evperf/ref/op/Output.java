package dev.evperf.ref.op;

import dev.evperf.api.OutputListener;
import java.util.List;

/**
 * One output stream: its attribute names and the listener rows go to. Operators write into a row
 * array they own and reuse, as the engine SPI allows; the listener copies what it keeps.
 */
public final class Output {
    private static final OutputListener NONE = row -> {};

    private final String name;
    private final List<String> fields;
    private OutputListener listener = NONE;

    public Output(String name, List<String> fields) {
        this.name = name;
        this.fields = List.copyOf(fields);
    }

    public String name() {
        return name;
    }

    public List<String> fields() {
        return fields;
    }

    /** A second subscriber gets the same rows after the first. */
    public void subscribe(OutputListener l) {
        OutputListener before = listener;
        listener = before == NONE
                ? l
                : row -> {
                    before.onOutput(row);
                    l.onOutput(row);
                };
    }

    public void emit(Object[] row) {
        listener.onOutput(row);
    }
}
