package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.api.StreamSchema;
import dev.evperf.api.channel.LogChannels;
import dev.evperf.api.jvm.LiveHeap;
import dev.evperf.api.trace.Tracer;
import dev.evperf.core.data.CsvSource;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.data.LiveData;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.LiveSupply;
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
import dev.evperf.monitor.sensors.EngineGauges;
import dev.evperf.monitor.sensors.ProcessCpu;
import dev.evperf.monitor.sensors.SensorSampler;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Runs one trial inside its own JVM: prepare (pool, schedule counts, engine, the first chunks of the
 * schedule), send on the schedule, drain, then turn the records written during the run into the
 * trial directory's files. Only the send loop is timed; it allocates nothing but the events it
 * sends, and the schedule and records pass through a fixed number of chunks on other threads.
 */
public final class TrialRunner {
    private final Path dir;
    private final TrialResult.Draft result = new TrialResult.Draft();
    private Pipelines pipelines;
    /** The run's component JVMs by name (engines behind Kafka), whose CPU is recorded with the trial's. */
    private Map<String, Long> componentPids = Map.of();

    public TrialRunner(Path dir) {
        this.dir = dir;
    }

    /** Runs the trial and records its result; never throws. @return the process exit code */
    public int runAndRecord() {
        result.status = "running";
        // SIGTERM (the controller stopping its run, or anyone) ends this JVM through its shutdown hooks:
        // result.json then says the trial was stopped, with what it knew by then, instead of being missing.
        Runtime.getRuntime().addShutdownHook(new Thread(this::recordStopped, "evperf-trial-stopped"));
        try {
            run();
            result.status = "ok";
            result.reason = null;
            return 0;
        } catch (Throwable t) {
            result.status = "failed";
            result.reason = reason(t);
            return 1;
        } finally {
            writeResult(result.result());
        }
    }

    private boolean written;

    /** Writes result.json once: whichever of the trial's end and a signal comes first. */
    private synchronized void writeResult(TrialResult content) {
        if (written) return;
        written = true;
        try {
            Json.write(dir.resolve(Layout.RESULT_JSON), content);
        } catch (Throwable t) {
            System.err.println("evperf trial: cannot write result.json: " + t);
        }
    }

    private void recordStopped() {
        // what the trial knew by then; the trial's own thread may still be filling in the rest
        result.status = "interrupted";
        result.reason = "the trial JVM was stopped by a signal (SIGTERM or SIGINT) before the trial ended";
        writeResult(result.result());
    }

