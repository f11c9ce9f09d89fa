package dev.evperf.kafka;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineContract;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The check of a count per key per tumbling window against the input itself, shared by the
 * engines behind Kafka: sends {@value #EVENTS} StockStream events over three symbols, spread over
 * several windows, records each event's broker append time from its acknowledgement, and counts
 * per (symbol, window start) from those times. The record time an engine windows on is that
 * append time (the topics keep LogAppendTime).
 */
public final class WindowedCounts {
    public static final int EVENTS = 400;
    private final Map<Long, Long> appendOf = new ConcurrentHashMap<>();

    /** Subscribes to the engine's acknowledgements; call before {@link #send}. */
    public WindowedCounts(Engine engine) {
        engine.subscribeAcks((seq, ackNanos, appendMillis, error) -> appendOf.put(seq, appendMillis));
    }

    /** Sends the events, pausing every 20 so that they fall into several windows, and ends the input. */
    public void send(Engine engine) throws EngineException, InterruptedException {
        InputHandle in = engine.input("StockStream");
        for (int i = 0; i < EVENTS; i++) {
            in.send(EngineContract.stock(i, "S" + (i % 3), i), i, System.nanoTime());
            if (i % 20 == 19) Thread.sleep(15);
        }
        engine.drain(EngineContract.DRAIN);
    }

    /** "symbol@window start (epoch ms)" → how many events the window holds by the append times. */
    public Map<String, Long> expected(long windowMillis) {
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < EVENTS; i++) {
            long t = appendOf.get((long) i);
            expected.merge("S" + (i % 3) + "@" + (t - t % windowMillis), 1L, Long::sum);
        }
        return expected;
    }
}
