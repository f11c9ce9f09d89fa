package dev.evperf.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A trial's {@code result.json}, typed: what the trial JVM measured and how (status, counts,
 * phases with their achieved rates, output delivery, errors, disturbance, clock). Only the fields
 * a reader uses are typed; the trial runner writes more (documented in docs/results-format.md).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TrialResult(String status, String reason, long eventsSent, long outputsReceived,
                          List<Phase> phases, long drainNs, Boolean records, String outputDelivery, Integer inputBatches,
                          Errors errors, Long runNs, Disturbance disturbance, java.util.Map<String, Long> links,
                          java.util.Map<String, Object> timing) {

    /**
     * What took the core away from the senders during the timed loop (null in older results):
     * the driver's stalls while waiting, the sender threads' involuntary context switches (null
     * where procfs was unreadable), the machine's steal time in CPU-ms (null likewise).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Disturbance(Stalls stalls, Long driverInvoluntarySwitches, Double stealMs) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Stalls(double thresholdMs, long count, double totalMs, double maxMs, int kept) {}

    /**
     * The errors the engine raised while processing events (null in results written before they
     * were counted). {@code reported}: caught by the engine and given to its error hook;
     * {@code escapedSend}: thrown out of send; {@code first}: the first few, {@code tNs} on the trial's axis.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Errors(long count, long reported, long escapedSend, long maxErrors, List<First> first, int timesKept) {
        public Errors {
            first = first == null ? List.of() : List.copyOf(first);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record First(long tNs, String source, String where, String message) {}

    /** Whether the engine called its listeners inside send (the input being sent caused what happened during it). */
    public boolean deliveredOnSendingThread() {
        return outputDelivery != null && outputDelivery.startsWith("sending-thread");
    }

    /**
     * A load phase; {@code targetRate} in events/s as asked, null for "as fast as possible";
     * {@code intendedRate} that of its intended send times (Poisson arrivals: a random draw around the
     * target; null in results written before it was recorded).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Phase(String name, boolean measure, String profile, long firstSeq, long count,
                        Double targetRate, Double intendedRate, long intendedSpanNs, Double achievedRate, Double maxLagMs,
                        Double lastLagMs) {}

    /** 1 in this many sends was timed (capacity mode, measure.timing: sampled), or 0 when every send was. */
    public int sampleEvery() {
        return timing == null || !(timing.get("every") instanceof Number n) ? 0 : n.intValue();
    }

    /** False when the trial ran with per-event records off (measure.records: false). */
    public boolean recordsOff() {
        return Boolean.FALSE.equals(records);
    }

    public TrialResult {
        phases = phases == null ? List.of() : List.copyOf(phases);
    }

    /** @return null when the trial has no result.json (its JVM crashed before writing it) */
    public static TrialResult load(Path trialDir) {
        Path file = trialDir.resolve(Layout.RESULT_JSON);
        return Files.isRegularFile(file) ? ResultsJson.read(file, TrialResult.class) : null;
    }
}
