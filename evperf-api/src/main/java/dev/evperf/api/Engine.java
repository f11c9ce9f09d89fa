package dev.evperf.api;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/** A running engine with its queries deployed. */
public interface Engine extends AutoCloseable {

    /** The handle to send events of one input stream; looked up once, before the timed phase. */
    InputHandle input(String stream) throws EngineException;

    /**
     * Registers the listener of one output stream. Synchronous engines call it inside
     * {@link InputHandle#send}; others on their own threads.
     */
    void subscribe(String outputStream, OutputListener listener) throws EngineException;

    /**
     * Registers the listener of the errors the engine raises while processing events and does not
     * throw to the sender (see {@link ErrorListener}), through the engine's own error hook. Called
     * once, before the first send; an engine that never swallows an error may keep it unused.
     * Exceptions that escape {@link InputHandle#send} are the caller's to count, not reported here.
     */
    void onError(ErrorListener listener);

    /** The attribute names of an output stream, in the order of the rows passed to listeners. */
    List<String> outputFields(String outputStream) throws EngineException;

    /**
     * True when this engine calls every output listener inside {@link InputHandle#send}, on the
     * thread that sent the event (Siddhi without {@code @Async}, Esper without its threading
     * options, the null engine). The sink then records without atomics, and may take the
     * output's receipt as the send's end. False (the default) is always safe.
     */
    default boolean deliversOnSendingThread() {
        return false;
    }

    /**
     * Ends the input and returns once every output caused by the events sent so far has reached
     * the listeners: engines outside this JVM send an end-of-input marker (a poison pill) behind
     * the last event of every input partition and wait for the engine's own marker on every
     * output (carried through the engine however it can: as a record, a watermark, committed
     * offsets), so that no output is lost and none is waited for longer than needed. Engines that deliver inside
     * {@link InputHandle#send} have nothing in flight; the default returns at once.
     *
     * @throws EngineException when the markers did not all arrive within {@code timeout}, saying how many did
     */
    default void drain(Duration timeout) throws EngineException {}

    /**
     * Registers the listener that hears, for every event sent with
     * {@link InputHandle#send(Object[], long, long)}, when the system it was sent to accepted it
     * (for Kafka: the producer's callback after the broker's acknowledgement). Engines with
     * nothing to acknowledge never call it; the default ignores the listener.
     */
    default void subscribeAcks(AckListener listener) {}

    /**
     * Figures the engine reports about itself while a trial runs, by name ({@code group/name} or
     * {@code group/name#instance}, e.g. {@code kafka/consumer_lag}), each read when the trial's
     * sensors are sampled, on the sampler's thread (never the sender's), into sensors.csv as
     * {@code sensor://engine/<name>}. A reading that fails this time is NaN. Asked once, after the
     * engine opened and before the first send; the default has none.
     */
    default Map<String, DoubleSupplier> gauges() {
        return Map.of();
    }

    /**
     * Figures the engine reports about the whole trial (e.g. Flink's checkpoint statistics), asked
     * once after {@link #drain}, into result.json's {@code engine_figures}; each value is written as
     * JSON. The default has none; an engine that cannot tell this time returns none.
     */
    default Map<String, Object> figures() {
        return Map.of();
    }

    /** Stops the engine and frees its resources. */
    @Override
    void close();
}
