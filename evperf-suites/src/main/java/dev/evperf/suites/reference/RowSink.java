package dev.evperf.suites.reference;

/** Receives the reference's rows, per output stream, in the order of their slots. */
@FunctionalInterface
public interface RowSink {
    void row(String stream, Object[] row);
}
