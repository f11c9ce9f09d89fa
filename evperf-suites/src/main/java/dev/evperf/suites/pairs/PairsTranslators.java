package dev.evperf.suites.pairs;

import dev.evperf.suites.translate.Translation;
import java.util.List;

/**
 * The Pairs translation for an engine by name, or why there is none. Flink's has the Indicator stream
 * only ({@link PairsFlink#ORDERS_UNSUPPORTED}).
 */
public final class PairsTranslators {
    public static final List<String> ENGINES = List.of("siddhi", "esper", "flink", "kafka-streams");

    private PairsTranslators() {}

    /** @throws IllegalArgumentException for an engine evperf does not know */
    public static Translation translate(String engine, List<PairsStrategy> strategies) {
        return switch (engine) {
            case "siddhi" -> PairsSiddhi.translate(strategies);
            case "esper" -> PairsEsper.translate(strategies);
            case "flink" -> PairsFlink.translate(strategies);
            case "kafka-streams" -> new Translation.Unsupported(
                    engine,
                    "not translated yet: Kafka Streams has no query"
                            + " language; its DSL in Java is user code in the sense of Appendix B.3");
            default -> throw new IllegalArgumentException(
                    engine + " is not an engine (" + String.join(", ", ENGINES) + ")");
        };
    }
}
