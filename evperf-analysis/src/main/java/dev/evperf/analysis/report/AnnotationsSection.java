package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Annotations from another analysis: spikes and their causes, the warm-up's end. A part of a trial's report section ({@link TrialSection}). */
final class AnnotationsSection extends Section {
    AnnotationsSection(SectionContext ctx) {
        super(ctx);
    }

    void annotationsPart(TrialAnnotations a, String error) {
        ObjectNode n = node.putObject("annotations");
        if (error != null) n.put("error", error);
        if (a == null) {
            n.put("provided", false);
            if (ctx.warmUpEndNs != null) n.set("warmupEndS", J.s(ctx.warmUpEndNs));
            return;
        }
        n.put("provided", a != TrialAnnotations.NONE);
        n.put("total", a.spans().size());
        if (a.note() != null) n.put("note", a.note());
        Long end = a.warmupEndNs() != null ? a.warmupEndNs() : ctx.warmUpEndNs;
        if (end != null) n.set("warmupEndS", J.s(end));
        ArrayNode spans = n.putArray("spans");
        a.spans().stream()
                .sorted((x, y) -> Long.compare(y.endNs() - y.startNs(), x.endNs() - x.startNs()))
                .limit(TrialAnnotations.MAX_LISTED)
                .sorted((x, y) -> Long.compare(x.startNs(), y.startNs()))
                .forEach(sp -> {
                    ObjectNode s = spans.addObject();
                    s.set("startS", J.s(sp.startNs()));
                    s.set("endS", J.s(sp.endNs()));
                    s.put("cause", sp.cause());
                    s.put("detail", sp.detail());
                });
    }
}
