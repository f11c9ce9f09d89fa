package dev.evperf.analysis.spikes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Spikes and their causes in words, for the report and the console: no maps, no -1 placeholders. */
public final class SpikeText {
    private SpikeText() {}

    /** A cause as a reader says it: "GC pause", "JIT compilation", "no cause found". */
    public static String cause(String cause) {
        return switch (cause) {
            case Cause.GC_PAUSE -> "GC pause";
            case Cause.SAFEPOINT -> "safepoint";
            case Cause.DEOPTIMIZATION -> "deoptimization";
            case Cause.JIT_COMPILATION -> "JIT compilation";
            case Cause.PAGE_FAULTS -> "page faults";
            case Cause.FREQUENCY_DROP -> "CPU frequency drop";
            case Cause.UNATTRIBUTED -> "no cause found";
            default -> cause;
        };
    }

    /**
     * "66 slow events: 60 during a JIT compilation, 3 during a GC pause, 3 with no cause found", the
     * causes that occurred, most first; "no slow events" when there are none.
     */
    public static String byCause(SpikeReport r) {
        String unit = Spike.BURST.equals(r.unit()) ? "slow burst" : "slow event";
        if (r.count() == 0) return "no " + unit + "s";
        List<Map.Entry<String, Integer>> causes = new ArrayList<>(r.byCause().entrySet());
        causes.removeIf(e -> e.getValue() == 0);
        causes.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Integer> e : causes) {
            parts.add(e.getValue()
                    + (Cause.UNATTRIBUTED.equals(e.getKey())
                            ? " with no cause found"
                            : " during a " + cause(e.getKey())));
        }
        return r.count() + " " + unit + (r.count() == 1 ? "" : "s") + " (above " + ms(r.thresholdNs() / 1e6) + " ms): "
                + String.join(", ", parts);
    }

    /** "event 313, 89.186 ms", "event 4012 (burst 4, position 12), 1.250 ms", "burst 4 (from event 4000), 12.300 ms". */
    public static String what(Spike s) {
        String at;
        if (Spike.BURST.equals(s.unit())) {
            at = "burst " + s.burst() + " (from event " + s.seq() + ")";
        } else {
            at = "event " + s.seq()
                    + (s.burst() >= 0 && s.pos() >= 0 ? " (burst " + s.burst() + ", position " + s.pos() + ")" : "");
        }
        return at + ", " + ms(s.timeMs()) + " ms";
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
