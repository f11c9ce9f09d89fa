package dev.evperf.suites.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.ReferenceModel;
import dev.evperf.suites.spec.CountWindow;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The validator against outputs with one seeded fault each: every fault lands in exactly its class. */
class SeededFaultTest {
    static final int EVENTS = 20_000;

    /** The reference's own rows for a spec: what a correct engine emits. */
    static List<Object[]> rows(QuerySpec spec, int events) {
        return rows(spec, events, null);
    }

    /**
     * The reference's rows and, when {@code atEnd} is given, then those of the windows open at the end (also added to
     * it): what an engine whose end of input closes them (Flink) emits.
     */
    static List<Object[]> rows(QuerySpec spec, int events, List<Object[]> atEnd) {
        List<Object[]> rows = new ArrayList<>();
        Model model = ReferenceModel.of(spec);
        Inputs inputs = new Inputs(spec);
        for (long seq = 0; seq < events; seq++) {
            Input in = inputs.event(seq);
            model.onEvent(in.stream(), in.row(), (stream, row) -> rows.add(row));
        }
        if (atEnd != null) {
            model.end((stream, row) -> rows.add(row));
            model.openAtEnd((stream, row) -> atEnd.add(row));
            rows.addAll(atEnd);
        }
        return rows;
    }

    static Verdict check(QuerySpec spec, List<Object[]> produced) {
        return Validation.check(spec, spec.outputs(), EVENTS, Map.of("Out", produced), Tolerance.DEFAULT)
                .get(0);
    }

    static final QuerySpec JOIN = Specs.read("{test: window_join, rows: 200, matches: 2}", "t");
    static final QuerySpec SLIDING =
            Specs.read("{test: count_window, function: avg, rows: 100, stream: {max_id: 10}}", "t");

    @Test
    void correctOutputsAreAllCorrectInAnyOrder() {
        List<Object[]> produced = rows(JOIN, EVENTS);
        Collections.shuffle(produced, new java.util.Random(3)); // an engine emitting out of order
        Verdict v = check(JOIN, produced);
        assertThat(v.expected()).isGreaterThan(10_000);
        assertThat(v.correct()).isEqualTo(v.expected());
        assertThat(v.valid()).isTrue();
    }

