package dev.evperf.monitor.sensors;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * An engine's own gauges ({@code Engine.gauges()}) as sensors that never block the sampler: their
 * readings ask a broker or a cluster over the network (hundreds of ms on a loaded machine), which
 * would delay every other sensor's sample. One daemon thread of low priority reads them all, one
 * after the other, every interval; each sensor returns its gauge's latest reading (NaN before the
 * first), so a sample's time can be up to one interval plus one reading after the gauge was read.
 */
public final class EngineGauges implements AutoCloseable {
    private final List<Sensor> sensors = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    public EngineGauges(Map<String, DoubleSupplier> gauges, long intervalNanos) {
        List<DoubleSupplier> reads = new ArrayList<>();
        List<double[]> latest = new ArrayList<>();
        gauges.forEach((name, read) -> {
            double[] last = {Double.NaN};
            Sensor engine = Sensor.engine(name, read);
            reads.add(engine::sample);
            latest.add(last);
            sensors.add(new Sensor() {
                @Override
                public String uri() {
                    return engine.uri();
                }

                @Override
                public double sample() {
                    synchronized (last) {
                        double v = last[0];
                        last[0] = Double.NaN; // each reading once: a gauge that stops answering shows as a gap
                        return v;
                    }
                }
            });
        });
        thread = new Thread(
                () -> {
                    while (running) {
                        for (int i = 0; i < reads.size() && running; i++) {
                            double v = reads.get(i).getAsDouble();
                            double[] last = latest.get(i);
                            synchronized (last) {
                                last[0] = v;
                            }
                        }
                        try {
                            Thread.sleep(Math.max(1, intervalNanos / 1_000_000));
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "evperf-engine-gauges");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        if (!reads.isEmpty()) thread.start();
    }

    /** The sensors, for the sampler. */
    public List<Sensor> sensors() {
        return sensors;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
