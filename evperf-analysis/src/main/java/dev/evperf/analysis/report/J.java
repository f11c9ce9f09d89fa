package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** Small helpers to build the report's JSON: NaN becomes null, numbers are rounded to keep the page small. */
final class J {
    static final JsonNodeFactory F = JsonNodeFactory.instance;

    private J() {}

    static ObjectNode obj() {
        return F.objectNode();
    }

    static ArrayNode arr() {
        return F.arrayNode();
    }

    /** A number rounded to {@code decimals} places, or null for NaN/infinite. */
    static JsonNode num(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return F.nullNode();
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return F.numberNode((long) v);
        return F.numberNode(
                BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN).stripTrailingZeros());
    }

    /** A number with {@code sig} significant digits (at least whole units are kept), or null. */
    static JsonNode sig(double v, int sig) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return F.nullNode();
        if (v == 0) return F.numberNode(0);
        int mag = (int) Math.floor(Math.log10(Math.abs(v)));
        int decimals = Math.max(0, sig - 1 - mag);
        return num(v, Math.min(decimals, 12));
    }

    static ArrayNode nums(double[] v, int sig) {
        ArrayNode a = arr();
        for (double d : v) a.add(sig(d, sig));
        return a;
    }

    /** Fixed decimals, e.g. seconds on the time axis to the µs. */
    static ArrayNode fixed(double[] v, int decimals) {
        ArrayNode a = arr();
        for (double d : v) a.add(num(d, decimals));
        return a;
    }

    static ArrayNode longs(long[] v) {
        ArrayNode a = arr();
        for (long d : v) a.add(d);
        return a;
    }

    /** ns → µs, exact to the ns. */
    static JsonNode us(long ns) {
        return num(ns / 1000.0, 3);
    }

    static JsonNode us(double ns) {
        return num(ns / 1000.0, 3);
    }

    static JsonNode ms(double ns) {
        return num(ns / 1e6, 6);
    }

    static JsonNode s(double ns) {
        return num(ns / 1e9, 9);
    }
}
