package dev.evperf.suites.translate;

import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** A translator that handles every kind of query (one visitor method each) for one engine. */
abstract class SpecTranslator implements Translator, QuerySpec.Visitor<Translation> {
    private final String engine;

    SpecTranslator(String engine) {
        this.engine = engine;
    }

    @Override
    public final String engine() {
        return engine;
    }

    @Override
    public final Translation translate(QuerySpec spec) {
        return spec.accept(this);
    }

    /** Queries over the spec's inputs; empty notes are left out. */
    final Translation queries(
            QuerySpec spec, String text, List<OutputSchema> outputs, Map<String, Object> options, String... notes) {
        return new Translation.Queries(
                engine,
                spec.inputs(),
                text,
                outputs,
                options,
                Arrays.stream(notes).filter(n -> !n.isEmpty()).toList());
    }

    final Translation unsupported(String reason) {
        return new Translation.Unsupported(engine, reason);
    }
}
