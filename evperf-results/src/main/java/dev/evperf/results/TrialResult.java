package dev.evperf.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A trial's {@code result.json}, typed: what the trial JVM measured and how (status, counts,
 * phases with their achieved rates, output delivery, errors, disturbance, clock). The trial runner
 * writes this record (filled through a {@link Draft} as the trial goes) and the readers read it, so
 * both share this one definition; docs/results-format.md says what each field means. Absent
 * fields (a trial that failed before measuring, or older results) are null; sections that only
 * people and DuckDB read (cpu, sensors, broker, pipelines, jvm, …) are kept as JSON trees.
 * {@code validation} is the one field the trial JVM does not write: the controller adds a neutral
 * query's verdict after the trial (through {@link Draft#of}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrialResult(
        String status,
        @JsonInclude(JsonInclude.Include.ALWAYS) String reason,
        Long heapNeedBytes,
        String engine,
        String engineVersion,
        String outputDelivery,
        String outputLink,
        Integer senders,
        Double prepareMs,
        Disturbance disturbance,
        Long engineDrainNs,
        JsonNode cpu,
        JsonNode sensors,
        Long eventsSent,
        Long inputBatches,
        Long outputsReceived,
        OutputBatches outputBatches,
        HarnessWaits harnessWaits,
        Long runNs,
        Long drainNs,
        Clock clock,
        Long outputsRecorded,
        List<Phase> phases,
        List<String> outputs,
        Map<String, Long> links,
        Boolean records,
        JsonNode trace,
        Map<String, Object> timing,
        Map<String, Object> writePartsMs,
        JsonNode broker,
        Double writeMs,
        Errors errors,
        JsonNode pipelines,
        JsonNode jvm,
        JsonNode engineFigures,
        HeapAfterGc heapAfterGc,
        JsonNode cpuPlacement,
        Validation validation) {

    /**
     * A neutral query's verdict in brief, added by the controller after the trial (validation.json
     * has it whole, per stream; run.json's trial entry has the same brief); null for trials of
     * other workloads and in results written before it was typed, which had the same fields.
     * {@code verdict}: valid, invalid or not checked; {@code reason} why it was not checked (or
     * what else went wrong), null otherwise; the row counts summed over the output streams, with the
     * windows open at the end of input the model closed and how many of them the engine closed
     * (docs/suites.md §3; null in results written before they were counted);
     * {@code text} the verdict in one line; {@code examples} the first few rows that are not correct.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Validation(
            String verdict,
            String reason,
            long expected,
            long produced,
            long correct,
            long missing,
            long undue,
            long wrong,
            Long openAtEnd,
            Long closedAtEnd,
            String text,
            List<String> examples) {
        public Validation {
            examples = examples == null ? List.of() : List.copyOf(examples);
        }
    }

    /**
     * What took the core away from the senders during the timed loop (null in older results):
     * the driver's stalls while waiting, the sender threads' involuntary context switches (null
     * where procfs was unreadable), the machine's steal time in CPU-ms (null likewise), and the
     * sender threads' time on a CPU and time runnable but waiting for one over their loops, in ms
     * (procfs {@code schedstat}; null where unreadable and in results written before they were kept),
     * and their time on a CPU per phase of the schedule, in ms (null where the JVM has no thread CPU
     * clock and in older results).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Disturbance(
            Stalls stalls,
            Long driverInvoluntarySwitches,
            Double stealMs,
            Double sendersOnCpuMs,
            Double sendersRunqueueWaitMs,
            List<Double> sendersOnCpuMsByPhase,
            String note) {
        /** Without the per-phase figure (results written before it was kept). */
        public Disturbance(
                Stalls stalls,
                Long driverInvoluntarySwitches,
                Double stealMs,
                Double sendersOnCpuMs,
                Double sendersRunqueueWaitMs,
                String note) {
            this(stalls, driverInvoluntarySwitches, stealMs, sendersOnCpuMs, sendersRunqueueWaitMs, null, note);
        }
    }

    /** The driver's stalls (its clock jumped more than {@code thresholdMs} while it waited); {@code kept} in stalls.csv. */
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
    public record Errors(
            long count, long reported, long escapedSend, long maxErrors, List<First> first, int timesKept) {
        public Errors {
            first = first == null ? List.of() : List.copyOf(first);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record First(long tNs, String source, String where, String message) {}

    /**
     * The trial JVM's heap used right after full collections ({@code LiveHeap.usedAfterGc}; null in
     * older results, and where explicit GC is disabled): {@code beforeRunBytes} after the collection
     * that precedes the first send (engine open, queries deployed, events prepared),
     * {@code afterDrainBytes} once the outputs drained, before the engine closes. The difference is
     * what the run left live: the engine's state (windows, tables, partial matches) and evperf's
     * bounded records. With measure.retained_heap also {@code beforeOpenBytes}, read before the
     * engine opened (events already made), and {@code retainedBytes = afterDrainBytes -
     * beforeOpenBytes}: the heap the engine holds at the end, its compiled queries included. (Results
     * written before 2026-11-23 kept those in a separate {@code retained_heap} section,
     * {@code before_open_bytes}, {@code engine_open_bytes}, {@code retained_bytes}, from their own
     * reading after the drain; readers fall back to it, see docs/results-format.md.)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record HeapAfterGc(
            Long beforeOpenBytes, long beforeRunBytes, long afterDrainBytes, Long retainedBytes, String note) {}

    /** Outputs the engine delivered in batches (only when it did): how many batches, rows, mean and largest size. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OutputBatches(long batches, long rows, double meanSize, long largest) {}

    /**
     * Times a sender waited for the supply, or an engine's thread for the records writer: 0 when the harness kept out
     * of the way. {@code supplyByPhase}: the supply waits by the phase whose events were waited for (every phase of
     * the schedule by name; null in results written before it was kept, and for a live source's ring).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record HarnessWaits(long supply, long outputChunks, Map<String, Long> supplyByPhase) {
        public HarnessWaits(long supply, long outputChunks) {
            this(supply, outputChunks, null);
        }
    }

    /**
     * The trial's clock: event times are ns since {@code originNanotime} (System.nanoTime), paired with
     * the wall clock read at the origin; {@code driftNs} is how far the two moved apart over the trial.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Clock(
            long originNanotime, long originEpochNs, long endNanotime, long endEpochNs, String note, long driftNs) {}

    /** Whether the engine called its listeners inside send (the input being sent caused what happened during it). */
    public boolean deliveredOnSendingThread() {
        return outputDelivery != null && outputDelivery.startsWith("sending-thread");
    }

    /**
     * A load phase; {@code targetRate} in events/s as asked, null for "as fast as possible";
     * {@code intendedRate} that of its intended send times (Poisson arrivals: a random draw around the
     * target; null in results written before it was recorded); achieved rate and lags null when the
     * phase sent nothing.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Phase(
            String name,
            boolean measure,
            String profile,
            long firstSeq,
            long count,
            @JsonInclude(JsonInclude.Include.ALWAYS) Double targetRate,
            @JsonInclude(JsonInclude.Include.ALWAYS) Double intendedRate,
            long intendedSpanNs,
            Double achievedRate,
            Double maxLagMs,
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

    /**
     * result.json as the trial goes: the trial runner fills it in step by step, and {@link #result()}
     * takes what is known so far (a signal may end the JVM at any point, and what it knew is written).
     * Its fields are the record's, one for one ({@code validation} is the controller's, after the trial).
     */
    public static final class Draft {
        public volatile String status, reason, engine, engineVersion, outputDelivery, outputLink;
        public volatile Long heapNeedBytes,
                engineDrainNs,
                eventsSent,
                inputBatches,
                outputsReceived,
                runNs,
                drainNs,
                outputsRecorded;
        public volatile Integer senders;
        public volatile Double prepareMs, writeMs;
        public volatile Disturbance disturbance;
        public volatile JsonNode cpu, sensors, trace, broker, pipelines, jvm, engineFigures;
        public volatile OutputBatches outputBatches;
        public volatile HarnessWaits harnessWaits;
        public volatile Clock clock;
        public volatile List<Phase> phases;
        public volatile List<String> outputs;
        public volatile Map<String, Long> links;
        public volatile Boolean records;
        public volatile Map<String, Object> timing, writePartsMs;
        public volatile Errors errors;
        public volatile HeapAfterGc heapAfterGc;
        public volatile JsonNode cpuPlacement;
        public volatile Validation validation;

        /** A draft holding every field of {@code r}: a writer that adds to a finished result (the controller's verdict). */
        public static Draft of(TrialResult r) {
            Draft d = new Draft();
            d.status = r.status;
            d.reason = r.reason;
            d.heapNeedBytes = r.heapNeedBytes;
            d.engine = r.engine;
            d.engineVersion = r.engineVersion;
            d.outputDelivery = r.outputDelivery;
            d.outputLink = r.outputLink;
            d.senders = r.senders;
            d.prepareMs = r.prepareMs;
            d.disturbance = r.disturbance;
            d.engineDrainNs = r.engineDrainNs;
            d.cpu = r.cpu;
            d.sensors = r.sensors;
            d.eventsSent = r.eventsSent;
            d.inputBatches = r.inputBatches;
            d.outputsReceived = r.outputsReceived;
            d.outputBatches = r.outputBatches;
            d.harnessWaits = r.harnessWaits;
            d.runNs = r.runNs;
            d.drainNs = r.drainNs;
            d.clock = r.clock;
            d.outputsRecorded = r.outputsRecorded;
            d.phases = r.phases;
            d.outputs = r.outputs;
            d.links = r.links;
            d.records = r.records;
            d.trace = r.trace;
            d.timing = r.timing;
            d.writePartsMs = r.writePartsMs;
            d.broker = r.broker;
            d.writeMs = r.writeMs;
            d.errors = r.errors;
            d.pipelines = r.pipelines;
            d.jvm = r.jvm;
            d.engineFigures = r.engineFigures;
            d.heapAfterGc = r.heapAfterGc;
            d.cpuPlacement = r.cpuPlacement;
            d.validation = r.validation;
            return d;
        }

        public TrialResult result() {
            return new TrialResult(
                    status,
                    reason,
                    heapNeedBytes,
                    engine,
                    engineVersion,
                    outputDelivery,
                    outputLink,
                    senders,
                    prepareMs,
                    disturbance,
                    engineDrainNs,
                    cpu,
                    sensors,
                    eventsSent,
                    inputBatches,
                    outputsReceived,
                    outputBatches,
                    harnessWaits,
                    runNs,
                    drainNs,
                    clock,
                    outputsRecorded,
                    phases,
                    outputs,
                    links,
                    records,
                    trace,
                    timing,
                    writePartsMs,
                    broker,
                    writeMs,
                    errors,
                    pipelines,
                    jvm,
                    engineFigures,
                    heapAfterGc,
                    cpuPlacement,
                    validation);
        }
    }
}
