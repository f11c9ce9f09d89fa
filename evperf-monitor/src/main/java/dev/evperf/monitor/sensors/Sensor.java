package dev.evperf.monitor.sensors;

import java.util.function.DoubleSupplier;

/**
 * One measured quantity, named by URI {@code sensor://<source>/<group>/<name>#<instance>}
 * (JPMF). {@link #sample()} is called on the sampler thread only; sensors of rates keep the last
 * raw reading to difference against. NaN means "could not be read this time".
 */
public interface Sensor {
    String uri();

    double sample();

    /** An engine's own gauge ({@code Engine.gauges()}) as {@code sensor://engine/<name>}; NaN when reading it throws. */
    static Sensor engine(String name, DoubleSupplier read) {
        String uri = "sensor://engine/" + name;
        return new Sensor() {
            @Override
            public String uri() {
                return uri;
            }

            @Override
            public double sample() {
                try {
                    return read.getAsDouble();
                } catch (RuntimeException e) {
                    return Double.NaN;
                }
            }
        };
    }

    static String uri(String source, String group, String name, String instance) {
        return "sensor://" + source + "/" + group + "/" + name + (instance == null ? "" : "#" + instance);
    }
}
