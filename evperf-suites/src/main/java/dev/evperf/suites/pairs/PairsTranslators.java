package dev.evperf.suites.pairs;

import dev.evperf.suites.translate.Translation;
import java.util.List;

/**
 * The Pairs translation for an engine by name, or why there is none. Flink's has the Indicator stream
 * only ({@link PairsFlink#ORDERS_UNSUPPORTED}).
 */
public final class PairsTranslators {
    public static final List<String> ENGINES = List.of("siddhi", "esper", "flink", "kafka-streams");

    /**
     * Why Kafka Streams has no translation, not even of Indicator: its one language in evperf is the
     * pipeline language of evperf-kstreams (the Nexmark steps), and Kafka Streams' DSL in Java is user
     * code in the sense of Appendix B.3.
     */
    public static final String KSTREAMS_UNSUPPORTED = "UNSUPPORTED: Kafka Streams has no query language, and"
            + " evperf's pipeline language for it (from, where, select, avg, count, window, join, into) cannot"
            + " express the Indicator stream: select scales a field by a constant but cannot divide or multiply"
            + " two fields (no ratio avg1 / avg2, no squares), window aggregates have no standard deviation and"
            + " no key (one pipeline per symbol, whose window then closes on that symbol's rows only, not on"
            + " another symbol's tick), and there is no count window (the last numPeriods ratios; a time window"
            + " of numPeriods periods differs when a period is empty). Steps doing these in Java would be user"
            + " code (Appendix B.3)";

    private PairsTranslators() {}

    /** @throws IllegalArgumentException for an engine evperf does not know */
    public static Translation translate(String engine, List<PairsStrategy> strategies) {
        return switch (engine) {
            case "siddhi" -> PairsSiddhi.translate(strategies);
            case "esper" -> PairsEsper.translate(strategies);
            case "flink" -> PairsFlink.translate(strategies);
            case "kafka-streams" -> new Translation.Unsupported(engine, KSTREAMS_UNSUPPORTED);
            default -> throw new IllegalArgumentException(
                    engine + " is not an engine (" + String.join(", ", ENGINES) + ")");
        };
    }
}
