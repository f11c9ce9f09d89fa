package dev.evperf.suites.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The aggregate functions of the window tests. STDDEV is the population standard deviation
 * (divisor n, 0 for one value), as Siddhi's stdDev; MEDIAN of an even count is the mean of the two
 * middle values.
 */
public enum Aggregate {
    MAX,
    MIN,
    SUM,
    COUNT,
    AVG,
    STDDEV,
    MEDIAN;

    /** Distributive or algebraic: computable from per-pane partial aggregates (paned windows). */
    public boolean paneable() {
        return this != MEDIAN && this != STDDEV;
    }

    @JsonValue
    public String yamlName() {
        return Specs.yamlName(this);
    }

    @JsonCreator
    public static Aggregate of(String name) {
        return Specs.named(values(), name, "function");
    }
}
