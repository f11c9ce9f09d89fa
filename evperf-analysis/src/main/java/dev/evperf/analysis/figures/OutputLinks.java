package dev.evperf.analysis.figures;

import dev.evperf.results.TrialResult;
import java.util.Locale;
import java.util.Map;

/**
 * How a trial's recorded outputs were linked to the inputs their latency is measured from
 * (result.json "links"): by the input whose send delivered them (send), by an event of the
 * micro-batch being sent that their sequence attribute names (batch), by that batch's last event
 * (batch-last), by the sequence attribute alone for outputs an engine delivered on its own thread
 * (declared), or not at all (none); and how many of them name, in their sequence attribute,
 * another input than the one they are linked to (differing).
 */
public record OutputLinks(long send, long batch, long batchLast, long declared, long none, long differing) {

    /** @return null when the trial recorded no links (an older result.json) */
    public static OutputLinks of(TrialResult r) {
        if (r == null || r.links() == null) return null;
        Map<String, Long> m = r.links();
        return new OutputLinks(
                get(m, "send"),
                get(m, "batch"),
                get(m, "batch-last"),
                get(m, "declared"),
                get(m, "none"),
                get(m, "differing"));
    }

    private static long get(Map<String, Long> m, String key) {
        Long v = m.get(key);
        return v == null ? 0 : v;
    }

    /** The summary's line. */
    public String line() {
        StringBuilder sb = new StringBuilder("outputs linked to their input: ");
        String sep = "";
        for (Object[] kv : new Object[][] {
            {"by the send that delivered them", send},
            {"by the micro-batch's event they name", batch},
            {"by the last event of the micro-batch that delivered them", batchLast},
            {"by their sequence attribute (engine thread)", declared},
            {"not linked (no sequence attribute)", none}
        }) {
            if ((long) kv[1] == 0) continue;
            sb.append(sep).append(kv[1]).append(' ').append(kv[0]);
            sep = ", ";
        }
        if (sep.isEmpty()) sb.append("none recorded");
        sb.append(String.format(Locale.ROOT, "; %d name another input in their sequence attribute", differing));
        return sb.toString();
    }
}
