package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.InputHandle;
import dev.evperf.api.StreamSchema;
import dev.evperf.api.channel.LogChannels;
import dev.evperf.core.channel.Channels;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.Stalls;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.jvm.JfrRecorder;
import dev.evperf.core.sensors.Descheduling;
import dev.evperf.core.sensors.SensorSampler;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.results.Environment;
import dev.evperf.core.results.IntervalSeries;
import dev.evperf.core.results.Json;
import dev.evperf.core.results.LatencyLogs;
import dev.evperf.core.results.Layout;
import dev.evperf.core.results.RecordsWriter;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadLoader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one trial inside its own JVM: prepare (pool, schedule, native events, engine), send on the
 * schedule, drain, then write every record into the trial directory. Only the send loop is timed;
 * everything that allocates happens before or after it.
 */
public final class TrialRunner {
    private final Path dir;
    private final Map<String, Object> result = new LinkedHashMap<>();
    private dev.evperf.core.pipeline.Pipelines pipelines;

    public TrialRunner(Path dir) {
        this.dir = dir;
    }

    /** Runs the trial and records its result; never throws. @return the process exit code */
    public int runAndRecord() {
        result.put("status", "running");
        try {
            run();
            result.put("status", "ok");
            result.put("reason", null);
            return 0;
        } catch (Throwable t) {
            result.put("status", "failed");
            result.put("reason", reason(t));
            return 1;
        } finally {
            try {
                Json.write(dir.resolve(Layout.RESULT_JSON), result);
            } catch (Throwable t) {
                System.err.println("evperf trial: cannot write result.json: " + t);
            }
        }
    }

    static String reason(Throwable t) {
        if (t instanceof TrialFailure || t instanceof EngineException) return t.getMessage();
        return t.getClass().getName() + (t.getMessage() != null ? ": " + t.getMessage() : "");
    }

    @SuppressWarnings("unchecked")
    private void run() throws Exception {
        JsonNode spec = Json.MAPPER.readTree(dir.resolve(Layout.TRIAL_JSON).toFile());
        Workload w = WorkloadLoader.YAML.treeToValue(spec.get("workload"), Workload.class);
        Path baseDir = Path.of(spec.get("workload_dir").asText());
        Json.write(dir.resolve(Layout.ENV_JSON), Environment.capture());
        // Started before anything else, so preparation's GC and the warm-up's compilations are in it too.
        JfrRecorder jfr = w.measure.jfr ? new JfrRecorder(dir) : null;
        // The workload's channels, installed before the engine opens so that engine, adapter and user code
        // find them by name (LogChannels.open) while queries compile; a registry with no configuration
        // gives every channel the default (buffered, zstd) and starts nothing until a channel is opened.
        // Drained and flushed after the run, and by their shutdown hook on SIGTERM.
        Channels channels = Channels.create(w.channels, dir);
        LogChannels.install(channels::open);
        // Monitoring pipelines likewise; closing drains their queues and writes their sinks.
        pipelines = w.pipelines != null ? dev.evperf.core.pipeline.Pipelines.open(w.pipelines, "pipelines", dir) : null;
        try {
            run(w, baseDir);
        } finally {
            if (pipelines != null) {
                pipelines.close();
                result.put("pipelines", Json.MAPPER.valueToTree(pipelines.stats()));
            }
            LogChannels.install(null);
            channels.close();
            if (jfr != null) jfr.close();
        }
        if (jfr != null) {
            Map<String, Object> clock = (Map<String, Object>) result.get("clock");
            if (clock != null) {
                result.put("jvm", jfr.place(dir, (long) clock.get("origin_nanotime"), (long) clock.get("origin_epoch_ns")));
            }
        }
    }

