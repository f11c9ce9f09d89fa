package dev.evperf.siddhi;

import io.siddhi.annotation.Example;
import io.siddhi.annotation.Extension;
import io.siddhi.annotation.Parameter;
import io.siddhi.annotation.ReturnAttribute;
import io.siddhi.annotation.util.DataType;
import io.siddhi.core.config.SiddhiQueryContext;
import io.siddhi.core.executor.ExpressionExecutor;
import io.siddhi.core.executor.function.FunctionExecutor;
import io.siddhi.core.util.config.ConfigReader;
import io.siddhi.core.util.snapshot.state.State;
import io.siddhi.core.util.snapshot.state.StateFactory;
import io.siddhi.query.api.definition.Attribute;

/** A user's Siddhi function that fails on some events: {@code test:fail(id)} throws for multiples of 3. */
@Extension(
        name = "fail",
        namespace = "test",
        description = "Returns id; throws for a multiple of 3.",
        parameters = @Parameter(name = "id", description = "a long", type = DataType.LONG),
        returnAttributes = @ReturnAttribute(description = "id", type = DataType.LONG),
        examples = @Example(syntax = "test:fail(id)", description = "fails on 0, 3, 6, …"))
public class ThrowingFunction extends FunctionExecutor<State> {
    @Override
    protected StateFactory<State> init(ExpressionExecutor[] args, ConfigReader config, SiddhiQueryContext context) {
        return null;
    }

    @Override
    protected Object execute(Object[] data, State state) {
        throw new IllegalStateException("two arguments");
    }

    @Override
    protected Object execute(Object data, State state) {
        long id = (Long) data;
        if (id % 3 == 0) throw new IllegalArgumentException("test:fail refuses a multiple of 3: " + id);
        return id;
    }

    @Override
    public Attribute.Type getReturnType() {
        return Attribute.Type.LONG;
    }
}
