package dev.evperf.analysis.spikes;

import java.util.List;

/**
 * Something that overlapped a spike on the trial's axis.
 *
 * @param cause  one of {@link #ORDER}
 * @param detail e.g. the collector phase, the compiled method, "minor faults 23 400/s"
 */
public record Cause(String cause, long startNs, long endNs, String detail) {
    public static final String GC_PAUSE = JvmEvent.GC_PAUSE;
    public static final String SAFEPOINT = JvmEvent.SAFEPOINT;
    public static final String DEOPTIMIZATION = JvmEvent.DEOPTIMIZATION;
    public static final String JIT_COMPILATION = JvmEvent.JIT_COMPILATION;
    public static final String PAGE_FAULTS = "page-faults";
    public static final String FREQUENCY_DROP = "frequency-drop";
    public static final String UNATTRIBUTED = "unattributed";

    /**
     * Causes in the order a spike is attributed to them when several overlap: what stops the
     * sending thread outright (a GC pause, then any other safepoint) before what slows it
     * (deoptimised code, compiler threads competing for the cores), before the machine's own
     * (page faults, a lower clock).
     */
    public static final List<String> ORDER =
            List.of(GC_PAUSE, SAFEPOINT, DEOPTIMIZATION, JIT_COMPILATION, PAGE_FAULTS, FREQUENCY_DROP);

    static int rank(String cause) {
        int i = ORDER.indexOf(cause);
        return i < 0 ? ORDER.size() : i;
    }
}
