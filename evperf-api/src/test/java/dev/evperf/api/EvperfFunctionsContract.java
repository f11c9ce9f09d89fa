package dev.evperf.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an engine that runs its queries in the trial JVM must do with evperf's two engine
 * functions (the channel record and the tracepoint, see DEVELOPERS.md): pass a null argument
 * through, so an event with a missing field is not dropped by an exception in evperf's own code.
 * An interface (JUnit runs its default tests) so it sits beside {@link QueryEngineContract}.
 */
public interface EvperfFunctionsContract {

    /** The factory under test. */
    EngineFactory factory();

    /**
     * StockStream's id into OutputStream, and volume through evperf's two engine functions:
     * {@code volume} = the log function on channel 'volumes' with id volume, then the trace
     * function with seq volume and name 'volume' (returning it): OutputStream(id, volume).
     */
    String evperfFunctionsOnVolume();

    @Test
    default void evperfsEngineFunctionsPassANullArgumentThrough() throws Exception {
        try (Engine engine = factory().open(EngineContract.spec(evperfFunctionsOnVolume()))) {
            List<Throwable> errors = new ArrayList<>();
            engine.onError((where, e) -> errors.add(e));
            List<Object[]> rows = new ArrayList<>();
            engine.subscribe("OutputStream", row -> rows.add(row.clone()));
            InputHandle in = engine.input("StockStream");
            in.send(EngineContract.stock(1, "A", 1));
            in.send(new Object[] {2L, "B", 2f, null}); // a missing volume: no error, the event goes on
            in.send(EngineContract.stock(3, "C", 3));
            assertThat(errors).isEmpty();
            assertThat(rows)
                    .extracting(
                            r -> ((Number) r[0]).longValue(), r -> r[1] == null ? null : ((Number) r[1]).longValue())
                    .containsExactly(tuple(1L, 10L), tuple(2L, null), tuple(3L, 30L));
        }
    }
}
