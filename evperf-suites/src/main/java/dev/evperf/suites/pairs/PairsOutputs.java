package dev.evperf.suites.pairs;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import dev.evperf.suites.spec.OutputSchema;
import java.util.List;

/** The Pairs streams (seed 001, Figures 7.2 and 7.8) as evperf schemas, fields in this order. */
public final class PairsOutputs {
    public static final String TICK = "StockTick";
    public static final String INDICATOR = "Indicator";
    public static final String ORDER = "MarketOrder";

    public static final StreamSchema TICK_SCHEMA = new StreamSchema(
            TICK,
            List.of(
                    new Field("symbol", FieldType.STRING),
                    new Field("price", FieldType.INT),
                    new Field("size", FieldType.INT),
                    new Field("tickTS", FieldType.LONG),
                    new Field("TS", FieldType.LONG)));

    /** How the generic engine runner reorders an engine's rows: Indicator rows slotted by inputTickTS. */
    public static final OutputSchema INDICATOR_OUTPUT = new OutputSchema(
            INDICATOR,
            List.of(
                    new Field("strategy", FieldType.STRING),
                    new Field("ratio", FieldType.DOUBLE),
                    new Field("avgRatio", FieldType.DOUBLE),
                    new Field("upperBand", FieldType.DOUBLE),
                    new Field("lowerBand", FieldType.DOUBLE),
                    new Field("inputTickTS", FieldType.LONG),
                    new Field("inputTS", FieldType.LONG)),
            "inputTickTS",
            List.of("strategy"));

    public static final OutputSchema ORDER_OUTPUT = new OutputSchema(
            ORDER,
            List.of(
                    new Field("strategy", FieldType.STRING),
                    new Field("type", FieldType.STRING),
                    new Field("symbol", FieldType.STRING),
                    new Field("price", FieldType.INT),
                    new Field("size", FieldType.INT),
                    new Field("inputTickTS", FieldType.LONG),
                    new Field("inputTS", FieldType.LONG)),
            "inputTickTS",
            List.of("strategy", "type"));

    /** Indicator(strategy, ratio, avgRatio, upperBand, lowerBand, inputTickTS, inputTS): the names of its schema. */
    public static final List<String> INDICATOR_FIELDS = names(INDICATOR_OUTPUT);
    /** MarketOrder(strategy, type, symbol, price, size, inputTickTS, inputTS). */
    public static final List<String> ORDER_FIELDS = names(ORDER_OUTPUT);

    private PairsOutputs() {}

    private static List<String> names(OutputSchema schema) {
        return schema.fields().stream().map(Field::name).toList();
    }

    public static Object[] indicator(
            String strategy, double ratio, double avg, double upper, double lower, long tickTS, long ts) {
        return new Object[] {strategy, ratio, avg, upper, lower, tickTS, ts};
    }

    public static Object[] order(
            String strategy, String type, String symbol, int price, int size, long tickTS, long ts) {
        return new Object[] {strategy, type, symbol, price, size, tickTS, ts};
    }
}
