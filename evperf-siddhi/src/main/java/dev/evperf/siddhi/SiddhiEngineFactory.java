package dev.evperf.siddhi;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.StreamSchema;
import io.siddhi.core.SiddhiAppRuntime;
import io.siddhi.core.SiddhiManager;
import io.siddhi.query.api.exception.SiddhiAppContextException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

/** Runs the workload's SiddhiQL in a Siddhi 5 app, one {@link SiddhiManager} per opened engine. */
public final class SiddhiEngineFactory implements EngineFactory {

    private static final String VERSION = readVersion();

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
        if (!spec.options().isEmpty()) {
            throw new EngineException("siddhi: unknown option(s) "
                    + new TreeSet<>(spec.options().keySet()) + "; the siddhi engine takes no options");
        }
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
            SiddhiEngine engine = new SiddhiEngine(manager, runtime, spec.queries()); // its error hooks before start
            runtime.start();
            return engine;
        } catch (RuntimeException e) {
            // Siddhi reports every query problem as an unchecked exception.
            manager.shutdown();
            throw new EngineException(describe(e, spec.inputs()), e);
        }
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
