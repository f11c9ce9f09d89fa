package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.results.LatencyMode;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The trial over time from intervals.csv: rates, lag and latency per interval. A part of a trial's report section ({@link TrialSection}). */
final class IntervalsSection extends Section {
    IntervalsSection(SectionContext ctx) {
        super(ctx);
    }

    void intervalsPart() throws SQLException {
        Map<String, double[]> iv = q.series().intervals();
        double[] t = iv.get("t_start_s");
        if (t == null || t.length == 0) return;
        List<String> names = new ArrayList<>();
        List<double[]> cols = new ArrayList<>();
        for (String c : new String[] {"target_rate", "intended_rate", "input_rate", "output_rate", "lag_max_ms"}) {
            if (iv.containsKey(c)) {
                names.add(c);
                cols.add(iv.get(c));
            }
        }
        for (LatencyMode m : TrialSection.MODES) {
            String p = m.column();
            for (String s : new String[] {"p50", "p99", "max"}) {
                String c = p + "_" + s + "_us";
                if (iv.containsKey(c)) {
                    names.add(c);
                    cols.add(iv.get(c));
                }
            }
        }
        double[][] ds = Downsample.minMax(t, cols.toArray(double[][]::new), o.maxPoints());
        ObjectNode out = node.putObject("intervals");
        out.set("t", J.fixed(ds[0], 6));
        ObjectNode series = out.putObject("series");
        for (int i = 0; i < names.size(); i++) series.set(names.get(i), J.nums(ds[i + 1], 6));
        if (t.length > o.maxPoints()) out.put("downsampledFrom", t.length);
        // phase starts, named from result.json
        double[] ph = iv.get("phase");
        ArrayNode phases = out.putArray("phases");
        if (ph != null) {
            double last = Double.NaN;
            for (int i = 0; i < ph.length; i++) {
                if (ph[i] != last) {
                    ObjectNode p = phases.addObject();
                    p.set("t", J.num(t[i], 6));
                    JsonNode rp = result.path("phases").path((int) ph[i]);
                    p.put("name", rp.path("name").asText("phase " + (int) ph[i]));
                    p.put("measure", rp.path("measure").asBoolean(true));
                    last = ph[i];
                }
            }
        }
    }
}
