package dev.evperf.suites.data;

/** One event for an engine: the input stream it goes to and its row in that stream's field order. */
public record Input(String stream, Object[] row) {}
