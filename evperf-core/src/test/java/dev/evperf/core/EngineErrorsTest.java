package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.driver.EventChunk;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.SendState;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.Workload;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Counting an engine's errors: reported ones, ones thrown out of send, what is kept of them. */
class EngineErrorsTest {
    @Test
    void countsBothKindsKeepsTheFirstMessagesAndTheirTimes(@TempDir Path dir) throws Exception {
        EngineErrors errors = new EngineErrors();
        long origin = System.nanoTime();
        InputHandle failing = event -> {
            long id = (Long) event[0];
            if (id % 3 == 0) throw new IllegalArgumentException("refused " + id);
            if (id % 3 == 1)
                errors.onError(
                        "query 1",
                        new IllegalStateException("line\nbreak " + id, new ArithmeticException("/ by zero")));
        };
        long[] start = new long[9], end = new long[9];
        send(failing, 9, null, errors, origin, start, end); // nothing escapes
        // every event was sent; the three that threw end when their exception was caught
        for (int i = 0; i < 9; i++)
            assertThat(end[i])
                    .as("send end %d", i)
                    .isGreaterThanOrEqualTo(start[i])
                    .isPositive();
        assertThat(errors.count()).isEqualTo(6);
        TrialResult.Errors s = errors.summary(origin, 10);
        assertThat(List.of(s.count(), s.reported(), s.escapedSend(), s.maxErrors(), (long) s.timesKept()))
                .containsExactly(6L, 3L, 3L, 10L, 6L);
        List<TrialResult.First> first = s.first();
        assertThat(first).hasSize(EngineErrors.KEEP_MESSAGES);
        assertThat(first.get(0).source()).isEqualTo("send");
        assertThat(first.get(0).where()).isNull();
        assertThat(first.get(0).message()).isEqualTo("java.lang.IllegalArgumentException: refused 0");
        assertThat(first.get(1).source()).isEqualTo("engine");
        assertThat(first.get(1).where()).isEqualTo("query 1");
        assertThat(first.get(1).message())
                .isEqualTo(
                        "java.lang.IllegalStateException: line break 1 (caused by java.lang.ArithmeticException: / by zero)");
        assertThat(first.get(0).tNs()).isBetween(0L, System.nanoTime() - origin);

        errors.write(dir, origin);
        List<String> lines = Files.readAllLines(dir.resolve(EngineErrors.FILE));
        assertThat(lines).hasSize(7).first().isEqualTo("t_ns,source");
        assertThat(lines.get(1)).endsWith(",send");
        assertThat(lines.get(2)).endsWith(",engine");
        assertThat(errors.failure(2))
                .startsWith(
                        "the engine raised 6 errors while processing events (3 caught and reported by the engine,"
                                + " 3 thrown out of send), more than trial.max_errors (2); the first (thrown out of send): java.lang.IllegalArgumentException: refused 0");
    }

    @Test
    void anInterruptIsNotCountedButRethrown() {
        EngineErrors errors = new EngineErrors();
        InputHandle interrupted = event -> {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending");
        };
        try {
            assertThatThrownBy(() -> send(interrupted, 1, null, errors, 0, new long[1], new long[1]))
                    .hasMessage("interrupted while sending");
        } finally {
            Thread.interrupted();
        }
        assertThat(errors.count()).isZero();
    }

    @Test
    void aFailedBatchIsStampedWhenCaughtAndTheNextBatchesGoOn() throws Exception {
        EngineErrors errors = new EngineErrors();
        long origin = System.nanoTime();
        // three batches of two events; the second one's send throws
        InputHandle in = new InputHandle() {
            public void send(Object[] event) {}

            public void sendBatch(Object batch) {
                if (((Object[][]) batch)[0][0].equals(2L)) throw new IllegalStateException("batch refused");
            }

            public Object prepareBatch(Object[][] events, int from, int count) {
                return java.util.Arrays.copyOfRange(events, from, from + count);
            }
        };
        long[] start = new long[6], end = new long[6];
        send(in, 6, 2, errors, origin, start, end);
        assertThat(errors.count()).isEqualTo(1);
        for (int i = 0; i < 6; i++)
            assertThat(end[i]).as("event %d", i).isPositive().isGreaterThanOrEqualTo(start[i]);
        assertThat(start[2]).isEqualTo(end[2]).isEqualTo(end[3]);
    }

    @Test
    void noErrorsNoFile(@TempDir Path dir) throws Exception {
        EngineErrors errors = new EngineErrors();
        errors.write(dir, 0);
        assertThat(dir.resolve(EngineErrors.FILE)).doesNotExist();
        assertThat(errors.summary(0, 0).count()).isZero();
    }

    /** Sends n events (in batches of {@code batch} when given) through a trial's supply and driver, copying the send times. */
    static void send(InputHandle in, int n, Integer batch, EngineErrors errors, long origin, long[] start, long[] end)
            throws Exception {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.max = new Workload.MaxDef();
        p.max.count = n;
        Workload.BatchDef b = null;
        if (batch != null) {
            b = new Workload.BatchDef();
            b.size = com.fasterxml.jackson.databind.node.IntNode.valueOf(batch);
        }
        Schedule s = Schedule.of(List.of(p), b);
        EventMaker maker = new EventMaker(new Object[][] {{null}}, 0);
        EventSupply[] holder = new EventSupply[1];
        java.util.function.Consumer<EventChunk> copy = c -> {
            for (int r = 0; r < c.size; r++) {
                start[(int) (c.first + r)] = c.sendStart(r);
                end[(int) (c.first + r)] = c.sendEnd(r);
            }
            holder[0].recycle(c);
        };
        try (EventSupply supply =
                new EventSupply(s.cursor(0), s.batched(), s.largestBatch(), 1, maker, in, copy, 16, 2)) {
            holder[0] = supply;
            supply.prefill();
            Driver.run(in, supply, 0, maker, origin, new SendState(), errors);
        }
    }
}
