package dev.evperf.api;

/**
 * The service each engine adapter provides, found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.evperf.api.EngineFactory}). Adapters depend on this module only.
 */
public interface EngineFactory {

    /**
     * System property holding the directory of the trial running in this JVM, set before the engine
     * opens. Engines that need scratch files (ref's SlideM windows) put them there, so the trial owns
     * them, and remove them on close. Unset outside a trial.
     */
    String TRIAL_DIR = "evperf.trial.dir";

    /** The name a workload uses in {@code engine.name}, e.g. {@code siddhi}. */
    String name();

    /** The engine and version this adapter runs, for the results' environment record. */
    String version();

    /**
     * Compiles the queries and deploys them; the returned engine accepts events at once.
     *
     * @throws EngineException with the engine's own message (and position, when it gives one)
     *                         when the queries do not compile or a stream is unknown
     */
    Engine open(EngineSpec spec) throws EngineException;

    /**
     * Checks that the spec would open, before any trial starts. The default opens and closes
     * the engine, which is what real engines need to compile their queries.
     */
    default void validate(EngineSpec spec) throws EngineException {
        try (Engine engine = open(spec)) {
            for (String output : spec.outputs()) {
                engine.outputFields(output);
            }
        }
    }
}
