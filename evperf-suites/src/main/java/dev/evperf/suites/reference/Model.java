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
}
