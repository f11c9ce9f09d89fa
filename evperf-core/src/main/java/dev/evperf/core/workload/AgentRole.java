package dev.evperf.core.workload;

import dev.evperf.api.config.Keyword;

/** What an agent does in a run over agents ({@code agents.nodes[i].role}). */
public enum AgentRole implements Keyword {
    /** Sends its share of the events on the schedule. */
    DRIVER,
    /** Receives the events (or the engine's outputs) and timestamps their receipt. */
    SINK
}
