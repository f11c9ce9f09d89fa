package dev.evperf.kafka;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.StreamSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kafka engine's queries: {@code from <input> into <output>}, one per line (or separated by
 * {@code ;}); {@code --} starts a comment. With no queries, every output reads the only input.
 */
final class PassThroughQueries {
    private static final Pattern ROUTE =
            Pattern.compile("\\s*from\\s+(\\w+)\\s+into\\s+(\\w+)\\s*;?\\s*", Pattern.CASE_INSENSITIVE);

    private PassThroughQueries() {}

    /** @return output stream → the input stream it reads, for every declared output */
    static Map<String, String> parse(EngineSpec spec) throws EngineException {
        Map<String, String> routes = new LinkedHashMap<>();
        List<String> inputs = spec.inputs().stream().map(StreamSchema::name).toList();
        String[] lines = spec.queries().split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceAll("--.*", "");
            int col = 1;
            for (String part : line.split(";", -1)) {
                if (!part.isBlank()) {
                    Matcher m = ROUTE.matcher(part);
                    int at = col + part.length() - part.stripLeading().length();
                    if (!m.matches()) {
                        throw new EngineException("kafka: line " + (i + 1) + " column " + at
                                + ": expected 'from <input> into <output>', found '" + part.strip() + "'");
                    }
                    if (!inputs.contains(m.group(1))) {
                        throw new EngineException("kafka: line " + (i + 1) + " column " + at + ": no input stream '"
                                + m.group(1) + "'; input streams: " + String.join(", ", inputs));
                    }
                    routes.put(m.group(2), m.group(1));
                }
                col += part.length() + 1;
            }
        }
        if (routes.isEmpty() && inputs.size() == 1) {
            for (String output : spec.outputs()) routes.put(output, inputs.get(0));
        }
        for (String output : spec.outputs()) {
            if (!routes.containsKey(output)) {
                throw new EngineException("kafka: no query writes output stream '" + output + "'; the queries write "
                        + (routes.isEmpty() ? "nothing" : String.join(", ", routes.keySet())));
            }
        }
        return routes;
    }
}
