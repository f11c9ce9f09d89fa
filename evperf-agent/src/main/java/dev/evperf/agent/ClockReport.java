package dev.evperf.agent;

import dev.evperf.agent.clock.Anchor;
import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.ProbeWindow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A clock relation as the summary and result.json state it: offset, drift, bound, RTTs, what probing
 * cost, each window's anchor.
 */
final class ClockReport {
    private ClockReport() {}

    /** The summary's line for the relation of agent {@code name} ({@code windows} taken in all). */
    static String line(String name, ClockRelation r, int windows) {
        return String.format(
                "clock %s: offset %+.3f ms, drift %+.1f ± %.1f ppm, bound ± %.1f µs, min RTT %.1f µs (%d of %d probe windows kept)",
                name,
                -r.offset() / 1e6,
                r.driftPpm(),
                r.driftBoundPpm(),
                r.windowBound() / 1e3,
                r.minRtt() / 1e3,
                r.anchors().size(),
                windows);
    }

    /** The relation's node in result.json. */
    static Map<String, Object> of(ClockRelation r, List<ProbeWindow> windows) {
        long[] rtts = windows.stream()
                .flatMapToLong(w -> Arrays.stream(w.rtts()))
                .sorted()
                .toArray();
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("offset_ns", -r.offset());
        n.put("drift_ppm", r.driftPpm());
        n.put("drift_bound_ppm", r.driftBoundPpm());
        n.put("bound_us", r.windowBound() / 1e3);
        n.put("min_rtt_us", r.minRtt() / 1e3);
        n.put("rtt_p50_us", rtts[rtts.length / 2] / 1e3);
        n.put("probes", rtts.length);
        n.put("windows", windows.size());
        n.put("windows_left_out", windows.size() - r.anchors().size());
        // what the probes cost the controller: the wall time of its probing, its thread's CPU time
        n.put("probe_wall_ms", windows.stream().mapToLong(ProbeWindow::wallNs).sum() / 1e6);
        n.put("probe_cpu_ms", windows.stream().mapToLong(ProbeWindow::cpuNs).sum() / 1e6);
        List<Map<String, Object>> anchors = new ArrayList<>();
        for (int i = 0; i < windows.size(); i++) {
            Anchor a = windows.get(i).best().anchor();
            anchors.add(Map.of(
                    "window",
                    windows.get(i).label(),
                    "agent_ns",
                    a.remote(),
                    "controller_ns",
                    a.controller(),
                    "bound_ns",
                    a.bound(),
                    "rtt_ns",
                    a.rtt(),
                    "kept",
                    r.anchors().contains(a)));
        }
        n.put("anchors", anchors);
        return n;
    }
}
