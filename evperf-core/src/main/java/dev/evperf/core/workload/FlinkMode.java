package dev.evperf.core.workload;

import dev.evperf.api.config.Keyword;

/** How evperf starts the Flink cluster of a run ({@code components.flink.mode}). */
public enum FlinkMode implements Keyword {
    /** A JobManager and N TaskManager JVMs, as a Flink installation runs them. */
    STANDALONE,
    /** Flink's MiniCluster in one JVM: quicker to start, the job's tasks share that JVM. */
    MINICLUSTER
}
