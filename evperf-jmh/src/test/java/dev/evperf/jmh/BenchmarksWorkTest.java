package dev.evperf.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs each benchmark body twice outside JMH (no timing), with the same setup and checks, so that
 * the build catches a benchmark that no longer does its work (e.g. an engine that stops emitting).
 */
class BenchmarksWorkTest {

    @ParameterizedTest
    @ValueSource(strings = {"SENDING_THREAD", "ANY_THREAD", "SENDING_THREAD_SEND_END"})
    void driverLoopVariantsDeliverEveryEvent(String delivery) throws Exception {
        DriverLoopBenchmark b = new DriverLoopBenchmark();
        DriverLoopBenchmark.Events ev = new DriverLoopBenchmark.Events();
        ev.prepare();

        DriverLoopBenchmark.WithRecords rec = new DriverLoopBenchmark.WithRecords();
        rec.delivery = delivery;
        rec.open();
        for (int i = 0; i < 2; i++) {
            rec.refill();
            assertThat(b.driverWithRecords(rec)).isEqualTo(DriverLoopBenchmark.BATCH);
            rec.check();
        }
        rec.close();

        DriverLoopBenchmark.Counting counting = new DriverLoopBenchmark.Counting();
        counting.open();
        for (int i = 0; i < 2; i++) {
            assertThat(b.plainLoopCounting(ev, counting)).isEqualTo(DriverLoopBenchmark.BATCH);
            counting.check();
            assertThat(b.plainLoopSendTime(ev, counting)).isEqualTo(DriverLoopBenchmark.BATCH);
            counting.check();
        }
        counting.close();

        DriverLoopBenchmark.DriverCounting dc = new DriverLoopBenchmark.DriverCounting();
        dc.open();
        for (int i = 0; i < 2; i++) {
            dc.refill();
            assertThat(b.driverCountingOnly(dc)).isEqualTo(DriverLoopBenchmark.BATCH);
            dc.check();
        }
        dc.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"built", "contiguous"})
    void poolLayoutSendsEachBatchOfDistinctEvents(String layout) throws Exception {
        PoolLayoutBenchmark b = new PoolLayoutBenchmark();
        PoolLayoutBenchmark.Loop loop = new PoolLayoutBenchmark.Loop();
        loop.layout = layout;
        loop.events = 3 * PoolLayoutBenchmark.BATCH;
        loop.build();
        try {
            for (int i = 0; i < 4; i++) {
                loop.ready();
                // The supply numbers each batch from 0; the last event sent is the batch's last.
                assertThat(b.send(loop)).isEqualTo(PoolLayoutBenchmark.BATCH - 1);
            }
            assertThat(loop.next).isEqualTo(PoolLayoutBenchmark.BATCH); // wrapped after the third batch
        } finally {
            loop.close();
        }
    }

    @org.junit.jupiter.api.Test
    void waitersReturnAtOrAfterTheDueTime() {
        WaiterBenchmark w = new WaiterBenchmark();
        w.waitNs = 2000;
        long before = System.nanoTime();
        assertThat(w.waiter()).isGreaterThanOrEqualTo(before + 2000);
        assertThat(w.waiterWithoutStallCheck()).isGreaterThanOrEqualTo(before + 2000);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "siddhi,trial",
        "siddhi,send-end",
        "siddhi,capacity",
        "esper,trial",
        "esper,send-end",
        "esper,capacity"
    })
    void harnessShareVariantsDoTheSameEngineWork(String engine, String receipt) throws Exception {
        HarnessShareBenchmark b = new HarnessShareBenchmark();

        HarnessShareBenchmark.Raw raw = new HarnessShareBenchmark.Raw();
        raw.engine = engine;
        raw.open();
        try {
            for (int i = 0; i < 2; i++) {
                raw.next(); // checks the previous invocation's output count
                b.raw(raw);
            }
            raw.next();
        } finally {
            raw.close();
        }

        HarnessShareBenchmark.Evperf evperf = new HarnessShareBenchmark.Evperf();
        evperf.engine = engine;
        evperf.receipt = receipt;
        evperf.open();
        try {
            for (int i = 0; i < 2; i++) {
                evperf.next();
                assertThat(b.evperf(evperf)).isEqualTo(HarnessShareBenchmark.BATCH);
            }
            evperf.next();
        } finally {
            evperf.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "siddhi"})
    void bothEventSuppliesSendEveryEvent(String engine) throws Exception {
        SupplyBenchmark b = new SupplyBenchmark();
        SupplyBenchmark.Sending s = new SupplyBenchmark.Sending();
        s.engine = engine;
        s.open();
        try {
            for (int i = 0; i < 2; i++) {
                assertThat(b.sendTime(s)).isEqualTo((2L * i + 1) * SupplyBenchmark.BATCH);
                assertThat(b.ring(s)).isEqualTo((2L * i + 2) * SupplyBenchmark.BATCH);
                s.check();
            }
        } finally {
            s.close();
        }
    }

    /** Each chain's body 30 000 times; the records reaching each sink are counted exactly. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "none",
                "speedlimit",
                "speedlimit_drop_all",
                "initial_drop",
                "filter",
                "filter_drop_all",
                "filter_and",
                "tee",
                "full"
            })
    void pipelineChainsPassExactlyTheRecordsTheirStagesDefine(String chain) throws Exception {
        PipelineBenchmark b = new PipelineBenchmark();
        PipelineBenchmark.Chain s = new PipelineBenchmark.Chain();
        s.chain = chain;
        s.capacity = 65536;
        s.open();
        int n = 30_000;
        for (int k = 0; k < n; k++) b.submit(s);
        s.close(); // drains; checks no queue drop and every record back in the pool
        long main = 0;
        long other = 0;
        long passedSpeedLimit = 0;
        for (long i = 0; i < n; i++) {
            boolean upper = (i & 1023) >= 512;
            switch (chain) {
                case "none" -> main++;
                case "speedlimit" -> main += i % 10 == 0 ? 1 : 0;
                case "speedlimit_drop_all" -> main += i == 0 ? 1 : 0;
                case "initial_drop" -> main += i >= 1000 ? 1 : 0;
                case "filter", "filter_and" -> main += upper ? 1 : 0;
                case "filter_drop_all" -> {}
                case "tee" -> {
                    main++;
                    other++;
                }
                case "full" -> {
                    if (i % 10 == 0 && passedSpeedLimit++ >= 1000 && upper) {
                        main++;
                        other++;
                    }
                }
                default -> throw new AssertionError(chain);
            }
        }
        assertThat(s.i).isEqualTo(n);
        assertThat(s.pipelines.stats().get("main").processed()).isEqualTo(main);
        assertThat(s.pipelines.stats().get("other").processed()).isEqualTo(other);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "null",
                "identity-null",
                "downsample64-null",
                "xoy-dropped",
                "xoy1of64-zstd",
                "counter-single",
                "counter-multi",
                "first-last",
                "buffered-none",
                "buffered-lz4",
                "buffered-zstd"
            })
    void channelRecordBodiesLogThroughTheirHandler(String handler) throws Exception {
        ChannelBenchmark b = new ChannelBenchmark();
        ChannelBenchmark.Steady s = new ChannelBenchmark.Steady();
        s.handler = handler;
        s.open();
        for (int i = 0; i < 130; i++) {
            b.record(s);
        }
        s.close();
        long written = s.channel.recordsWritten();
        switch (handler) {
            case "buffered-none":
            case "buffered-lz4":
            case "buffered-zstd":
                assertThat(written).isEqualTo(130);
                break;
            case "xoy1of64-zstd":
                assertThat(written).isEqualTo(3); // ids 0, 64, 128
                break;
            default:
                assertThat(written).isZero(); // xoy-dropped keeps none; the others end in null
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"buffered-none", "buffered-lz4", "buffered-zstd"})
    void channelBurstBodiesWriteEveryRecord(String handler) throws Exception {
        ChannelBenchmark b = new ChannelBenchmark();
        ChannelBenchmark.Drained s = new ChannelBenchmark.Drained();
        s.handler = handler;
        s.open();
        for (int i = 0; i < 2; i++) {
            s.drain();
            b.recordBurst(s);
        }
        s.close(); // fails if the logging thread had to wait for the writer
        assertThat(s.channel.recordsWritten()).isEqualTo(2L * ChannelBenchmark.BURST);
    }

    @org.junit.jupiter.api.Test
    void traceUtilBaselinePushesATripletWithItsCaller() {
        ChannelBenchmark b = new ChannelBenchmark();
        ChannelBenchmark.TraceState s = new ChannelBenchmark.TraceState();
        s.clear();
        b.traceUtilBaseline(s);
        b.traceUtilBaseline(s);
        assertThat(ChannelBenchmark.TraceUtil.STACK).hasSize(2);
        ChannelBenchmark.TraceUtil.Triplet top = ChannelBenchmark.TraceUtil.STACK.peek();
        assertThat(top.id).isEqualTo(1);
        assertThat(top.where.getMethodName()).isEqualTo("traceUtilBaseline");
        assertThat(top.time).isPositive();
        s.clear();
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "lz4", "none"})
    void channelThroughputBodyWritesEveryRecord(String compression) throws Exception {
        ChannelThroughputBenchmark b = new ChannelThroughputBenchmark();
        ChannelThroughputBenchmark.Run r = new ChannelThroughputBenchmark.Run();
        r.compression = compression;
        r.level = 1;
        r.dir();
        r.open();
        b.logThenDrain(r);
        assertThat(r.channel.recordsWritten()).isEqualTo(ChannelThroughputBenchmark.RECORDS);
        r.check(); // reads the file back: every record, end marker
        r.report();
    }

    @ParameterizedTest
    @ValueSource(strings = {"copy", "zstd1", "zstd-1", "zstd-3", "lz4"})
    void compressBodiesCompress(String codec) {
        ChannelCompressBenchmark b = new ChannelCompressBenchmark();
        ChannelCompressBenchmark.Block blk = new ChannelCompressBenchmark.Block();
        blk.codec = codec;
        blk.fill();
        int n = b.compressBlock(blk);
        assertThat(n).isPositive();
        if (!codec.equals("copy")) {
            assertThat(n).isLessThan(ChannelCompressBenchmark.RECORDS * 24 / 2);
        }
        blk.close();
    }

    /**
     * Each instrumentation's monitored call 100 times at 50 µs: the call takes at least the busy
     * wait, and the probe's records reach the channel (every entry and exit in the file of a
     * buffered one; the switched-off ones keep nothing, and none opens no channel).
     */
    @ParameterizedTest
    @ValueSource(strings = {"none", "null", "identity", "buffered", "compressed"})
    void instrumentedMethodBusyWaitsAndLogsEntryAndExit(String instrumentation) throws Exception {
        InstrumentedMethodBenchmark b = new InstrumentedMethodBenchmark();
        InstrumentedMethodBenchmark.Monitored s = new InstrumentedMethodBenchmark.Monitored();
        s.busyWaitMicros = 50;
        s.instrumentation = instrumentation;
        s.open();
        int calls = 100;
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            assertThat(b.monitoredCall(s) - start).isGreaterThanOrEqualTo(50_000); // the wait's last clock reading
        }
        if (instrumentation.equals("none")) {
            assertThat(s.channel).isNull();
            s.close();
            return;
        }
        assertThat(s.trace).isEqualTo(calls);
        s.close();
        String handler = s.channel.config().path("handler").asText();
        switch (instrumentation) {
            case "null", "identity" -> {
                assertThat(handler).isEqualTo(instrumentation);
                assertThat(s.channel.recordsWritten()).isZero();
            }
            case "buffered", "compressed" -> {
                assertThat(handler).isEqualTo("buffered");
                assertThat(s.channel.config().path("compression").asText())
                        .isEqualTo(instrumentation.equals("buffered") ? "none" : "zstd");
                assertThat(s.channel.recordsWritten()).isEqualTo(2L * calls);
            }
            default -> throw new AssertionError(instrumentation);
        }
    }

    /** The busy wait alone: at least the asked time, and a zero wait still reads the clock. */
    @org.junit.jupiter.api.Test
    void monitoredMethodWaitsAtLeastItsTime() {
        for (long nanos : new long[] {0, 1_000, 10_000, 100_000}) {
            long start = System.nanoTime();
            long last = InstrumentedMethodBenchmark.monitoredMethod(nanos);
            assertThat(last - start).isGreaterThanOrEqualTo(nanos);
        }
    }

    @org.junit.jupiter.api.Test
    void validationChecksEveryOutput() {
        ValidationBenchmark b = new ValidationBenchmark();
        for (String spec : new String[] {
            "{test: filter, projected: 1}", "{test: count_window, function: avg, rows: 1000, stream: {max_id: 100}}"
        }) {
            b.spec = spec;
            b.events = 20_000;
            b.engineRows();
            for (int i = 0; i < 2; i++) {
                assertThat(b.check().correct()).isEqualTo(20_000);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void nexmarkGeneratorMakesTheDataMix() {
        NexmarkGeneratorBenchmark b = new NexmarkGeneratorBenchmark();
        b.data = "{}";
        b.generator();
        int bids = 0;
        for (int i = 0; i < 50; i++) {
            Object[] e = b.event();
            assertThat(e[0]).isEqualTo((long) i);
            bids += e.length == 8 ? 1 : 0;
        }
        assertThat(bids).isEqualTo(46);
    }
}
