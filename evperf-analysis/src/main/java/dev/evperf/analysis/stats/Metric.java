package dev.evperf.analysis.stats;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The figures {@code evperf compare} tests, each a sample of many values per trial (so a single
 * trial per run is enough for the two-sample tests).
 */
public enum Metric {
    /** send_end − send_start per measured event. */
    EVENT_TIME("event_time", "event processing time", "µs", true),
    /** Time(S_i,*) per measured burst (bursty workloads). */
    BURST_TIME("burst_time", "burst time", "ms", true),
    /** received − intended send time per output of a measured input (coordinated-omission safe). */
    SCHEDULED_LATENCY("scheduled_latency", "scheduled latency", "µs", true),
    /** received − send start per output of a measured input. */
    END_TO_END_LATENCY("end_to_end_latency", "end-to-end latency", "µs", true),
    /** send start − intended send time per measured event. */
    GENERATOR_LAG("generator_lag", "generator lag", "µs", true),
    /** input_rate (send starts per s) of each whole measured interval of intervals.csv. */
    ACHIEVED_RATE("achieved_rate", "achieved rate per interval", "events/s", false);

    private final String key;
    private final String title;
    private final String unit;
    private final boolean lowerIsBetter;

    Metric(String key, String title, String unit, boolean lowerIsBetter) {
        this.key = key;
        this.title = title;
        this.unit = unit;
        this.lowerIsBetter = lowerIsBetter;
    }

    /** snake_case name used in JSON and CSV. */
    @JsonValue
    public String key() {
        return key;
    }

    public String title() {
        return title;
    }

    public String unit() {
        return unit;
    }
    /** True for times and latencies; false for rates (higher is faster). */
    public boolean lowerIsBetter() {
        return lowerIsBetter;
    }
}
