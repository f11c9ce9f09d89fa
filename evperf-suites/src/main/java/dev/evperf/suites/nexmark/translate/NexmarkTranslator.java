package dev.evperf.suites.nexmark.translate;

import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.translate.Translation;
import java.util.Arrays;
import java.util.Map;

/**
 * Writes Nexmark queries in one engine's language, one visitor method per query (so none is
 * forgotten). Where the engine cannot express a query, the translation is
 * {@link Translation.Unsupported} with the reason.
 */
public abstract class NexmarkTranslator implements NexmarkQuery.Visitor<Translation> {
    private final String engine;

    NexmarkTranslator(String engine) {
        this.engine = engine;
    }

    public final String engine() {
        return engine;
    }

    public final Translation translate(NexmarkQuery query) {
        if (closesWindowsOnEvents()
                && query.dependsOnEventTimeOrder()
                && !query.data().inOrder()) {
            return unsupported(ARRIVAL_ORDER);
        }
        return query.accept(this);
    }

    /**
     * Whether this engine's event-time windows close only when a later event arrives (then each
     * windowed stream must end with a terminal event, {@code NexmarkInputs}); false where the end of
     * input is a watermark that closes them.
     */
    public abstract boolean closesWindowsOnEvents();

    /** The query in the engine's language over the query's inputs, to its outputs; empty notes are left out. */
    final Translation queries(NexmarkQuery q, String text, Map<String, Object> options, String... notes) {
        return new Translation.Queries(
                engine,
                q.inputs(),
                text,
                q.outputs(),
                options,
                Arrays.stream(notes).filter(n -> !n.isEmpty()).toList());
    }

    final Translation unsupported(String reason) {
        return new Translation.Unsupported(engine, reason);
    }

    /** {@code 10000}: a window or bound in whole ms. */
    static String ms(long millis) {
        return Long.toString(millis);
    }

    /**
     * Engines whose windows close on events (Siddhi, Esper) also match patterns in arrival order:
     * they agree with the model only when event time is in order. With late events their windows
     * would take a late event into whichever window is open, and their patterns order rows by arrival.
     */
    static final String ARRIVAL_ORDER =
            "out-of-order events (lateness > 0): this engine's event-time windows close on the "
                    + "first event past their end and put a late event into whichever window is open, and its patterns match in "
                    + "arrival order; it has no watermark with a lateness bound";
}
