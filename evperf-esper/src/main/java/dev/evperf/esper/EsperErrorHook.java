package dev.evperf.esper;

import com.espertech.esper.common.client.hook.exception.ExceptionHandler;
import com.espertech.esper.common.client.hook.exception.ExceptionHandlerContext;
import com.espertech.esper.common.client.hook.exception.ExceptionHandlerFactory;
import com.espertech.esper.common.client.hook.exception.ExceptionHandlerFactoryContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Esper's runtime exception hook ({@code config.getRuntime().getExceptionHandling()}): Esper calls
 * it for an exception a statement raised while processing an event, which it would otherwise log
 * and drop. Esper instantiates the factory by class name, once per runtime, so the handler finds
 * its engine through the runtime's URI.
 */
public final class EsperErrorHook implements ExceptionHandlerFactory {
    private static final Map<String, Consumer<ExceptionHandlerContext>> ENGINES = new ConcurrentHashMap<>();

    static void register(String runtimeUri, Consumer<ExceptionHandlerContext> engine) {
        ENGINES.put(runtimeUri, engine);
    }

    static void unregister(String runtimeUri) {
        ENGINES.remove(runtimeUri);
    }

    @Override
    public ExceptionHandler getHandler(ExceptionHandlerFactoryContext context) {
        String uri = context.getRuntimeURI();
        return c -> {
            Consumer<ExceptionHandlerContext> engine = ENGINES.get(uri);
            if (engine != null) engine.accept(c);
        };
    }
}
