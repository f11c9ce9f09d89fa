package dev.evperf.suites.reference;

/** A query's semantics, run event by event: what it must output after each input. */
public interface Model {
    /** One stream event (setup rows are not passed: models that need them make them). */
    void onEvent(String stream, Object[] row, RowSink out);

    /**
     * The end of the input: windows still open close now (an engine's end-of-input watermark, or
     * the terminal events sent to engines whose windows close on the next event). Models without
     * windows have nothing to do.
     */
    default void end(RowSink out) {}

    /**
     * After {@link #end}: the rows of windows still open, which only the end of input could close.
     * The micro suite leaves it to each engine whether its end of input closes them (docs/suites.md
     * §3): Flink's end-of-input watermark does, engines that close a window on a later event do not.
     * An engine's rows there are checked against these, and none is missing when left out.
     */
    default void openAtEnd(RowSink out) {}
}
