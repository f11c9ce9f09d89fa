package dev.evperf.ref.op;

import dev.evperf.api.EngineException;
import dev.evperf.api.StreamSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a compiler made of the queries: per input stream the operators that read it, in query
 * order, and the output streams they write. The engine only routes events through it.
 */
public final class Plan {
    /** One operator and the name errors report it by (e.g. {@code query 2 (line 3)}). */
    public record Step(String name, Operator operator) {}

    private final Map<String, StreamSchema> inputs = new LinkedHashMap<>();
    private final Map<String, List<Step>> steps = new LinkedHashMap<>();
    private final Map<String, Output> outputs = new LinkedHashMap<>();

    public Plan(List<StreamSchema> inputs) {
        for (StreamSchema s : inputs) {
            this.inputs.put(s.name(), s);
            steps.put(s.name(), new ArrayList<>());
        }
    }

    /** @throws EngineException when no input stream has that name */
    public StreamSchema input(String name) throws EngineException {
        StreamSchema s = inputs.get(name);
        if (s == null) {
            throw new EngineException("unknown input stream '" + name + "'; the inputs are " + inputs.keySet());
        }
        return s;
    }

    public Map<String, StreamSchema> inputs() {
        return inputs;
    }

    /**
     * The output stream of that name, made on first use. Two queries may write one stream when they
     * write the same attributes.
     */
    public Output output(String name, List<String> fields) throws EngineException {
        Output o = outputs.get(name);
        if (o == null) {
            o = new Output(name, fields);
            outputs.put(name, o);
        } else if (!o.fields().equals(fields)) {
            throw new EngineException("output stream '" + name + "' is written with attributes " + o.fields() + " and "
                    + fields + "; queries into one stream must write the same attributes");
        }
        return o;
    }

    public Map<String, Output> outputs() {
        return outputs;
    }

    public void add(String input, String name, Operator operator) throws EngineException {
        input(input);
        steps.get(input).add(new Step(name, operator));
    }

    public List<Step> steps(String input) {
        return steps.get(input);
    }

    public List<Operator> operators() {
        List<Operator> all = new ArrayList<>();
        for (List<Step> s : steps.values()) {
            for (Step step : s) {
                if (!all.contains(step.operator())) all.add(step.operator());
            }
        }
        return all;
    }
}
