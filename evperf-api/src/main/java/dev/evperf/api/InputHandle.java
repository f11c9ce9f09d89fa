package dev.evperf.api;

/** Sends events of one input stream into an engine. Called on the driver's hot path. */
public interface InputHandle {

    /** Sends one event; {@code event} is in the stream schema's field order. */
    void send(Object[] event);
}
