package dev.evperf.siddhi;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.EventTimeOption;
import dev.evperf.api.Field;
import dev.evperf.api.StreamSchema;
import io.siddhi.core.SiddhiAppRuntime;
import io.siddhi.core.SiddhiManager;
import io.siddhi.query.api.exception.SiddhiAppContextException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** Runs the workload's SiddhiQL in a Siddhi 5 app, one {@link SiddhiManager} per opened engine. */
public final class SiddhiEngineFactory implements EngineFactory {

    private static final String VERSION = readVersion();
    /** The engine option that stamps each event with one of its attributes (see {@link #eventTime}). */
    public static final String OPTION_EVENT_TIME = EventTimeOption.NAME;

    @Override
    public String name() {
        return "siddhi";
    }

    @Override
    public String version() {
        return "Siddhi " + VERSION;
    }

    @Override
    public Engine open(EngineSpec spec) throws EngineException {
        Map<String, Integer> eventTime = eventTime(spec);
        // One generated line per input stream, so that error lines can be mapped back to the user's text.
        StringBuilder app = new StringBuilder();
        for (StreamSchema schema : spec.inputs()) {
            app.append(defineStream(schema)).append('\n');
        }
        app.append(spec.queries());

        SiddhiManager manager = new SiddhiManager();
        // evperf:trace(seq, 'name'): tracepoints inside the query path (see TraceFunction).
        manager.setExtension("evperf:trace", TraceFunction.class);
        // evperf:log('channel', id [, value]): records on the trial's channels (see LogFunction).
        manager.setExtension("evperf:log", LogFunction.class);
        try {
            SiddhiAppRuntime runtime = manager.createSiddhiAppRuntime(app.toString());
            // its error hooks before start
            SiddhiEngine engine = new SiddhiEngine(manager, runtime, spec.queries(), eventTime);
            runtime.start();
            return engine;
        } catch (RuntimeException e) {
            // Siddhi reports every query problem as an unchecked exception.
            manager.shutdown();
            throw new EngineException(describe(e, spec.inputs()), e);
        }
    }

    /**
     * Option {@code event_time: ATTRIBUTE}: each input stream that has this long attribute (milliseconds)
     * sends its events stamped with it, not with the send time. Siddhi's pattern {@code within} compares
     * the events' stamps, so it then bounds a partial match in event time: on a slow or loaded machine a
     * wall-clock bound would expire matches the data says are due. Time windows still expire on Siddhi's
     * wall clock, so they should not be combined with it. Returns stream name to the attribute's position.
     */
    static Map<String, Integer> eventTime(EngineSpec spec) throws EngineException {
        for (String key : spec.options().keySet()) {
            if (!key.equals(OPTION_EVENT_TIME)) {
                throw new EngineException("siddhi: unknown option '" + key + "'; known options: " + OPTION_EVENT_TIME);
            }
        }
        return EventTimeOption.positions("siddhi", spec.options().get(OPTION_EVENT_TIME), spec.inputs());
    }

    static String defineStream(StreamSchema schema) {
        StringBuilder line =
                new StringBuilder("define stream ").append(schema.name()).append(" (");
        List<Field> fields = schema.fields();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append(", ");
            }
            // evperf's type names (int long float double string bool) are SiddhiQL's.
            line.append(fields.get(i).name())
                    .append(' ')
                    .append(fields.get(i).type().yamlName());
        }
        return line.append(");").toString();
    }

    /**
     * One line: Siddhi's own message and its position, the line counted in the user's query text
     * (Siddhi counts from the start of the whole app, which begins with our define lines).
     */
    static String describe(RuntimeException e, List<StreamSchema> inputs) {
        String message = e.getMessage();
        String where = null;
        if (e instanceof SiddhiAppContextException context) {
            if (context.getMessageWithOutContext() != null) {
                message = context.getMessageWithOutContext(); // without the generated app name and its "@ Line" prefix
            }
            int[] start = context.getQueryContextStartIndex(); // {line (1-based), column (0-based)}
            if (start != null && start.length == 2 && start[0] >= 1) {
                int line = start[0] - inputs.size();
                where = line >= 1
                        ? "query line " + line + ", column " + start[1]
                        : "in the definition evperf generated for input stream "
                                + inputs.get(start[0] - 1).name() + ", column " + start[1];
            }
        }
        if (message == null) {
            message = e.getClass().getName();
        }
        return oneLine("siddhi: " + (where == null ? "" : where + ": ") + message);
    }

    static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").trim();
    }

    private static String readVersion() {
        try (InputStream in =
                SiddhiManager.class.getResourceAsStream("/META-INF/maven/io.siddhi/siddhi-core/pom.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                return p.getProperty("version", "(unknown version)");
            }
        } catch (IOException ignored) {
            // fall through: the version is informational
        }
        return "(unknown version)";
    }
}
