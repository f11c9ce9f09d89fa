package dev.evperf.core.trial;

import dev.evperf.api.jvm.LiveHeap;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.LiveSupply;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.jvm.JfrRecorder;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.records.AckRecords;
import dev.evperf.core.records.RecordSpill;
import dev.evperf.core.results.BrokerFigures;
import dev.evperf.core.workload.Workload;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sections of result.json that the trial assembles from what it kept during the run (split out of
 * {@link TrialRunner}, which runs the trial): the clock pairing, the heap after full collections, the
 * broker's figures, the output links.
 */
final class ResultFigures {
    private ResultFigures() {}

    /** The nanoTime origin paired with the wall clock at both ends, and how far the two drifted apart. */
    static TrialResult.Clock clock(long origin, Instant originWall, long endNano, Instant endWall) {
        return new TrialResult.Clock(
                origin,
                epochNanos(originWall),
                endNano,
                epochNanos(endWall),
                "event times are ns since origin_nanotime (System.nanoTime); origin_epoch_ns is the wall clock read at the origin",
                // How far wall clock and nanoTime moved apart over the trial: the error of placing JFR's
                // wall-clock events on the nanoTime axis (plus < 1 µs of pairing and resolution).
                JfrRecorder.driftNs(origin, epochNanos(originWall), endNano, epochNanos(endWall)));
    }

    /**
     * result.json's {@code heap_after_gc}: the heap used after full collections now (after the drain),
     * with the readings taken before the first send and, when measure.retained_heap asked, before
     * the engine opened (null otherwise).
     */
    static TrialResult.HeapAfterGc heapAfterGc(Long beforeOpen, long beforeRun, boolean behindBroker) {
        long afterDrain = LiveHeap.usedAfterGc();
        return new TrialResult.HeapAfterGc(
                beforeOpen,
                beforeRun,
                afterDrain,
                beforeOpen == null ? null : afterDrain - beforeOpen,
                "the trial JVM's heap used after full collections: before the first send and after the drain"
                        + (beforeOpen == null
                                ? ""
                                : ", and before the engine opened (retained: after the drain minus it)")
                        + (behindBroker
                                ? "; the engine runs behind the broker, in this JVM only if it is"
                                        + " Kafka Streams (Flink runs in its own process)"
                                : ""));
    }

    /** An engine behind a broker: its producer settings, acknowledgements, and ack and broker-to-broker latencies. */
    static Map<String, Object> broker(Workload w, AckRecords acks, Path dir) throws Exception {
        Map<String, Object> broker = new LinkedHashMap<>();
        // The producer's settings as the workload gave them (Kafka's own defaults for the rest).
        broker.put("producer", w.engine.options.getOrDefault("producer", Map.of()));
        broker.put("acks", acks.count());
        broker.put("refused", acks.errors());
        broker.put("ack_writer_waits", acks.waits());
        if (w.measure.records) broker.putAll(BrokerFigures.compute(dir));
        return broker;
    }

    /** How the recorded outputs were linked to inputs, by rule, and how many name another input than the one they are linked to. */
    static Map<String, Long> links(RecordSpill spill) {
        Map<String, Long> m = new LinkedHashMap<>();
        long[] by = spill.links();
        for (OutputRecords.Link l : OutputRecords.Link.values()) m.put(l.label, by[l.ordinal()]);
        m.put("differing", spill.differing());
        return m;
    }

    /**
     * Times the harness made a sender wait for its events (the supply, or a live source's ring) or an
     * engine's thread for the records writer (none when the writer keeps up); the supply's waits also by
     * the phase whose events were waited for, so that waits during a warm-up are told from the measured
     * phases'.
     */
    static TrialResult.HarnessWaits harnessWaits(
            Schedule schedule, EventSupply supply, LiveSupply liveRings, OutputRecords out) {
        if (liveRings != null) return new TrialResult.HarnessWaits(supply.waits() + liveRings.waits(), out.ringWaits());
        long[] waits = supply.waitsByPhase();
        Map<String, Long> byPhase = new LinkedHashMap<>();
        for (int p = 0; p < schedule.phases.size(); p++) {
            byPhase.merge(schedule.phases.get(p).name(), p < waits.length ? waits[p] : 0L, Long::sum);
        }
        return new TrialResult.HarnessWaits(supply.waits(), out.ringWaits(), byPhase);
    }

    static long epochNanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
