package dev.evperf.suites.translate;

import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.Span;

/** Small pieces of query text the translators share. */
public final class Sql {
    private Sql() {}

    /** The output's fields as a select list: {@code seq, ID, A1, TS}. */
    static String columns(OutputSchema out) {
        return String.join(", ", out.fieldNames());
    }

    /**
     * The life an engine's own (processing-time) within gives a pattern's partial matches: 2w + 10 s,
     * so that matches within w of event time survive an engine running behind its input by up to w + 10 s.
     */
    public static long engineWithin(Span within) {
        return 2 * within.millis() + 10_000;
    }
}
