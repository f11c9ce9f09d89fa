package dev.evperf.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every engine adapter must do with an error inside the engine: report it through
 * {@link Engine#onError} instead of only logging it, so a trial can count it. An interface (JUnit
 * runs its default tests) so the null engine, which runs no queries, is checked as well as the
 * adapters that extend {@link EngineContract}.
 */
public interface EngineErrorContract {

    /** The factory under test. */
    EngineFactory factory();

    /**
     * A spec (inputs: {@link EngineContract#STOCK}; output: OutputStream carrying StockStream's id
     * first) whose engine raises an error inside send for each event {@link #fails} names, catches
     * it (nothing escapes send), drops that event and delivers the others.
     */
    EngineSpec failingSpec();

    /** Whether {@link #failingSpec}'s engine fails on the event with this id and price (sent in id order from 0). */
    default boolean fails(long id, float price) {
        return price > 500;
    }

    @Test
    default void errorsInsideTheEngineReachTheErrorListenerDuringTheSend() throws Exception {
        try (Engine engine = factory().open(failingSpec())) {
            List<Throwable> errors = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            engine.onError((where, error) -> {
                errors.add(error);
                threads.add(Thread.currentThread());
            });
            List<Long> delivered = new ArrayList<>();
            engine.subscribe("OutputStream", row -> delivered.add(((Number) row[0]).longValue()));
            InputHandle in = engine.input("StockStream");
            List<Long> expected = new ArrayList<>();
            int failing = 0;
            for (int i = 0; i < 100; i++) {
                float price = (i * 37) % 1000;
                int before = errors.size();
                in.send(EngineContract.stock(i, "X" + i, price));
                if (fails(i, price)) {
                    failing++;
                    // synchronous: the engine reported this event's error before send returned
                    assertThat(errors).as("errors after event %d", i).hasSizeGreaterThan(before);
                } else {
                    expected.add((long) i);
                    assertThat(errors).as("errors after event %d", i).hasSize(before);
                }
            }
            assertThat(failing).isBetween(10, 90);
            assertThat(delivered).isEqualTo(expected);
            assertThat(errors).hasSize(failing).allSatisfy(e -> assertThat(e).isNotNull());
            assertThat(threads).containsOnly(Thread.currentThread());
        }
    }

    @Test
    default void anEngineWithoutAnErrorListenerStillDropsTheFailingEventsQuietly() throws Exception {
        try (Engine engine = factory().open(failingSpec())) {
            List<Long> delivered = new ArrayList<>();
            engine.subscribe("OutputStream", row -> delivered.add(((Number) row[0]).longValue()));
            InputHandle in = engine.input("StockStream");
            int expected = 0;
            for (int i = 0; i < 20; i++) {
                float price = (i * 37) % 1000;
                in.send(EngineContract.stock(i, "X" + i, price));
                if (!fails(i, price)) expected++;
            }
            assertThat(delivered).hasSize(expected);
        }
    }
}
