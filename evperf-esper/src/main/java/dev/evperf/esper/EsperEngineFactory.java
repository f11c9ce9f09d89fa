package dev.evperf.esper;

import com.espertech.esper.common.client.EPCompiled;
import com.espertech.esper.common.client.configuration.Configuration;
import com.espertech.esper.common.client.configuration.common.ConfigurationCommonDBRef;
import com.espertech.esper.common.client.configuration.compiler.ConfigurationCompilerPlugInSingleRowFunction;
import com.espertech.esper.common.client.util.EventUnderlyingType;
import com.espertech.esper.compiler.client.CompilerArguments;
import com.espertech.esper.compiler.client.EPCompileException;
import com.espertech.esper.compiler.client.EPCompileExceptionItem;
import com.espertech.esper.compiler.client.EPCompilerProvider;
import com.espertech.esper.runtime.client.EPDeployException;
import com.espertech.esper.runtime.client.EPDeployment;
import com.espertech.esper.runtime.client.EPRuntime;
import com.espertech.esper.runtime.client.EPRuntimeProvider;
import com.espertech.esper.runtime.client.util.RuntimeVersion;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.EventTimeOption;
import dev.evperf.api.StreamSchema;
import java.io.IOException;
import java.io.InputStream;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Compiles the workload's EPL into one module and deploys it to a fresh Esper runtime per opened engine. */
public final class EsperEngineFactory implements EngineFactory {

    /** Whether Esper's internal timer thread advances time (default true); false leaves time still. */
    public static final String OPTION_INTERNAL_TIMER = "internal_timer";
    /**
     * Databases EPL's {@code sql:NAME [...]} joins may query: {@code {NAME: {url, user, password}}}.
     * The JDBC driver is the one {@link DriverManager} finds for the URL.
     */
    public static final String OPTION_DATABASES = "databases";
    /**
     * {@code event_time: ATTRIBUTE}: Esper's clock is external and follows this long attribute of the
     * events (see {@link EventTimeOption}), so timer:within counts event time; the internal timer is off.
     */
    public static final String OPTION_EVENT_TIME = EventTimeOption.NAME;

    private static final String VERSION = readVersion();
    private static final Pattern AT_LINE = Pattern.compile(" at line (\\d+) column (\\d+)");

    @Override
    public String name() {
        return "esper";
    }

    @Override
    public String version() {
        return "Esper " + VERSION;
    }

    @Override
    public Engine open(EngineSpec spec) throws EngineException {
        Configuration config = new Configuration();
        List<String> inputs = new ArrayList<>();
        for (StreamSchema schema : spec.inputs()) {
            String[] names = new String[schema.size()];
            Object[] types = new Object[schema.size()];
            for (int i = 0; i < names.length; i++) {
                names[i] = schema.fields().get(i).name();
                types[i] = schema.fields().get(i).type().javaClass();
            }
            config.getCommon().addEventType(schema.name(), names, types);
            inputs.add(schema.name());
        }
        // insert-into streams get Object[] rows, which listeners receive without conversion
        config.getCommon().getEventMeta().setDefaultEventRepresentation(EventUnderlyingType.OBJECTARRAY);
        // types are module-private by default; subscribe() compiles its statements as separate modules
        config.getCompiler().getByteCode().setAccessModifiersPublic();
        Map<String, Integer> eventTime =
                EventTimeOption.positions("esper", spec.options().get(OPTION_EVENT_TIME), spec.inputs());
        config.getRuntime().getThreading().setInternalTimerEnabled(internalTimer(spec.options()));
        addDatabases(config, spec.options().get(OPTION_DATABASES));
        // evperfLog('channel', id [, value]) and evperfTrace(seq, 'name') in EPL (see EvperfFunctions)
        config.getCompiler().addPlugInSingleRowFunction(function("evperfLog", "log"));
        config.getCompiler().addPlugInSingleRowFunction(function("evperfTrace", "trace"));
        EvperfFunctions.reset();
        // Exceptions statements raise while processing events come to the engine's error listener
        // (Esper would log them and go on); see EsperErrorHook.
        config.getRuntime().getExceptionHandling().addClass(EsperErrorHook.class);
        // Exceptions of static methods the EPL calls, which Esper only logs (see EsperLogHook).
        EsperLogHook.install();

        EPCompiled compiled = compile(spec.queries(), new CompilerArguments(config));
        String uri = "evperf-" + UUID.randomUUID();
        EsperEngine.Errors errors = new EsperEngine.Errors();
        EsperErrorHook.register(uri, errors);
        EsperLogHook.target(errors.fromLog);
        EPRuntime runtime = EPRuntimeProvider.getRuntime(uri, config);
        try {
            EPDeployment deployment = runtime.getDeploymentService().deploy(compiled);
            return new EsperEngine(runtime, config, deployment, inputs, spec.queries(), errors, eventTime);
        } catch (EPDeployException | RuntimeException e) {
            EsperErrorHook.unregister(uri);
            EsperLogHook.untarget(errors.fromLog);
            runtime.destroy();
            throw new EngineException(oneLine("esper: " + e.getMessage()), e);
        }
    }

