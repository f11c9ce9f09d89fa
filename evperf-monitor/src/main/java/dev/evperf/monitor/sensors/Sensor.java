package dev.evperf.monitor.sensors;

/**
 * One measured quantity, named by URI {@code sensor://<source>/<group>/<name>#<instance>}
 * (JPMF). {@link #sample()} is called on the sampler thread only; sensors of rates keep the last
 * raw reading to difference against. NaN means "could not be read this time".
 */
public interface Sensor {
    String uri();

    double sample();

    static String uri(String source, String group, String name, String instance) {
        return "sensor://" + source + "/" + group + "/" + name + (instance == null ? "" : "#" + instance);
    }
}
