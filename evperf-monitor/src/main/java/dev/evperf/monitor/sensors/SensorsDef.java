package dev.evperf.monitor.sensors;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.evperf.api.config.Dur;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The {@code measure.sensors:} section of a workload, bound by Jackson: interval, virtual sensors
 * (sum or avg of sensors) and aliases (new names). It lives beside {@link SensorSampler} so that the
 * sampler and its configuration change together; core's workload only holds it.
 */
public final class SensorsDef {
    public boolean enabled = true;
    public Dur interval = Dur.parse("100ms");
    /** Name → {sum: [uri, …]} or {avg: [uri, …]}; stored as sensor://virtual/NAME. */
    public LinkedHashMap<String, VirtualDef> virtual = new LinkedHashMap<>();
    /** New name → sensor URI: the sensor's series is stored under the new name. */
    public LinkedHashMap<String, String> aliases = new LinkedHashMap<>();
    /**
     * Also submit every sample into this monitoring pipeline (of the workload's pipelines):
     * timestamp = t_ns on the trial's axis, id = the sensor's index (result.json sensors.ids),
     * value = the value in thousandths, source = the sensor's index.
     */
    public String pipeline;

    /** Exactly one of the two lists is set. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class VirtualDef {
        public List<String> sum;
        public List<String> avg;
    }

    /**
     * Checks what binding cannot: the interval and every sensor URI.
     *
     * @throws IllegalArgumentException one line: {@code measure.sensors.<field>: <what>}
     */
    public void validate() {
        if (interval == null || interval.nanos() < 1_000_000) fail("measure.sensors.interval", "expected 1ms or more");
        virtual.forEach((name, v) -> {
            String f = "measure.sensors.virtual." + name;
            if (v == null || (v.sum == null) == (v.avg == null))
                fail(f, "expected either sum or avg, with a list of sensor URIs");
            for (String uri : v.sum != null ? v.sum : v.avg) sensorUri(uri, f);
        });
        aliases.forEach((alias, uri) -> sensorUri(uri, "measure.sensors.aliases." + alias));
    }

    private static void sensorUri(String uri, String field) {
        if (uri == null || !uri.matches("sensor://[a-z0-9_]+/[a-z0-9_]+/[A-Za-z0-9_]+(#[A-Za-z0-9_.-]+)?")) {
            fail(field, "'" + uri + "' is not a sensor URI; expected sensor://<source>/<group>/<name>#<instance>");
        }
    }

    private static void fail(String field, String what) {
        throw new IllegalArgumentException(field + ": " + what);
    }
}
