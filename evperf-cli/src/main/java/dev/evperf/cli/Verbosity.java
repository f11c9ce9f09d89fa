package dev.evperf.cli;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --verbose}, mixed into every command: bad input and internal errors are one line, and
 * with this option the line is preceded by the stack trace. {@link Main}'s exception handler reads
 * it from the command that failed, so no command handles it itself.
 */
final class Verbosity {
    @Option(names = "--verbose", description = "Print the stack trace with a bad-input or internal-error message.")
    boolean verbose;

    /** Whether the command line that failed (or one of its parents) was given --verbose. */
    static boolean of(CommandLine cmd) {
        for (CommandLine c = cmd; c != null; c = c.getParent()) {
            for (Object mixin : c.getMixins().values()) {
                if (mixin instanceof Verbosity v && v.verbose) return true;
            }
        }
        return false;
    }
}
