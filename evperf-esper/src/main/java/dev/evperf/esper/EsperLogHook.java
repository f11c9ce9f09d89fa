package dev.evperf.esper;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts what Esper only logs: an exception thrown by a static method the EPL calls
 * ({@code Integer.parseInt(s)}, a user's {@code MyLib.f(x)}). Esper 8.9 compiles such a call with
 * "rethrow" fixed to false; it logs the exception through slf4j at ERROR, makes the value null and
 * goes on, so its exception hook ({@link EsperErrorHook}) never sees it. Esper has no setting for
 * it (only plug-in single-row functions have {@code rethrowExceptions}, which evperf's own use).
 *
 * <p>So the logger that method logs through is replaced, before Esper's class takes it, by one
 * that passes every call on to the original (the log line still appears) and reports each ERROR
 * with its exception to the Esper engine open in this JVM. The logger map is the slf4j binding's
 * (slf4j-simple in evperf's class path, which Siddhi brings); {@link #install} says whether it
 * could.
 */
final class EsperLogHook {
    /** The class whose logger Esper's static-method calls log through (ExprDotNodeForgeStaticMethodEval). */
    static final String STATIC_METHOD_LOGGER =
            "com.espertech.esper.common.internal.epl.expression.dot.core.ExprDotNodeForgeStaticMethodEval";

    private static final Pattern CALL =
            Pattern.compile("invoking method '([^']*)' of class '([^']*)'.* for statement '([^']*)'", Pattern.DOTALL);

    /** Where the errors go: the engine opened last (a trial JVM opens one). */
    private static volatile BiConsumer<String, Throwable> target;

    private static Boolean installed;

    private EsperLogHook() {}

    /**
     * Puts the counting logger in place (once per JVM); false when the binding's logger map
     * cannot be reached or Esper already took its logger, which it says once on stderr.
     */
    static synchronized boolean install() {
        if (installed == null) {
            ILoggerFactory factory = LoggerFactory.getILoggerFactory();
            installed = replace(factory, STATIC_METHOD_LOGGER);
            if (!installed) {
                System.err.println(
                        "evperf: esper: exceptions thrown by static methods the EPL calls are only logged, not"
                                + " counted as engine errors: the slf4j binding ("
                                + factory.getClass().getName()
                                + ") has no logger map evperf can hook");
            }
        }
        return installed;
    }

    static void target(BiConsumer<String, Throwable> errors) {
        target = errors;
    }

    static void untarget(BiConsumer<String, Throwable> errors) {
        if (target == errors) target = null;
    }

    @SuppressWarnings("unchecked")
    private static boolean replace(ILoggerFactory factory, String name) {
        try {
            Field f = factory.getClass().getDeclaredField("loggerMap");
            f.setAccessible(true);
            ConcurrentMap<String, Logger> loggers = (ConcurrentMap<String, Logger>) f.get(factory);
            // already there: Esper's class holds the original, and a replacement would never be called
            if (loggers.containsKey(name)) return false;
            Logger original = factory.getLogger(name);
            return loggers.replace(name, original, counting(original));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /** A logger that does what {@code original} does and reports each error call that carries an exception. */
    static Logger counting(Logger original) {
        return (Logger) Proxy.newProxyInstance(
                EsperLogHook.class.getClassLoader(), new Class<?>[] {Logger.class}, (proxy, method, args) -> {
                    if (method.getName().equals("error")) report(args);
                    return delegate(original, method, args);
                });
    }

    private static Object delegate(Logger original, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(original, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static void report(Object[] args) {
        BiConsumer<String, Throwable> t = target;
        if (t == null || args == null) return;
        String message = null;
        Throwable thrown = null;
        for (Object a : args) {
            if (a instanceof String s && message == null) message = s;
            if (a instanceof Throwable x) thrown = x;
        }
        if (thrown == null) return; // Esper's static-method errors always carry the exception
        t.accept(where(message), thrown);
    }

    /** "statement 'S' (static method C.m)" from Esper's message, else what it says. */
    static String where(String message) {
        if (message == null) return "static method call";
        Matcher m = CALL.matcher(message);
        if (!m.find()) return "static method call";
        return "statement '" + m.group(3) + "' (static method " + m.group(2) + "." + m.group(1) + ")";
    }
}
