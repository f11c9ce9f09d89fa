package dev.evperf.results;

import java.nio.file.Path;
import java.util.List;

/**
 * Where everything is in a results directory, and the format's version. A run directory holds
 * {@code run.json} and {@code trials/<id>/}; a trial directory holds the files named here. Every
 * writer and reader names its files through these constants, so a file is spelled once. What
 * each file holds, column by column, is in docs/results-format.md.
 *
 * <pre>
 * RUN/run.json                      the run: workload, environment, one entry per trial ({@link RunFile})
 * RUN/trials/ID/trial.json          the trial's spec (workload, parameters, JVM options), written by the controller
 * RUN/trials/ID/result.json         what the trial JVM measured and how ({@link TrialResult})
 * RUN/trials/ID/env.json            the trial JVM's environment
 * RUN/trials/ID/events.parquet      one row per input event (measure.records)
 * RUN/trials/ID/outputs.parquet     one row per recorded output (measure.records)
 * RUN/trials/ID/bursts.parquet      one row per burst (bursty loads)
 * RUN/trials/ID/latency-MODE.hlog   HdrHistogram interval logs, one per latency mode
 * RUN/trials/ID/intervals.csv       the trial over time, one row per hlog interval ({@link Intervals})
 * RUN/trials/ID/trace.parquet       tracepoint records (measure.tracepoints)
 * RUN/trials/ID/segments.csv        the trace's segments
 * RUN/trials/ID/sensors.csv         sensor samples (t_ns, sensor, value)
 * RUN/trials/ID/jvm-events.csv      JFR events on the trial's axis (kind, start_ns, end_ns, duration_ns, detail)
 * RUN/trials/ID/trial.jfr           the JFR recording they were taken from
 * RUN/trials/ID/jfr-repository/     JFR's chunks of a trial JVM that did not end normally (killed, crashed): what
 *                                   it recorded up to its last flush; removed when the JVM ended normally
 * RUN/trials/ID/errors.csv          the engine errors whose times were kept
 * RUN/trials/ID/stalls.csv          the driver's stalls
 * RUN/trials/ID/stdout.txt, stderr.txt   the trial JVM's output
 * RUN/trials/ID/events.csv          a run over agents: one row per planned event (send, receipt, latency,
 *                                   clock bound on the controller's clock; docs/agents.md), beside result.json
 * RUN/trials/ID/events.spill.parquet, outputs.spill.parquet   records spilled during the run,
 *                                   turned into events/outputs.parquet after it and deleted
 * </pre>
 */
public final class Layout {
    /**
     * The results format's version, written into run.json. A change that an older reader would
     * misread gets a new version and a fixture directory of its own under evperf-results' test
     * resources ({@code formats/<version>/}), which every later version must go on reading.
     */
    public static final String FORMAT = "evperf-run/1";
    /** Every version this evperf reads (oldest first). */
    public static final List<String> READS = List.of(FORMAT);

    public static final String RUN_JSON = "run.json";
    public static final String TRIALS = "trials";
    public static final String TRIAL_JSON = "trial.json";
    public static final String RESULT_JSON = "result.json";
    public static final String ENV_JSON = "env.json";
    public static final String EVENTS = "events.parquet";
    public static final String OUTPUTS = "outputs.parquet";
    public static final String BURSTS = "bursts.parquet";
    public static final String INTERVALS = "intervals.csv";
    public static final String TRACE = "trace.parquet";
    public static final String SEGMENTS = "segments.csv";
    public static final String SENSORS = "sensors.csv";
    public static final String JVM_EVENTS = "jvm-events.csv";
    public static final String JFR = "trial.jfr";
    public static final String JFR_REPOSITORY = "jfr-repository";
    public static final String ERRORS = "errors.csv";
    public static final String STALLS = "stalls.csv";
    public static final String STDOUT = "stdout.txt";
    public static final String STDERR = "stderr.txt";
    /** A trial over agents: its per-event rows (run.json's {@code agents} is set; docs/agents.md). */
    public static final String AGENT_EVENTS = "events.csv";

    public static final String EVENTS_SPILL = "events.spill.parquet";
    public static final String OUTPUTS_SPILL = "outputs.spill.parquet";
    /** A neutral query's verdict: its outputs against the reference model (written by the controller). */
    public static final String VALIDATION_JSON = "validation.json";

    private Layout() {}

    /** The HdrHistogram log of one latency mode ({@code latency-end-to-end.hlog}). */
    public static String hlog(LatencyMode mode) {
        return "latency-" + mode.text() + ".hlog";
    }

    /** Every row of output stream {@code stream} as the engine gave it ({@code values: true}). */
    public static String values(String stream) {
        return "values-" + stream + ".csv";
    }

    /** The directory of trial {@code trialId} in run directory {@code runDir}. */
    public static Path trialDir(Path runDir, String trialId) {
        return runDir.resolve(TRIALS).resolve(trialId);
    }
}
