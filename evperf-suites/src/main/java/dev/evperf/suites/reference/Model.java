package dev.evperf.suites.reference;

/** A query's semantics, run event by event: what it must output after each input. */
public interface Model {
    /** One stream event (setup rows are not passed: models that need them make them). */
    void onEvent(String stream, Object[] row, RowSink out);
}
