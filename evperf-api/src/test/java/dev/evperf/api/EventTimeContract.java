package dev.evperf.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * What an engine that takes the option {@link EventTimeOption event_time} must do: bound a pattern's
 * own time constraint by the events' time attribute, not by when they were sent. The wall-clock gap
 * in the test is real (a sleep longer than the within), so an engine on its processing clock fails it.
 */
public interface EventTimeContract {

    /** Ticks(id int, TS long), the input of {@link #withinTwoSeconds}. */
    StreamSchema TICKS =
            new StreamSchema("Ticks", List.of(new Field("id", FieldType.INT), new Field("TS", FieldType.LONG)));

    /** The factory under test. */
    EngineFactory factory();

    /**
     * In the engine's language: every event a of Ticks followed by an event b of Ticks with the same id
     * within 2 seconds of the engine's clock, selecting a.TS then b.TS into the stream Out.
     */
    String withinTwoSeconds();

    @Test
    default void eventTimeBoundsAPatternsWithinOnTheEventsStamps() throws Exception {
        List<Object[]> out = new CopyOnWriteArrayList<>();
        try (Engine engine = factory()
                .open(new EngineSpec(List.of(TICKS), withinTwoSeconds(), List.of("Out"), Map.of("event_time", "TS")))) {
            engine.subscribe("Out", row -> out.add(row.clone()));
            InputHandle in = engine.input("Ticks");
            in.send(new Object[] {1, 1_000L});
            in.send(new Object[] {2, 1_500L});
            Thread.sleep(3_000); // longer than the within in wall time
            in.send(new Object[] {1, 2_000L}); // 1 s after id 1's first event in TS: a match
            in.send(new Object[] {2, 6_000L}); // 4.5 s after id 2's first event in TS: no match
        }
        assertThat(out).extracting(r -> List.of(r[0], r[1])).containsExactly(List.of(1_000L, 2_000L));
    }

    @Test
    default void eventTimeMustNameALongAttribute() {
        String engine = factory().name();
        assertThatThrownBy(
                        () -> factory().open(new EngineSpec(List.of(TICKS), "", List.of(), Map.of("event_time", "id"))))
                .isInstanceOf(EngineException.class)
                .hasMessage(engine + ": option event_time: attribute id of Ticks is int, not long");
        assertThatThrownBy(
                        () -> factory().open(new EngineSpec(List.of(TICKS), "", List.of(), Map.of("event_time", "T"))))
                .isInstanceOf(EngineException.class)
                .hasMessage(engine + ": option event_time: no input stream has an attribute named T");
        assertThatThrownBy(() -> factory().open(new EngineSpec(List.of(TICKS), "", List.of(), Map.of("event_time", 5))))
                .isInstanceOf(EngineException.class)
                .hasMessageContaining("must name a long attribute");
    }
}
