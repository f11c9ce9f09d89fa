package dev.evperf.siddhi;

import dev.evperf.api.trace.Tracepoint;
import io.siddhi.core.config.SiddhiQueryContext;
import io.siddhi.core.executor.ConstantExpressionExecutor;
import io.siddhi.core.executor.ExpressionExecutor;
import io.siddhi.core.executor.function.FunctionExecutor;
import io.siddhi.core.util.config.ConfigReader;
import io.siddhi.core.util.snapshot.state.State;
import io.siddhi.core.util.snapshot.state.StateFactory;
import io.siddhi.query.api.definition.Attribute;
import io.siddhi.query.api.exception.SiddhiAppValidationException;

/**
 * {@code evperf:trace(seq, 'name')}: a tracepoint inside Siddhi's query path, through Siddhi's own
 * extension point. It returns {@code seq} unchanged, so a query carries the sequence number
 * through it: {@code select evperf:trace(id, 'select') as id, …}. The tracepoint is named
 * {@code siddhi.<name>} and registered once, when the query is compiled.
 */
public final class TraceFunction extends FunctionExecutor<State> {
    private Tracepoint point;

    @Override
    protected StateFactory<State> init(ExpressionExecutor[] args, ConfigReader config, SiddhiQueryContext context) {
        if (args.length != 2
                || !(args[1] instanceof ConstantExpressionExecutor c)
                || !(c.getValue() instanceof String name)) {
            throw new SiddhiAppValidationException("evperf:trace takes (sequence number, 'tracepoint name')");
        }
        Attribute.Type t = args[0].getReturnType();
        if (t != Attribute.Type.LONG && t != Attribute.Type.INT) {
            throw new SiddhiAppValidationException(
                    "evperf:trace: the first argument must be the long sequence number, not " + t);
        }
        point = Tracepoint.register("siddhi." + name);
        return null;
    }

    @Override
    protected Object execute(Object[] data, State state) {
        return execute(data[0], state);
    }

    @Override
    protected Object execute(Object data, State state) {
        if (data != null) point.record(((Number) data).longValue()); // a null seq has no trace; it passes through
        return data;
    }

    @Override
    public Attribute.Type getReturnType() {
        return attributeExpressionExecutors[0].getReturnType();
    }
}
