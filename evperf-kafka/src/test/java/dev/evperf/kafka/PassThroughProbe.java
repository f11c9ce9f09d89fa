package dev.evperf.kafka;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineContract;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.core.component.ComponentTimes;
import dev.evperf.core.component.KafkaBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A manual probe, not a test: starts a broker, pushes N StockStream events through the kafka
 * pass-through as fast as one sender can, and prints the broker's times and what the run
 * achieved. {@code java -cp <test class path> dev.evperf.kafka.PassThroughProbe [events] [linger.ms]}.
 * Figures in docs/benchmarks.md come from here, with the command and the machine's state.
 */
public final class PassThroughProbe {
    private PassThroughProbe() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        String linger = args.length > 1 ? args[1] : "5";
        Path dir = Files.createTempDirectory("evperf-probe-");
        KafkaBroker broker = KafkaBroker.start(dir, KafkaBroker.DEFAULT_JVM, List.of(), Duration.ofSeconds(180));
        try {
            Object[][] events = new Object[n][];
            for (int i = 0; i < n; i++) events[i] = EngineContract.stock(i, "S" + (i % 16), i % 1000);
            long[] sendStart = new long[n];
            long[] receipt = new long[n];
            EngineSpec spec = new EngineSpec(
                    List.of(EngineContract.STOCK),
                    "",
                    List.of("OutputStream"),
                    Map.of("bootstrap_servers", broker.address(), "producer", Map.of("linger.ms", linger)));
            long sendSpan;
            long lastReceipt = 0;
            try (Engine engine = new KafkaEngineFactory().open(spec)) {
                engine.subscribe("OutputStream", new OutputListener() {
                    public void onOutput(Object[] row) {}

                    public void onOutput(Object[] row, long receiptNanos, long appendMillis) {
                        receipt[(int) (long) (Long) row[0]] = receiptNanos;
                    }
                });
                InputHandle in = engine.input("StockStream");
                long t0 = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    sendStart[i] = System.nanoTime();
                    in.send(events[i], i, sendStart[i]);
                }
                sendSpan = System.nanoTime() - t0;
                engine.drain(Duration.ofMinutes(5));
            }
            long[] lat = new long[n];
            for (int i = 0; i < n; i++) {
                lat[i] = receipt[i] - sendStart[i];
                lastReceipt = Math.max(lastReceipt, receipt[i]);
            }
            Arrays.sort(lat);
            System.out.printf(Locale.ROOT, "events %d, linger.ms %s%n", n, linger);
            System.out.printf(
                    Locale.ROOT,
                    "send rate %.0f ev/s (one sender, %d events in %.3f s)%n",
                    n * 1e9 / sendSpan,
                    n,
                    sendSpan / 1e9);
            System.out.printf(
                    Locale.ROOT,
                    "through the broker %.0f ev/s (first send start to last receipt %.3f s)%n",
                    n * 1e9 / (lastReceipt - sendStart[0]),
                    (lastReceipt - sendStart[0]) / 1e9);
            System.out.printf(
                    Locale.ROOT,
                    "send start to receipt: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                    lat[n / 2] / 1e6,
                    lat[(int) (n * 0.99)] / 1e6,
                    lat[n - 1] / 1e6);
        } finally {
            broker.close();
            ComponentTimes t = broker.times().get(0);
            System.out.printf(
                    Locale.ROOT,
                    "broker: jvm %.0f ms, started %.0f ms, ready %.0f ms (format %s ms, server %s ms), shutdown %.0f ms%n",
                    t.jvmMs(),
                    t.startedMs(),
                    t.readyMs(),
                    broker.startup().get("format_ms"),
                    broker.startup().get("server_ms"),
                    t.shutdownMs());
        }
    }
}
