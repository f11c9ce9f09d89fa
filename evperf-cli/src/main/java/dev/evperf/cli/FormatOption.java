package dev.evperf.cli;

import dev.evperf.analysis.summary.RunSummary.Format;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/**
 * {@code --format}, mixed into the commands that print a table (run, summary, compare, model,
 * profile). Each command says which of the formats it writes; another is bad input, one line
 * naming the option.
 */
final class FormatOption {
    @Option(
            names = "--format",
            defaultValue = "text",
            description = "Output format: text, json or csv, as the command offers (model: text or json; profile:"
                    + " text or csv; default: ${DEFAULT-VALUE}).")
    String name;

    /** @return the format asked for, one of {@code offered} */
    Format of(Format... offered) {
        return parse(name, offered);
    }

    /** @throws IllegalArgumentException one line naming --format and the formats offered */
    static Format parse(String name, Format... offered) {
        for (Format f : offered) if (f.name().equalsIgnoreCase(name)) return f;
        String words = Arrays.stream(offered)
                .map(f -> f.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
        throw new IllegalArgumentException(
                "--format: expected " + words.replaceFirst(", ([^,]+)$", " or $1") + ", got '" + name + "'");
    }
}
