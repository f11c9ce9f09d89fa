package dev.evperf.core.engine;

import dev.evperf.api.EngineContract;
import dev.evperf.api.EngineFactory;
import java.util.List;
import java.util.Map;

/**
 * The null engine holds to the same contract as every adapter: every event and field type arrives
 * as sent, inside send, unknown streams are named, ServiceLoader finds it. It has no query language
 * (every output stream receives every input event), so the specs its validation rejects are bad
 * options rather than bad queries.
 */
class NullEngineContractTest extends EngineContract {
    @Override
    public EngineFactory factory() {
        return new NullEngineFactory();
    }

    @Override
    protected String name() {
        return "null";
    }

    @Override
    protected String version() {
        return "evperf null engine";
    }

    @Override
    protected String passThrough() {
        return "";
    }

    @Override
    protected String tradesPassThrough() {
        return "";
    }

    @Override
    protected List<Rejected> rejectedSpecs() {
        return List.of(
                new Rejected(
                        "an unknown option",
                        specOf("", Map.of("service_tme", "1us")),
                        "null: ",
                        List.of("unknown option 'service_tme'", "service_time, error_every, throw_every")),
                new Rejected(
                        "a service time without unit",
                        specOf("", Map.of("service_time", "5")),
                        "null: option service_time: ",
                        List.of("'5' is not a duration")),
                new Rejected(
                        "error_every not a whole number",
                        specOf("", Map.of("error_every", 0)),
                        "null: option error_every",
                        List.of(">= 1")));
    }
}
