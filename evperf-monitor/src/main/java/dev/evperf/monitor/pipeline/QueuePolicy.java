package dev.evperf.monitor.pipeline;

import dev.evperf.api.config.Keyword;

/** What a submit does when a pipeline's queue is full ({@code queue.policy}). */
public enum QueuePolicy implements Keyword {
    /** Wait for a free slot: nothing is lost, the producer is held back (and the wait counted). */
    BLOCK,
    /** Refuse the record and count it: the producer is never held back. */
    DROP
}