    static String reason(Throwable t) {
        if (t instanceof TrialFailure || t instanceof EngineException) return t.getMessage();
        return t.getClass().getName() + (t.getMessage() != null ? ": " + t.getMessage() : "");
    }

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
                result.pipelines = Json.MAPPER.valueToTree(pipelines.stats());
            }
            LogChannels.install(null);
            channels.close();
            if (jfr != null) jfr.close();
        }
        if (jfr != null) {
            TrialResult.Clock clock = result.clock;
            if (clock != null) {
                result.jvm = Json.MAPPER.valueToTree(jfr.place(dir, clock.originNanotime(), clock.originEpochNs()));
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
        long index = RecordSpill.indexBytes(n, chunkRows, schedule.batched(), capacity, outRows);
        long need = MemoryNeed.bytes(
                EventSupply.CHUNKS, chunkRows, schema.size(), schedule.batched(), OUTPUT_CHUNKS, outRows, index);
        result.heapNeedBytes = need;
        MemoryNeed.check(need, Runtime.getRuntime().maxMemory());
        SpecFeed feed = SpecFeed.of(w, n);
        // Live data: a generator makes the events while the run goes, a ring ahead of the senders (no pool).
        LiveSupply liveSupply = LiveData.feed(schema, seqIndex, w.data.get(stream), senders, stream);
        Object[][] pool = feed != null
                ? feed.pool()
                : liveSupply != null ? null : EventPool.build(schema, seqIndex, w.data.get(stream), baseDir, stream);
        if (pool != null) EventPool.contiguous(pool);

        // On before the engine opens: its tracepoints register while its queries compile.
        if (w.measure.tracepoints) Tracer.enable(w.measure.traceCapacity);
        EngineFactory factory = Engines.get(w.engine.name);
        result.engine = factory.name();
        result.engineVersion = factory.version();
        List<String> outputs = new ArrayList<>(w.engine.outputs.keySet());
        Senders sending = null;
        List<OutputValues> valueFiles = new ArrayList<>();
        // What the engine holds is measured against the heap before it opens (events already made).
        Long heapBeforeOpen = w.measure.retainedHeap ? LiveHeap.usedAfterGc() : null;
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
            result.outputDelivery = delivery.name().toLowerCase().replace('_', '-');
            // Outputs delivered inside a send are linked to the input being sent; others by the declared attribute.
            boolean bySend = engine.deliversOnSendingThread();
            result.outputLink = bySend ? "delivering input (send, batch, batch-last)" : "declared sequence attribute";
            result.senders = senders;
            // Capacity mode: 1 in sampleEvery sends timed (and each phase's first and last), the rest untimed.
            int sampleEvery = w.measure.timing == Timing.SAMPLED ? w.measure.sample : 0;
            out.sample(sampleEvery);
            EventMaker maker = liveSupply != null
                    ? new EventMaker(liveSupply, seqIndex)
                    : feed != null ? feed.maker(seqIndex) : new EventMaker(pool, seqIndex);
            CpuPinning pinning = CpuPinning.of(w.trial.cpus, componentPids);
            sending = new Senders(senders, input, maker, origin, w.measure.tracepoints, errors, pinning);
            for (int i = 0; i < outputs.size(); i++) {
                String o = outputs.get(i);
                ToLongFunction<Object[]> cause = OutputCause.of(w, feed, o, engine.outputFields(o));
                if (feed != null && !bySend && feed.windowCause(engine.outputFields(o)) != null)
                    result.outputLink = "declared sequence attribute; window rows: the event that closed the window";
                OutputListener listener = out.listener(i, cause, delivery, oneThread ? sending.state(0) : null, bySend);
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
                    RecordSpill spill = new RecordSpill(
                            dir, out, TrialRecords.measured(schedule), w.measure.records, sampleEvery > 0);
                    EventSupply supply = new EventSupply(
                            schedule.cursor(0),
                            schedule.batched(),
                            schedule.largestBatch(),
                            senders,
                            maker,
                            input,
                            spill::sent,
                            chunkRows,
                            EventSupply.CHUNKS);
                    LiveSupply liveRings = liveSupply) {
                if (acks != null) engine.subscribeAcks(acks);
                if (sampleEvery > 0) supply.sample(sampleEvery, schedule.phaseEnds());
                spill.start(supply);
                // The run starts with every chunk filled (and every batch prepared in the engine's form).
                if (liveRings != null) liveRings.start();
                supply.prefill();
                // Before the sender threads start: they move themselves to their own CPUs after the rest moved.
                if (pinning != null) pinning.pinRest();
                sending.start(supply);
                result.prepareMs = (System.nanoTime() - prepStart) / 1e6;
                // The engine's own figures (consumer lag, Flink's and Kafka Streams' metrics), read off the sampler's
                // thread.
                var gauges = w.measure.sensors.enabled
                        ? new EngineGauges(engine.gauges(), w.measure.sensors.interval.nanos())
                        : null;
                SensorSampler sensors = w.measure.sensors.enabled
                        ? new SensorSampler(
                                w.measure.sensors,
                                dir,
                                origin,
                                w.measure.sensors.pipeline == null ? null : pipelines.get(w.measure.sensors.pipeline),
                                componentPids,
                                gauges.sensors())
                        : null;
                // Preparation made garbage; collect it now so that it is not collected during the timed loop.
                long heapBeforeRun = LiveHeap.usedAfterGc();

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
                // The live monitor is closed: the senders' last chunks go with the others after the run
                // (EventSupply.release), so the figures computed then have their heap.
                for (var st : sending.states()) st.chunk = null;
                result.disturbance = Descheduling.summary(Stalls.summary(), stealAtStart);
                if (pinning != null) pinning.record(result);
                // The engine's own end of input first (end markers through an engine behind a broker), then quiet.
                long engineDrain = System.nanoTime();
                engine.drain(Duration.ofNanos(w.trial.drainTimeout.nanos()));
                result.engineDrainNs = System.nanoTime() - engineDrain;
                Map<String, Object> figures = engine.figures();
                if (!figures.isEmpty()) result.engineFigures = Json.MAPPER.valueToTree(figures);
                long drainNs = QuietDrain.await(out, w.trial.drainQuiet.nanos(), w.trial.drainTimeout.nanos());
                if (cpu != null) result.cpu = Json.MAPPER.valueToTree(cpu.end(n));
                if (sensors != null) {
                    sensors.close();
                    gauges.close();
                    result.sensors = Json.MAPPER.valueToTree(sensors.summary());
                }
                long endNano = System.nanoTime();
                Instant endWall = Instant.now();
                // After the measured run, before the engine closes: what the run left live (not timed).
                if (LiveHeap.explicitGcCollects()) {
                    result.heapAfterGc = ResultFigures.heapAfterGc(heapBeforeOpen, heapBeforeRun, behindBroker);
                }

                result.eventsSent = n;
                if (schedule.batched()) result.inputBatches = supply.batchesMade();
                result.outputsReceived = out.count();
                if (out.outputBatches() > 0) {
                    result.outputBatches = new TrialResult.OutputBatches(
                            out.outputBatches(),
                            out.batchedOutputs(),
                            out.batchedOutputs() / (double) out.outputBatches(),
                            out.largestOutputBatch());
                }
                result.harnessWaits = ResultFigures.harnessWaits(schedule, supply, liveRings, out);
                result.runNs = sendDone - origin;
                result.drainNs = drainNs;
                result.clock = ResultFigures.clock(origin, originWall, endNano, endWall);

                long writeStart = System.nanoTime();
                TrialRecords.Written written = TrialRecords.write(
                        dir,
                        schedule,
                        spill,
                        new TrialRecords.Options(
                                List.copyOf(w.measure.latency),
                                w.measure.records,
                                w.measure.tracepoints,
                                w.measure.hlogInterval.nanos(),
                                origin,
                                ResultFigures.epochNanos(originWall) / 1e6,
                                outputs,
                                sampleEvery,
                                out.count(),
                                senders),
                        acks == null ? null : acks.finish());
                result.outputsRecorded = spill.outputsWritten();
                result.phases = written.phases();
                result.outputs = outputs;
                result.links = ResultFigures.links(spill);
                result.records = w.measure.records;
                result.trace = written.trace() == null ? null : Json.MAPPER.valueToTree(written.trace());
                result.timing = written.timing();
                result.writePartsMs = written.writePartsMs();
                if (acks != null) result.broker = Json.MAPPER.valueToTree(ResultFigures.broker(w, acks, dir));
                result.writeMs = (System.nanoTime() - writeStart) / 1e6;
                result.errors = errors.summary(origin, w.trial.maxErrors);
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

    /** Output chunks in the sink's cycle. */
    static final int OUTPUT_CHUNKS = 8;
}
