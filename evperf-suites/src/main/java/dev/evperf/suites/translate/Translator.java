package dev.evperf.suites.translate;

import dev.evperf.suites.spec.QuerySpec;

/** Writes query specs in one engine's language. Every factor's text comes from the spec's parameters. */
public interface Translator {

    /** The engine's name, as in {@code engine.name}. */
    String engine();

    Translation translate(QuerySpec spec);
}
