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
        List<Object[]> rows = new ArrayList<>();
        Model model = ReferenceModel.of(spec);
        Inputs inputs = new Inputs(spec);
        for (long seq = 0; seq < events; seq++) {
            Input in = inputs.event(seq);
            model.onEvent(in.stream(), in.row(), (stream, row) -> rows.add(row));
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
}
