package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.api.StreamSchema;
import dev.evperf.api.channel.LogChannels;
import dev.evperf.api.trace.Tracer;
import dev.evperf.core.data.CsvSource;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputChunk;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.Stalls;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.jvm.JfrRecorder;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.records.AckRecords;
import dev.evperf.core.records.OutputValues;
import dev.evperf.core.records.RecordSpill;
import dev.evperf.core.records.TrialRecords;
import dev.evperf.core.results.BrokerFigures;
import dev.evperf.core.results.Environment;
import dev.evperf.core.results.Json;
import dev.evperf.core.workload.Receipt;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.Timing;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.monitor.channel.Channels;
import dev.evperf.monitor.pipeline.Pipelines;
import dev.evperf.monitor.sensors.Descheduling;
import dev.evperf.monitor.sensors.ProcessCpu;
import dev.evperf.monitor.sensors.SensorSampler;
import dev.evperf.results.Layout;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Runs one trial inside its own JVM: prepare (pool, schedule counts, engine, the first chunks of the
 * schedule), send on the schedule, drain, then turn the records written during the run into the
 * trial directory's files. Only the send loop is timed; it allocates nothing but the events it
 * sends, and the schedule and records pass through a fixed number of chunks on other threads.
 */
public final class TrialRunner {
    private final Path dir;
    private final Map<String, Object> result = new LinkedHashMap<>();
    private Pipelines pipelines;
    /** The run's component JVMs by name (engines behind Kafka), whose CPU is recorded with the trial's. */
    private Map<String, Long> componentPids = Map.of();

    public TrialRunner(Path dir) {
        this.dir = dir;
    }

