package dev.evperf.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.evperf.analysis.stats.TrialFiles;
import dev.evperf.analysis.stats.TrialFiles.TraceRow;
import dev.evperf.analysis.trial.TrialData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Synthetic traced trials of bursts of 10 events. After a short idle time (under 5 ms) a burst's
 * first event costs 50 µs, after a long one (40 ms and more) 300 µs; the second 30 µs, the rest
 * 10 µs. Every fifth event (seq % 5 == 4) takes signature S2 (start > engine.a > engine.b > end:
 * filtered, no output) with segments 50 / 30 / 20 % of its time; the others S1 (start > engine.a >
 * sink.received > end) with 40 / 50 / 10 %.
 */
class ServiceModelTest {
    @TempDir
    Path tmp;

    static final long MS = 1_000_000;

    /** Bursts at the given idle times (ns) before each (the first burst's idle is unused). */
    static TrialData trial(long[] idleBefore) {
        int bursts = idleBefore.length, n = bursts * 10;
        long[] seq = new long[n], intended = new long[n], start = new long[n], end = new long[n];
        int[] phase = new int[n], burst = new int[n], pos = new int[n];
        boolean[] measured = new boolean[n];
        long t = MS;
        for (int b = 0; b < bursts; b++) {
            if (b > 0) t += idleBefore[b];
            long burstStart = t;
            for (int p = 0; p < 10; p++) {
                int i = b * 10 + p;
                seq[i] = i;
                measured[i] = true;
                burst[i] = b;
                pos[i] = p;
                intended[i] = burstStart;
                start[i] = t;
                t += cost(idleBefore[b], p);
                end[i] = t;
            }
        }
        return new TrialData(seq, phase, measured, burst, pos, intended, start, end);
    }

    static long cost(long idle, int pos) {
        if (pos == 0) return idle >= 40 * MS ? 300_000 : 50_000;
        return pos == 1 ? 30_000 : 10_000;
    }

