package dev.evperf.siddhi;

import dev.evperf.api.channel.LogChannel;
import dev.evperf.api.channel.LogChannels;
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
 * {@code evperf:log('channel', id [, value])}: logs a record (now, id, value) on the trial's channel
 * of that name from inside Siddhi's query path, and returns {@code id} unchanged so the query
 * carries it on: {@code select evperf:log('matched', id, volume) as id, …}. The channel is opened
 * once, when the query compiles; its handler chain (buffered file, downsample, counter, …) is the
 * workload's {@code channels:} configuration. Value defaults to 0 (also when null); a null id
 * logs nothing and is returned as null, so an event with a missing field is not dropped.
 */
public final class LogFunction extends FunctionExecutor<State> {
    private LogChannel channel;

    @Override
    protected StateFactory<State> init(ExpressionExecutor[] args, ConfigReader config, SiddhiQueryContext context) {
        if (args.length < 2
                || args.length > 3
                || !(args[0] instanceof ConstantExpressionExecutor c)
                || !(c.getValue() instanceof String name)) {
            throw new SiddhiAppValidationException("evperf:log takes ('channel name', id [, value])");
        }
        for (int i = 1; i < args.length; i++) {
            Attribute.Type t = args[i].getReturnType();
            if (t != Attribute.Type.LONG && t != Attribute.Type.INT) {
                throw new SiddhiAppValidationException(
                        "evperf:log: the " + (i == 1 ? "id" : "value") + " must be an int or long, not " + t);
            }
        }
        channel = LogChannels.open(name);
        return null;
    }

    @Override
    protected Object execute(Object[] data, State state) {
        // data[0] is the channel name (a constant); id, then the optional value. A null id has
        // nothing to log and passes through as null; a null value logs as the default, 0.
        if (data[1] != null) {
            channel.log(
                    ((Number) data[1]).longValue(),
                    data.length > 2 && data[2] != null ? ((Number) data[2]).longValue() : 0);
        }
        return data[1];
    }

    @Override
    protected Object execute(Object data, State state) {
        throw new IllegalStateException("evperf:log takes at least two arguments"); // init rejects one
    }

    @Override
    public Attribute.Type getReturnType() {
        return attributeExpressionExecutors[1].getReturnType();
    }
}