    /** Prepares, sends, drains and writes the records: the trial proper. */
    private void run(Workload w, Path baseDir) throws Exception {
        long prepStart = System.nanoTime();
        String stream = Schemas.loadStream(w);
        StreamSchema schema = Schemas.inputs(w).get(stream);
        int seqIndex = schema.indexOf(w.streams.get(stream).sequence);
        // Before anything per event is allocated: a trial whose columns cannot fit its heap fails now,
        // saying what to change, not with an OutOfMemoryError after minutes of preparation.
        var traces = Schemas.traces(w, baseDir, stream);
        long expected = Schedule.expectedCount(w.load.phases, traces);
        long need = MemoryNeed.bytes(expected, schema.size(), (long) Math.ceil(expected * w.trial.outputsPerInput) + 1024);
        result.put("heap_need_bytes", need);
        MemoryNeed.check(need, Runtime.getRuntime().maxMemory(), expected);
        Object[][] pool = EventPool.build(schema, seqIndex, w.data.get(stream), baseDir, stream);
        Schedule schedule = Schedule.of(w.load.phases, w.load.batch, traces);
        int n = schedule.size();
        Object[][] events = PreparedEvents.build(pool, seqIndex, n);
        long[] sendStart = new long[n];
        long[] sendEnd = new long[n];

        // On before the engine opens: its tracepoints register while its queries compile.
        if (w.measure.tracepoints) dev.evperf.api.trace.Tracer.enable(w.measure.traceCapacity);
        EngineFactory factory = Engines.get(w.engine.name);
        result.put("engine", factory.name());
        result.put("engine_version", factory.version());
        List<String> outputs = new ArrayList<>(w.engine.outputs.keySet());
        int capacity = (int) Math.min(Integer.MAX_VALUE - 8, (long) Math.ceil(n * w.trial.outputsPerInput) + 1024);
        try (Engine engine = factory.open(Schemas.engineSpec(w))) {
            // Errors inside the engine are counted, not only logged by it; see EngineErrors.
            EngineErrors errors = new EngineErrors();
            engine.onError(errors);
            InputHandle input = engine.input(stream);
            // The origin is fixed before subscribing: listeners record relative to it.
            long origin;
            OutputRecords out;
            Instant originWall;
            // Pair the nanoTime origin with the wall clock so traces, JFR and sensors share one axis.
            long before = System.nanoTime();
            originWall = Instant.now();
            long after = System.nanoTime();
            origin = before + (after - before) / 2;
            out = new OutputRecords(capacity, origin);
            boolean sendEndReceipt = w.measure.receipt.equals("send-end");
            if (sendEndReceipt && !engine.deliversOnSendingThread()) {
                throw new TrialFailure("measure.receipt: send-end needs an engine that delivers outputs inside send; " + factory.name() + " may not");
            }
            // With several senders, outputs come on several threads even from a synchronous engine.
            boolean oneThread = engine.deliversOnSendingThread() && w.load.senders == 1;
            if (sendEndReceipt && w.load.senders > 1) {
                throw new TrialFailure("measure.receipt: send-end needs one sender (load.senders is " + w.load.senders + ")");
            }
            OutputRecords.Delivery delivery = !oneThread ? OutputRecords.Delivery.ANY_THREAD
                    : sendEndReceipt ? OutputRecords.Delivery.SENDING_THREAD_SEND_END : OutputRecords.Delivery.SENDING_THREAD;
            result.put("output_delivery", delivery.name().toLowerCase().replace('_', '-'));
            result.put("senders", w.load.senders);
            for (int i = 0; i < outputs.size(); i++) {
                String o = outputs.get(i);
                String seqAttr = Schemas.outputSequence(w, o);
                int idx = seqAttr == null ? -1 : engine.outputFields(o).indexOf(seqAttr);
                if (seqAttr != null && idx < 0) {
                    throw new TrialFailure("output stream " + o + " has no attribute '" + seqAttr + "' to carry the sequence number; it has "
                            + engine.outputFields(o) + " (set engine.outputs." + o + ".sequence, or none)");
                }
                engine.subscribe(o, out.listener(i, idx, delivery));
            }
            // Micro-batches in the engine's own form, built now so that the timed loop allocates nothing.
            Object[] batches = null;
            if (schedule.batched()) {
                batches = new Object[schedule.batches()];
                for (int b = 0; b < batches.length; b++) {
                    int from = schedule.batchFirst[b];
                    batches[b] = input.prepareBatch(events, from, schedule.batchFirst[b + 1] - from);
                }
                result.put("input_batches", batches.length);
            }
            result.put("prepare_ms", (System.nanoTime() - prepStart) / 1e6);
            SensorSampler sensors = w.measure.sensors.enabled ? new SensorSampler(w.measure.sensors, dir, origin,
                    w.measure.sensors.pipeline == null ? null : pipelines.get(w.measure.sensors.pipeline)) : null;
            // The driver thread's trace buffer (engines on this thread record into it) is made now, not in the loop.
            if (w.measure.tracepoints) dev.evperf.api.trace.Tracer.buffer();
            // Preparation made garbage; collect it now so that it is not collected during the timed loop.
            System.gc();

            // The schedule starts a little after now, so the first event is not already late.
            long lead = 1_000_000;
            schedule.startAt(System.nanoTime() + lead - origin);
            int senders = w.load.senders;
            // What took the core away from the senders during the loop: recorded as it happens, said after.
            Stalls.reset();
            Descheduling.reset();
            double stealAtStart = Descheduling.stealMs();
            // Several senders merge their columns only at the end: the live line would see nothing.
            try (LiveMonitor live = w.measure.live && (senders == 1 || batches != null)
                    ? new LiveMonitor(sendStart, sendEnd, schedule.intended, out, origin, w.measure.hlogInterval.nanos(), System.out) : null) {
                if (senders > 1) {
                    Senders.run(senders, input, events, batches, schedule, origin, sendStart, sendEnd, errors);
                } else {
                    Descheduling.begin();
                    if (batches != null) {
                        Object[] prepared = batches;
                        errors.sendAllBatches(order -> Driver.runBatches(input, prepared, order, schedule.batchFirst, schedule.batchDue,
                                origin, sendStart, sendEnd), Senders.share(batches.length, 0, 1), schedule.batchFirst, sendStart, sendEnd, origin);
                    } else {
                        errors.sendAll(from -> Driver.run(input, events, schedule.intended, origin, sendStart, sendEnd, from, n),
                                0, n, sendEnd, origin);
                    }
                    Descheduling.end();
                }
            }
            long sendDone = System.nanoTime();
            result.put("disturbance", Descheduling.summary(Stalls.summary(), stealAtStart));
            long drainNs = drain(out, w.trial.drainQuiet.nanos(), w.trial.drainTimeout.nanos());
            if (sensors != null) {
                sensors.close();
                result.put("sensors", sensors.summary());
            }
            long endNano = System.nanoTime();
            if (sendEndReceipt) out.receiptsFromSendEnd(sendEnd);
            Instant endWall = Instant.now();

            result.put("events_sent", n);
            result.put("outputs_received", out.count());
            result.put("outputs_recorded", out.recorded());
            if (out.outputBatches() > 0) {
                result.put("output_batches", Map.of("batches", out.outputBatches(), "rows", out.batchedOutputs(),
                        "mean_size", out.batchedOutputs() / (double) out.outputBatches(), "largest", out.largestOutputBatch()));
            }
            result.put("run_ns", sendDone - origin);
            result.put("drain_ns", drainNs);
            Map<String, Object> clock = new LinkedHashMap<>();
            clock.put("origin_nanotime", origin);
            clock.put("origin_epoch_ns", epochNanos(originWall));
            clock.put("end_nanotime", endNano);
            clock.put("end_epoch_ns", epochNanos(endWall));
            clock.put("note", "event times are ns since origin_nanotime (System.nanoTime); origin_epoch_ns is the wall clock read at the origin");
            // How far wall clock and nanoTime moved apart over the trial: the error of placing JFR's
            // wall-clock events on the nanoTime axis (plus < 1 µs of pairing and resolution).
            clock.put("drift_ns", dev.evperf.core.jvm.JfrRecorder.driftNs(origin, epochNanos(originWall), endNano, epochNanos(endWall)));
            result.put("clock", clock);
            result.put("phases", phases(schedule, sendStart, sendEnd));
            result.put("outputs", outputs);
            result.put("records", w.measure.records);

            long writeStart = System.nanoTime();
            LatencyLogs.write(dir, w.measure.latency, schedule, sendStart, sendEnd, out, w.measure.hlogInterval.nanos(),
                    epochNanos(originWall) / 1e6);
            IntervalSeries.write(dir, schedule, sendStart, sendEnd, out, w.measure.hlogInterval.nanos());
            if (w.measure.records) {
                RecordsWriter.writeEvents(dir.resolve(Layout.EVENTS), schedule, sendStart, sendEnd);
                RecordsWriter.writeOutputs(dir.resolve(Layout.OUTPUTS), out, outputs);
            }
            if (w.measure.tracepoints) {
                result.put("trace", dev.evperf.core.results.TraceWriter.write(dir, sendStart, sendEnd, out, origin));
            }
            result.put("write_ms", (System.nanoTime() - writeStart) / 1e6);
            result.put("errors", errors.summary(origin, w.trial.maxErrors));
            errors.write(dir, origin);
            Stalls.write(dir, origin);
            // Every record is written: a trial failed for its errors keeps them for a look.
            if (errors.count() > w.trial.maxErrors) throw new TrialFailure(errors.failure(w.trial.maxErrors));
        }
    }