    /** Runs the trial and records its result; never throws. @return the process exit code */
    public int runAndRecord() {
        result.put("status", "running");
        // SIGTERM (the controller stopping its run, or anyone) ends this JVM through its shutdown hooks:
        // result.json then says the trial was stopped, with what it knew by then, instead of being missing.
        Runtime.getRuntime().addShutdownHook(new Thread(this::recordStopped, "evperf-trial-stopped"));
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
            writeResult(result);
        }
    }

    private boolean written;

    /** Writes result.json once: whichever of the trial's end and a signal comes first. */
    private synchronized void writeResult(Map<String, Object> content) {
        if (written) return;
        written = true;
        try {
            Json.write(dir.resolve(Layout.RESULT_JSON), content);
        } catch (Throwable t) {
            System.err.println("evperf trial: cannot write result.json: " + t);
        }
    }

    private void recordStopped() {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                // a copy: the trial's own thread may still be adding to the result
                Map<String, Object> stopped = new LinkedHashMap<>(result);
                stopped.put("status", "interrupted");
                stopped.put(
                        "reason", "the trial JVM was stopped by a signal (SIGTERM or SIGINT) before the trial ended");
                writeResult(stopped);
                return;
            } catch (ConcurrentModificationException busy) {
                // try again
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
        pipelines = w.pipelines != null ? Pipelines.open(w.pipelines, "pipelines", dir) : null;
        componentPids = new LinkedHashMap<>();
        spec.path("component_pids")
                .fields()
                .forEachRemaining(
                        e -> componentPids.put(e.getKey(), e.getValue().asLong()));
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
                result.put("jvm", jfr.place(dir, (long) clock.get("origin_nanotime"), (long)
                        clock.get("origin_epoch_ns")));
            }
        }
    }

    /** Prepares, sends, drains and writes the records: the trial proper. */
    private void run(Workload w, Path baseDir) throws Exception {
        long prepStart = System.nanoTime();
        String stream = Schemas.loadStream(w);
        StreamSchema schema = Schemas.inputs(w).get(stream);
        int seqIndex = schema.indexOf(w.streams.get(stream).sequence);
        var traces = CsvSource.traces(w, baseDir, stream);
        // Counts every phase's events (one pass that keeps nothing per event); the schedule itself is
        // generated while the trial runs, a chunk at a time.
        Schedule schedule = Schedule.of(w.load.phases, w.load.batch, traces);
        long n = schedule.size();
        int senders = w.load.senders;
        long capacity = Math.min(Long.MAX_VALUE / 2, (long) Math.ceil(n * w.trial.outputsPerInput) + 1024);
        // Small trials get small chunks; the cycle of chunks is what the trial holds, whatever its length.
        int chunkRows = (int) Math.max(schedule.largestBatch(), Math.min(EventSupply.CHUNK, Math.max(1, n)));
        int outRows = (int) Math.min(OutputChunk.SIZE, Long.highestOneBit(Math.max(1, capacity - 1)) << 1);
        long need = MemoryNeed.bytes(
                EventSupply.CHUNKS, chunkRows, schema.size(), schedule.batched(), OUTPUT_CHUNKS, outRows);
        result.put("heap_need_bytes", need);
        MemoryNeed.check(need, Runtime.getRuntime().maxMemory());
        SpecFeed feed = SpecFeed.of(w, n);
        Object[][] pool =
                feed != null ? feed.pool() : EventPool.build(schema, seqIndex, w.data.get(stream), baseDir, stream);

        // On before the engine opens: its tracepoints register while its queries compile.
        if (w.measure.tracepoints) Tracer.enable(w.measure.traceCapacity);
        EngineFactory factory = Engines.get(w.engine.name);
        result.put("engine", factory.name());
        result.put("engine_version", factory.version());
        List<String> outputs = new ArrayList<>(w.engine.outputs.keySet());
        Senders sending = null;
        List<OutputValues> valueFiles = new ArrayList<>();
        try (Engine engine = factory.open(Schemas.engineSpec(w))) {
            // Errors inside the engine are counted, not only logged by it; see EngineErrors.
            EngineErrors errors = new EngineErrors();
            engine.onError(errors);
            InputHandle input = feed != null ? feed.input(engine, stream) : engine.input(stream);
            if (feed != null) feed.sendSetup(engine);
            // The origin is fixed before subscribing: listeners record relative to it.
            // Pair the nanoTime origin with the wall clock so traces, JFR and sensors share one axis.
            long before = System.nanoTime();
            Instant originWall = Instant.now();
            long after = System.nanoTime();
            long origin = before + (after - before) / 2;
            OutputRecords out = new OutputRecords(capacity, origin, outRows, OUTPUT_CHUNKS);
            boolean sendEndReceipt = w.measure.receipt == Receipt.SEND_END;
            if (sendEndReceipt && !engine.deliversOnSendingThread()) {
                throw new TrialFailure("measure.receipt: send-end needs an engine that delivers outputs inside send; "
                        + factory.name() + " may not");
            }
            // With several senders, outputs come on several threads even from a synchronous engine.
            boolean oneThread = engine.deliversOnSendingThread() && senders == 1;
            if (sendEndReceipt && senders > 1) {
                throw new TrialFailure("measure.receipt: send-end needs one sender (load.senders is " + senders + ")");
            }
            OutputRecords.Delivery delivery = !oneThread
                    ? OutputRecords.Delivery.ANY_THREAD
                    : sendEndReceipt
                            ? OutputRecords.Delivery.SENDING_THREAD_SEND_END
                            : OutputRecords.Delivery.SENDING_THREAD;
            result.put("output_delivery", delivery.name().toLowerCase().replace('_', '-'));
            // Outputs delivered inside a send are linked to the input being sent; others by the declared attribute.
            boolean bySend = engine.deliversOnSendingThread();
            result.put(
                    "output_link",
                    bySend ? "delivering input (send, batch, batch-last)" : "declared sequence attribute");
            result.put("senders", senders);
            // Capacity mode: 1 in sampleEvery sends timed (and each phase's first and last), the rest untimed.
            int sampleEvery = w.measure.timing == Timing.SAMPLED ? w.measure.sample : 0;
            out.sample(sampleEvery);
            EventMaker maker = new EventMaker(pool, seqIndex);
            sending = new Senders(senders, input, maker, origin, w.measure.tracepoints, errors);
            for (int i = 0; i < outputs.size(); i++) {
                String o = outputs.get(i);
                String seqAttr = Schemas.outputSequence(w, o);
                int idx = seqAttr == null ? -1 : engine.outputFields(o).indexOf(seqAttr);
                if (seqAttr != null && idx < 0) {
                    throw new TrialFailure("output stream " + o + " has no attribute '" + seqAttr
                            + "' to carry the sequence number; it has " + engine.outputFields(o)
                            + " (set engine.outputs." + o + ".sequence, or none)");
                }
                OutputListener listener = out.listener(i, idx, delivery, oneThread ? sending.state(0) : null, bySend);
                var def = w.engine.outputs.get(o);
                if (def != null && def.values) {
                    var v = new OutputValues(dir, o, engine.outputFields(o), listener);
                    valueFiles.add(v);
                    listener = v;
                }
                engine.subscribe(o, listener);
            }
            // An engine behind a broker acknowledges every event: when, and the broker's append time.
            boolean behindBroker = EngineModules.external(factory.name()) != null;
            try (AckRecords acks = behindBroker ? new AckRecords(dir, origin) : null;
                    RecordSpill spill = new RecordSpill(dir, out);
                    EventSupply supply = new EventSupply(
                            schedule.cursor(0),
                            schedule.batched(),
                            schedule.largestBatch(),
                            senders,
                            maker,
                            input,
                            spill::sent,
                            chunkRows,
                            EventSupply.CHUNKS)) {
                if (acks != null) engine.subscribeAcks(acks);
                if (sampleEvery > 0) supply.sample(sampleEvery, phaseEnds(schedule));
                spill.start(supply);
                // The run starts with every chunk filled (and every batch prepared in the engine's form).
                supply.prefill();
                sending.start(supply);
                result.put("prepare_ms", (System.nanoTime() - prepStart) / 1e6);
                SensorSampler sensors = w.measure.sensors.enabled
                        ? new SensorSampler(
                                w.measure.sensors,
                                dir,
                                origin,
                                w.measure.sensors.pipeline == null ? null : pipelines.get(w.measure.sensors.pipeline),
                                componentPids)
                        : null;
                // Preparation made garbage; collect it now so that it is not collected during the timed loop.
                System.gc();

                // What took the core away from the senders during the loop: recorded as it happens, said after.
                // CPU per process (Nexmark's cores) for engines behind Kafka and for every trial of a neutral query
                ProcessCpu.Interval cpu =
                        componentPids.isEmpty() && w.engine.query == null ? null : ProcessCpu.start(componentPids);
                Stalls.reset();
                Descheduling.reset();
                double stealAtStart = Descheduling.stealMs();
                try (LiveMonitor live = w.measure.live
                        ? new LiveMonitor(
                                sending.states(), supply, out, origin, w.measure.hlogInterval.nanos(), System.out)
                        : null) {
                    sending.run(() -> {
                        // The schedule starts a little after now, so the first event is not already late.
                        long lead = 1_000_000;
                        schedule.startAt(System.nanoTime() + lead - origin);
                        supply.base(schedule.startAt());
                    });
                }
                long sendDone = System.nanoTime();
                result.put("disturbance", Descheduling.summary(Stalls.summary(), stealAtStart));
                // The engine's own end of input first (end markers through an engine behind a broker), then quiet.
                long engineDrain = System.nanoTime();
                engine.drain(java.time.Duration.ofNanos(w.trial.drainTimeout.nanos()));
                result.put("engine_drain_ns", System.nanoTime() - engineDrain);
                long drainNs = drain(out, w.trial.drainQuiet.nanos(), w.trial.drainTimeout.nanos());
                if (cpu != null) result.put("cpu", cpu.end(n));
                if (sensors != null) {
                    sensors.close();
                    result.put("sensors", sensors.summary());
                }
                long endNano = System.nanoTime();
                Instant endWall = Instant.now();

                result.put("events_sent", n);
                if (schedule.batched()) result.put("input_batches", supply.batchesMade());
                result.put("outputs_received", out.count());
                if (out.outputBatches() > 0) {
                    result.put(
                            "output_batches",
                            Map.of(
                                    "batches",
                                    out.outputBatches(),
                                    "rows",
                                    out.batchedOutputs(),
                                    "mean_size",
                                    out.batchedOutputs() / (double) out.outputBatches(),
                                    "largest",
                                    out.largestOutputBatch()));
                }
                // Times the harness made an engine's thread or a sender wait for its records (none when the writer
                // keeps up).
                result.put("harness_waits", Map.of("supply", supply.waits(), "output_chunks", out.ringWaits()));
                result.put("run_ns", sendDone - origin);
                result.put("drain_ns", drainNs);
                Map<String, Object> clock = new LinkedHashMap<>();
                clock.put("origin_nanotime", origin);
                clock.put("origin_epoch_ns", epochNanos(originWall));
                clock.put("end_nanotime", endNano);
                clock.put("end_epoch_ns", epochNanos(endWall));
                clock.put(
                        "note",
                        "event times are ns since origin_nanotime (System.nanoTime); origin_epoch_ns is the wall clock read at the origin");
                // How far wall clock and nanoTime moved apart over the trial: the error of placing JFR's
                // wall-clock events on the nanoTime axis (plus < 1 µs of pairing and resolution).
                clock.put(
                        "drift_ns", JfrRecorder.driftNs(origin, epochNanos(originWall), endNano, epochNanos(endWall)));
                result.put("clock", clock);

                long writeStart = System.nanoTime();
                Map<String, Object> written = TrialRecords.write(
                        dir,
                        schedule,
                        spill,
                        new TrialRecords.Options(
                                List.copyOf(w.measure.latency),
                                w.measure.records,
                                w.measure.tracepoints,
                                w.measure.hlogInterval.nanos(),
                                origin,
                                epochNanos(originWall) / 1e6,
                                outputs,
                                sampleEvery,
                                out.count()),
                        acks == null ? null : acks.finish());
                result.put("outputs_recorded", spill.outputsWritten());
                result.put("phases", written.get("phases"));
                result.put("outputs", outputs);
                result.put("links", links(spill));
                result.put("records", w.measure.records);
                if (written.containsKey("trace")) result.put("trace", written.get("trace"));
                if (written.containsKey("timing")) result.put("timing", written.get("timing"));
                result.put("write_parts_ms", written.get("write_parts_ms"));
                if (acks != null) {
                    Map<String, Object> broker = new LinkedHashMap<>();
                    // The producer's settings as the workload gave them (Kafka's own defaults for the rest).
                    broker.put("producer", w.engine.options.getOrDefault("producer", Map.of()));
                    broker.put("acks", acks.count());
                    broker.put("refused", acks.errors());
                    broker.put("ack_writer_waits", acks.waits());
                    if (w.measure.records) broker.putAll(BrokerFigures.compute(dir));
                    result.put("broker", broker);
                }
                result.put("write_ms", (System.nanoTime() - writeStart) / 1e6);
                result.put("errors", errors.summary(origin, w.trial.maxErrors));
                errors.write(dir, origin);
                Stalls.write(dir, origin);
                // Every record is written: a trial failed for its errors keeps them for a look.
                if (errors.count() > w.trial.maxErrors) throw new TrialFailure(errors.failure(w.trial.maxErrors));
            }
        } finally {
            if (sending != null) sending.abandon();
            for (var v : valueFiles) v.close();
        }
    }

    /** The first and last seq of every phase: in capacity mode they are always timed, so each phase's achieved rate is exact. */
    private static long[] phaseEnds(Schedule s) {
        return s.phases.stream()
                .filter(p -> p.count() > 0)
                .flatMapToLong(p -> LongStream.of(p.firstSeq(), p.firstSeq() + p.count() - 1))
                .toArray();
    }

    /** Output chunks in the sink's cycle. */
    static final int OUTPUT_CHUNKS = 8;

    /** How the recorded outputs were linked to inputs, by rule, and how many name another input than the one they are linked to. */
    private static Map<String, Object> links(RecordSpill spill) {
        Map<String, Object> m = new LinkedHashMap<>();
        long[] by = spill.links();
        for (OutputRecords.Link l : OutputRecords.Link.values()) m.put(l.label, by[l.ordinal()]);
        m.put("differing", spill.differing());
        return m;
    }

    /** Waits until no output has arrived for {@code quiet} ns; fails the trial instead of hanging. */
    static long drain(OutputRecords out, long quiet, long timeout) throws InterruptedException {
        long start = System.nanoTime();
        long last = out.count();
        long lastChange = start;
        while (true) {
            Thread.sleep(1);
            long now = System.nanoTime();
            long c = out.count();
            if (c != last) {
                last = c;
                lastChange = now;
            } else if (now - lastChange >= quiet) {
                return lastChange - start;
            }
            if (now - start > timeout) {
                throw new TrialFailure("the engine was still emitting outputs " + (timeout / 1_000_000)
                        + " ms after the last send (trial.drain_timeout)");
            }
        }
    }

    private static long epochNanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