    static List<TraceRow> trace(TrialData d) {
        List<TraceRow> rows = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            long s = d.sendStart(i), e = d.sendEnd(i), dur = e - s;
            rows.add(new TraceRow(i, "driver.send-start", s, 0));
            if (i % 5 == 4) {
                rows.add(new TraceRow(i, "engine.a", s + dur / 2, 1));
                rows.add(new TraceRow(i, "engine.b", s + dur * 8 / 10, 1));
            } else {
                rows.add(new TraceRow(i, "engine.a", s + dur * 4 / 10, 1));
                rows.add(new TraceRow(i, "sink.received", s + dur * 9 / 10, 2));
            }
            rows.add(new TraceRow(i, "driver.send-end", e, 3));
        }
        return rows;
    }

    static Path write(Path dir, TrialData d) {
        TrialFiles.write(d, dir);
        TrialFiles.writeTrace(trace(d), dir);
        return dir;
    }

    /** 40 bursts, idle alternating 2 ms and 50 ms. */
    static long[] alternating(int bursts) {
        long[] idle = new long[bursts];
        for (int b = 0; b < bursts; b++) idle[b] = b % 2 == 0 ? 50 * MS : 2 * MS;
        return idle;
    }

    @Test
    void casesClusterIntoSignaturesWithSegmentDistributionsPerContextCell() {
        Path t = write(tmp.resolve("t001"), trial(alternating(40)));
        ServiceModel m = ModelBuilder.build(t, "run", "t001", ModelBuilder.Options.DEFAULT);
        assertThat(m.format()).isEqualTo(ServiceModel.FORMAT);
        assertThat(m.source().cases()).isEqualTo(400);
        assertThat(m.source().casesUsed()).isEqualTo(400);
        assertThat(m.source().bursts()).isEqualTo(40);
        assertThat(m.signatures()).extracting(ServiceModel.Signature::id).containsExactly("S1", "S2");
        ServiceModel.Signature s1 = m.signatures().get(0), s2 = m.signatures().get(1);
        assertThat(s1.points()).containsExactly("driver.send-start", "engine.a", "sink.received", "driver.send-end");
        assertThat(s2.points()).containsExactly("driver.send-start", "engine.a", "engine.b", "driver.send-end");
        assertThat(s1.cases()).isEqualTo(320);
        assertThat(s2.share()).isCloseTo(0.2, offset(1e-12));
        assertThat(s1.segments())
                .extracting(ServiceModel.Segment::name)
                .containsExactly(
                        "driver.send-start -> engine.a",
                        "engine.a -> sink.received",
                        "sink.received -> driver.send-end");
        assertThat(s1.segments()).allMatch(ServiceModel.Segment::inSendSpan);

        // Position 2 of S1 (seq % 10 == 2: never S2) costs 10 µs: segments 4, 5 and 1 µs in every cell.
        ServiceModel.CellDist c = s1.segments().get(1).byCell().stream()
                .filter(x -> x.position().equals("2") && x.idle().equals("1-2 ms")
                        || x.position().equals("2") && x.idle().equals("2-5 ms"))
                .findFirst()
                .orElseThrow();
        assertThat(c.dist().meanUs()).isCloseTo(5.0, offset(1e-9));
        assertThat(c.dist().n()).isEqualTo(20);
        // The first event after a long idle: 300 µs, S1 except at seq % 5 == 4 (never at position 0).
        ServiceModel.Cell longFirst = m.cells().stream()
                .filter(x -> x.position().equals("0") && x.idle().equals("20-50 ms")
                        || x.position().equals("0") && x.idle().equals("50-100 ms"))
                .findFirst()
                .orElseThrow();
        assertThat(longFirst.eventTime().meanUs()).isEqualTo(300.0);
        assertThat(longFirst.signatureShare()).containsEntry("S1", 1.0);
        // Position 4 (seq % 10 == 4) is always S2.
        assertThat(m.cells().stream().filter(x -> x.position().equals("4")).toList())
                .allSatisfy(x -> assertThat(x.signatureShare()).containsOnlyKeys("S2"));
        assertThat(m.gap().meanUs()).isZero(); // inside a burst each send starts where the previous ended
    }

    @Test
    void predictsAHeldOutTrialAndTheTimeDimensionMatters() {
        ServiceModel m = ModelBuilder.build(
                write(tmp.resolve("t001"), trial(alternating(40))), "run", "t001", ModelBuilder.Options.DEFAULT);
        // Held out: the same alternation. Burst time after a long idle 300 + 30 + 8·10 = 410 µs, after a short 160 µs.
        ModelCheck same = ModelCheck.check(m, write(tmp.resolve("t002"), trial(alternating(20))), "t002", false);
        assertThat(same.bursts()).isEqualTo(20);
        assertThat(same.measuredMeanBurstMs()).isCloseTo(0.285, offset(1e-12));
        assertThat(same.predictedMeanBurstMs()).isCloseTo(0.285, offset(1e-9));
        assertThat(same.burstMapePct()).isCloseTo(0, offset(1e-6));
        assertThat(same.signatureCoverage()).isEqualTo(1.0);
        assertThat(same.positions()).extracting(ModelCheck.PositionRow::j).containsExactly(1, 2, 3, 5, 7, 10);
        assertThat(same.positions().get(0).measuredMeanUs()).isEqualTo(175.0);
        assertThat(same.positions().get(0).predictedMeanUs()).isCloseTo(175.0, offset(1e-9));
        // Without context every event costs the pooled mean 28.5 µs, so each burst is predicted at 285 µs.
        assertThat(same.baselineBurstMapePct()).isGreaterThan(25);

        // Held out: long idle times only (100 ms, a bucket the model never saw: the nearest, 50-100 ms, is used).
        long[] idle = new long[10];
        java.util.Arrays.fill(idle, 100 * MS);
        ModelCheck longIdle = ModelCheck.check(m, write(tmp.resolve("t003"), trial(idle)), "t003", false);
        assertThat(longIdle.measuredMeanBurstMs()).isCloseTo(0.410, offset(1e-12));
        assertThat(Math.abs(longIdle.errorPct())).isLessThan(1);
        assertThat(longIdle.baselineErrorPct()).isLessThan(-25);
    }

    @Test
    void theModelFileRoundTripsAndPredictsTheSame() throws Exception {
        ServiceModel m = ModelBuilder.build(
                write(tmp.resolve("t001"), trial(alternating(40))), "run", "t001", ModelBuilder.Options.DEFAULT);
        Path file = tmp.resolve("out/model.json");
        m.write(file);
        assertThat(Files.readString(file))
                .contains(
                        "\"format\" : \"evperf-model/1\"",
                        "\"signatures\"",
                        "\"lognormal_mu\"",
                        "\"position_edges\"",
                        "\"idle_edges_ms\"");
        ServiceModel back = ServiceModel.read(file);
        assertThat(back.signatures()).hasSameSizeAs(m.signatures());
        // Undefined figures (a cell's gap before the first event, fits of too few values) come back undefined, not 0.
        ServiceModel.Cell first = back.cells().stream()
                .filter(c -> c.position().equals("0"))
                .findFirst()
                .orElseThrow();
        assertThat(first.gap().n()).isZero();
        assertThat(first.gap().meanUs()).isNaN();
        assertThat(back.cells().get(0).eventTime().quantilesUs())
                .containsExactly(m.cells().get(0).eventTime().quantilesUs());
        Path held = write(tmp.resolve("t002"), trial(alternating(20)));
        assertThat(ModelCheck.check(back, held, "t002", false)).isEqualTo(ModelCheck.check(m, held, "t002", false));
        Files.writeString(tmp.resolve("x.json"), "{\"format\": \"something else\"}");
        assertThatThrownBy(() -> ServiceModel.read(tmp.resolve("x.json")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a model");
    }

    @Test
    void aTrialWithoutTraceIsOneLineOfBadInput() {
        Path t = tmp.resolve("t001");
        TrialFiles.write(trial(alternating(4)), t);
        assertThatThrownBy(() -> ModelBuilder.build(t, "run", "t001", ModelBuilder.Options.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("trace.parquet: missing")
                .hasMessageContaining("tracepoints: true");
    }

    @Test
    void contextBuckets() {
        Context c = Context.standard();
        assertThat(c.positionLabel(c.positionIndex(0))).isEqualTo("0");
        assertThat(c.positionLabel(c.positionIndex(9))).isEqualTo("9");
        assertThat(c.positionLabel(c.positionIndex(10))).isEqualTo("10-19");
        assertThat(c.positionLabel(c.positionIndex(999))).isEqualTo("500-999");
        assertThat(c.positionLabel(c.positionIndex(-1))).isEqualTo("stream");
        assertThat(c.idleLabel(c.idleIndex(50_000))).isEqualTo("<0.1 ms");
        assertThat(c.idleLabel(c.idleIndex(2 * MS))).isEqualTo("2-5 ms");
        assertThat(c.idleLabel(c.idleIndex(1000 * MS))).isEqualTo("1000-2000 ms");
        assertThat(c.idleLabel(c.idleIndex(-1))).isEqualTo("first");
    }
}
