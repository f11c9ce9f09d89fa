package dev.evperf.core.workload;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.evperf.api.config.BindError;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * One line for a workload that is not YAML. Jackson's message starts with SnakeYAML's context
 * ("while parsing a flow mapping") and puts the actual problem ("expected ',' or '}', but got
 * ']'") and its position on later lines; the user needs the problem, where it is, and then the
 * context.
 */
final class YamlErrors {
    private YamlErrors() {}

    /** ":line:column: what is wrong" for a parse failure of the workload text. */
    static String syntax(JsonProcessingException e) {
        String message = firstLine(e.getOriginalMessage());
        if (message.startsWith("Duplicate field ")) {
            // Jackson's strict duplicate detection: "Duplicate field 'x'"
            return at(e.getLocation()) + ": duplicate key " + message.substring("Duplicate field ".length())
                    + " (a key may appear once in a mapping; YAML would silently keep the last)";
        }
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof MarkedYAMLException m && m.getProblem() != null) {
                Mark problem = m.getProblemMark() != null ? m.getProblemMark() : m.getContextMark();
                Mark context = m.getContextMark();
                String where = problem == null
                        ? at(e.getLocation())
                        : ":" + (problem.getLine() + 1) + ":" + (problem.getColumn() + 1);
                String ctx = m.getContext() == null
                        ? ""
                        : " (" + m.getContext()
                                + (context != null && problem != null && context.getIndex() != problem.getIndex()
                                        ? " started at " + (context.getLine() + 1) + ":" + (context.getColumn() + 1)
                                        : "")
                                + ")";
                return where + ": YAML syntax error: " + firstLine(m.getProblem()) + ctx;
            }
            if (c instanceof YAMLException y && c != e) {
                // e.g. a ReaderException: a character YAML does not allow, with its position in its message
                return at(e.getLocation()) + ": YAML syntax error: " + firstLine(y.getMessage());
            }
        }
        return at(e.getLocation()) + ": YAML syntax error: " + message;
    }

    static String at(JsonLocation loc) {
        return loc == null || loc.getLineNr() < 1 ? "" : ":" + loc.getLineNr() + ":" + loc.getColumnNr();
    }

    static String firstLine(String s) {
        return BindError.firstLine(s);
    }
}
