package dev.evperf.core.component;

/**
 * How long one component JVM took, in milliseconds on the starter's {@code System.nanoTime()}
 * unless said otherwise; null where the step did not happen (a component still running has no
 * shutdown time).
 *
 * @param name       the component and its role, e.g. {@code kafka-broker}, {@code flink-taskmanager-2}
 * @param pid        the JVM's process id, for per-process CPU from procfs
 * @param jvmMs      the JVM's own start-up until its main began, as the child measured it (its uptime)
 * @param startedMs  launch (just before the process was spawned) until the child said its main began
 * @param readyMs    launch until the component served requests (its readiness probe succeeded)
 * @param shutdownMs stop requested (SIGTERM) until the process had exited
 * @param exitCode   the process's exit code, once it exited
 */
public record ComponentTimes(
        String name, long pid, Double jvmMs, Double startedMs, Double readyMs, Double shutdownMs, Integer exitCode) {}