    /**
     * One of evperf's EPL functions. Rethrowing: an exception in it reaches the error hook (or the
     * sender) instead of being logged by Esper with the function's value made null.
     */
    private static ConfigurationCompilerPlugInSingleRowFunction function(String name, String method) {
        ConfigurationCompilerPlugInSingleRowFunction f = new ConfigurationCompilerPlugInSingleRowFunction();
        f.setName(name);
        f.setFunctionClassName(EvperfFunctions.class.getName());
        f.setFunctionMethodName(method);
        f.setRethrowExceptions(true);
        return f;
    }

    static EPCompiled compile(String epl, CompilerArguments arguments) throws EngineException {
        try {
            return EPCompilerProvider.getCompiler().compile(epl, arguments);
        } catch (EPCompileException e) {
            throw new EngineException(describe(e), e);
        }
    }

    /**
     * One line with Esper's message. Esper counts "at line L" from the start of the failing
     * statement and reports the statement's own first line apart; we add them up so the line is
     * the line in the user's text.
     */
    static String describe(EPCompileException e) {
        if (e.getItems().isEmpty()) {
            return oneLine("esper: " + e.getMessage());
        }
        EPCompileExceptionItem item = e.getItems().get(0);
        int statementLine = Math.max(1, item.getLineNumber());
        String message = item.getMessage();
        Matcher at = AT_LINE.matcher(message);
        if (at.find()) {
            int line = statementLine + Integer.parseInt(at.group(1)) - 1;
            message = message.substring(0, at.start()) + " at line " + line + " column " + at.group(2)
                    + message.substring(at.end());
        } else {
            // semantic errors, and syntax errors at column 0, carry no position of their own
            message = message + " (statement starting at line " + statementLine + ")";
        }
        return oneLine("esper: " + message + " [" + item.getExpression() + "]");
    }

    static boolean internalTimer(Map<String, Object> options) throws EngineException {
        for (String key : options.keySet()) {
            if (!key.equals(OPTION_INTERNAL_TIMER) && !key.equals(OPTION_DATABASES) && !key.equals(OPTION_EVENT_TIME)) {
                throw new EngineException("esper: unknown option '" + key + "'; known options: " + OPTION_INTERNAL_TIMER
                        + ", " + OPTION_DATABASES + ", " + OPTION_EVENT_TIME);
            }
        }
        boolean eventTime = options.get(OPTION_EVENT_TIME) != null;
        Object value = options.getOrDefault(OPTION_INTERNAL_TIMER, !eventTime);
        boolean internalTimer;
        if (value instanceof Boolean b) {
            internalTimer = b;
        } else if ("true".equals(value) || "false".equals(value)) {
            internalTimer = Boolean.parseBoolean((String) value);
        } else {
            throw new EngineException(
                    "esper: option " + OPTION_INTERNAL_TIMER + " must be true or false, not '" + value + "'");
        }
        if (eventTime && internalTimer) {
            throw new EngineException("esper: option " + OPTION_EVENT_TIME + " drives Esper's clock from the events; "
                    + OPTION_INTERNAL_TIMER + " must not be true with it");
        }
        return internalTimer;
    }

    /** Each database as a driver-manager connection; Esper opens it when a statement first joins it. */
    static void addDatabases(Configuration config, Object option) throws EngineException {
        if (option == null) {
            return;
        }
        if (!(option instanceof Map<?, ?> databases)) {
            throw new EngineException("esper: option " + OPTION_DATABASES + " must map names to {url, user, password}");
        }
        for (Map.Entry<?, ?> db : databases.entrySet()) {
            String where = OPTION_DATABASES + "." + db.getKey();
            if (!(db.getValue() instanceof Map<?, ?> fields) || !(fields.get("url") instanceof String url)) {
                throw new EngineException("esper: option " + where + " needs url (and user, password)");
            }
            String driver;
            try {
                driver = DriverManager.getDriver(url).getClass().getName();
            } catch (SQLException e) {
                throw new EngineException("esper: option " + where + ": no JDBC driver for " + url, e);
            }
            ConfigurationCommonDBRef ref = new ConfigurationCommonDBRef();
            ref.setDriverManagerConnection(
                    driver, url, String.valueOf(fields.get("user")), String.valueOf(fields.get("password")));
            config.getCommon().addDatabaseReference(String.valueOf(db.getKey()), ref);
        }
    }

    static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").trim();
    }

    private static String readVersion() {
        try (InputStream in =
                EPRuntime.class.getResourceAsStream("/META-INF/maven/com.espertech/esper-runtime/pom.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                return p.getProperty("version", RuntimeVersion.RUNTIME_VERSION);
            }
        } catch (IOException ignored) {
            // fall through: the version is informational
        }
        return RuntimeVersion.RUNTIME_VERSION; // inlined at compile time, hence the second choice
    }
}