    /** Waits until no output has arrived for {@code quiet} ns; fails the trial instead of hanging. */
    static long drain(OutputRecords out, long quiet, long timeout) throws InterruptedException {
        long start = System.nanoTime();
        int last = out.count();
        long lastChange = start;
        while (true) {
            Thread.sleep(1);
            long now = System.nanoTime();
            int c = out.count();
            if (c != last) {
                last = c;
                lastChange = now;
            } else if (now - lastChange >= quiet) {
                return lastChange - start;
            }
            if (now - start > timeout) {
                throw new TrialFailure("the engine was still emitting outputs " + (timeout / 1_000_000) + " ms after the last send (trial.drain_timeout)");
            }
        }
    }

    /** Each phase as scheduled, and as achieved: count / (last send end − first send start), and the generator lag. */
    private static List<Map<String, Object>> phases(Schedule s, long[] sendStart, long[] sendEnd) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Schedule.PhaseInfo p : s.phases) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("measure", p.measure());
            m.put("profile", p.profile());
            m.put("first_seq", p.firstSeq());
            m.put("count", p.count());
            m.put("target_rate", p.targetRate());
            m.put("intended_rate", p.intendedRate());
            m.put("intended_span_ns", p.intendedSpan());
            int from = (int) p.firstSeq(), to = (int) (p.firstSeq() + p.count());
            if (to > from) {
                long maxLag = Long.MIN_VALUE;
                for (int i = from; i < to; i++) maxLag = Math.max(maxLag, sendStart[i] - s.intended[i]);
                long span = sendEnd[to - 1] - sendStart[from];
                m.put("achieved_rate", span > 0 ? (to - from) * 1e9 / span : null);
                m.put("max_lag_ms", maxLag / 1e6);
                m.put("last_lag_ms", (sendStart[to - 1] - s.intended[to - 1]) / 1e6);
            }
            out.add(m);
        }
        return out;
    }

    private static long epochNanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