    @Test
    void aDroppedOutputIsOneMissing() {
        List<Object[]> produced = rows(JOIN, EVENTS);
        Object[] dropped = produced.remove(produced.size() / 2);
        Verdict v = check(JOIN, produced);
        assertThat(List.of(v.correct(), v.missing(), v.undue(), v.wrong()))
                .containsExactly(v.expected() - 1, 1L, 0L, 0L);
        assertThat(v.examples()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo("missing");
            assertThat(e.expected()).containsExactly(dropped);
        });
    }

    @Test
    void aDuplicatedOutputIsOneUndue() {
        List<Object[]> produced = rows(JOIN, EVENTS);
        produced.add(produced.size() / 3, produced.get(produced.size() / 3).clone());
        Verdict v = check(JOIN, produced);
        assertThat(List.of(v.correct(), v.missing(), v.undue(), v.wrong())).containsExactly(v.expected(), 0L, 1L, 0L);
        assertThat(v.produced()).isEqualTo(v.expected() + 1);
    }

    @Test
    void aChangedValueIsOneWrong() {
        List<Object[]> produced = rows(SLIDING, EVENTS);
        Object[] row = produced.get(7_000);
        row[2] = (Double) row[2] + 1e-4; // beyond the tolerance, however small
        Verdict v = check(SLIDING, produced);
        assertThat(List.of(v.correct(), v.missing(), v.undue(), v.wrong()))
                .containsExactly(v.expected() - 1, 0L, 0L, 1L);
        assertThat(v.examples()).singleElement().satisfies(e -> assertThat(e.slot())
                .isEqualTo(7_000));
    }

    @Test
    void aChangeWithinTheToleranceIsCorrect() {
        List<Object[]> produced = rows(SLIDING, EVENTS);
        Object[] row = produced.get(7_000);
        row[2] = (Double) row[2] + 1e-8;
        assertThat(check(SLIDING, produced).valid()).isTrue();
    }

    @Test
    void anOffByOneWindowMakesExactlyTheRowsItChangesWrong() {
        CountWindow spec = (CountWindow) SLIDING;
        // an engine whose window holds one event too many
        List<Object[]> produced = rows(new CountWindow(spec.stream(), spec.function(), spec.rows() + 1, 1), EVENTS);
        List<Object[]> expected = rows(spec, EVENTS);
        long differ = 0;
        for (int i = 0; i < expected.size(); i++) {
            differ += Tolerance.DEFAULT.agree(expected.get(i)[2], produced.get(i)[2]) ? 0 : 1;
        }
        Verdict v = check(spec, produced);
        assertThat(differ).isGreaterThan(1000); // the fault shows in most rows...
        assertThat(differ)
                .isLessThan(v.expected()); // ...not in all: a row differs only when the extra event is of its ID
        assertThat(List.of(v.correct(), v.missing(), v.undue(), v.wrong()))
                .containsExactly(v.expected() - differ, 0L, 0L, differ);
    }

    @Test
    void aTumblingWindowClosedOneEventLateMovesRowsToTheNextWindow() {
        QuerySpec spec =
                Specs.read("{test: count_window, function: max, rows: 100, slide: 100, stream: {max_id: 1}}", "t");
        // one ID: one row per window, carrying the window's last seq; an engine closing each window one
        // event late emits window k with seq (k+1)·100, which belongs to window k + 1
        List<Object[]> produced = new ArrayList<>();
        for (Object[] row : rows(spec, EVENTS)) {
            Object[] late = row.clone();
            late[0] = (Long) row[0] + 1;
            produced.add(late);
        }
        produced.remove(produced.size() - 1); // the last window never closes
        Verdict v = check(spec, produced);
        // every window's row is in the next window's slot: there the expected row (seq 100k+99) and the
        // late row of the window before (seq 100k) share the slot and the ID, so the late row is wrong
        assertThat(v.missing() + v.wrong()).isEqualTo(v.expected());
        assertThat(v.undue() + v.wrong()).isEqualTo(v.produced());
        assertThat(v.correct()).isZero();
        assertThat(v.wrong()).isEqualTo(v.produced());
        assertThat(v.missing()).isEqualTo(1); // the first window has no late row
    }

    static final QuerySpec TIME = Specs.read(
            "{test: time_window, function: avg, range: 1s, slide: 100ms, stream: {event_rate: 1000, start: 3600000}}",
            "t");

    @Test
    void windowsOpenAtTheEndOfInputAreCheckedWhenClosedAndNeverMissing() {
        List<Object[]> atEnd = new ArrayList<>();
        List<Object[]> closing = rows(TIME, EVENTS, atEnd);
        // W/P = 10 windows hold the last event; each ends after it
        assertThat(atEnd).hasSize(10);
        long lastTs = 3_600_000L + (EVENTS - 1); // 1 000 ev/s: 1 ms apart
        assertThat(atEnd).allSatisfy(r -> assertThat((Long) r[0]).isGreaterThan(lastTs));

        Verdict closed = check(TIME, closing); // an engine whose end of input closes them (Flink)
        assertThat(closed.valid()).isTrue();
        assertThat(List.of(closed.correct(), closed.closedAtEnd(), closed.openAtEnd()))
                .containsExactly(closed.expected(), 10L, 10L);
        assertThat(closed.summary()).endsWith(", 10 of 10 windows open at the end of input closed by it");

        Verdict open = check(TIME, rows(TIME, EVENTS)); // an engine closing windows on events only (Siddhi, Esper, ref)
        assertThat(open.valid()).isTrue();
        assertThat(List.of(open.correct(), open.missing(), open.closedAtEnd(), open.openAtEnd()))
                .containsExactly(open.expected(), 0L, 0L, 10L);
    }

    @Test
    void aWindowClosedAtTheEndWithAnotherValueIsWrongAndASecondCopyUndue() {
        List<Object[]> closing = rows(TIME, EVENTS, new ArrayList<>());
        Object[] last = closing.get(closing.size() - 3);
        last[1] = (Double) last[1] + 1e-4;
        Verdict changed = check(TIME, closing);
        assertThat(List.of(
                        changed.correct(), changed.missing(), changed.undue(), changed.wrong(), changed.closedAtEnd()))
                .containsExactly(changed.expected(), 0L, 0L, 1L, 9L);
        assertThat(changed.valid()).isFalse();

        List<Object[]> twice = rows(TIME, EVENTS, new ArrayList<>());
        twice.add(twice.get(twice.size() - 1).clone());
        Verdict duplicated = check(TIME, twice);
        assertThat(List.of(duplicated.missing(), duplicated.undue(), duplicated.wrong(), duplicated.closedAtEnd()))
                .containsExactly(0L, 1L, 0L, 10L);
        assertThat(duplicated.valid()).isFalse();
    }

    @Test
    void aWindowPastTheOpenOnesIsUndueAndADroppedRowStillMissing() {
        List<Object[]> atEnd = new ArrayList<>();
        List<Object[]> closing = rows(TIME, EVENTS, atEnd);
        // a window after the last one holding an event: no engine may emit it
        closing.add(new Object[] {(Long) atEnd.get(atEnd.size() - 1)[0] + 100, 50.0});
        // and a due window dropped: the rows closed at the end do not make up for it
        closing.remove(closing.size() / 2);
        Verdict v = check(TIME, closing);
        assertThat(List.of(v.correct(), v.missing(), v.undue(), v.wrong(), v.closedAtEnd()))
                .containsExactly(v.expected() - 1, 1L, 1L, 0L, 10L);
    }
}
