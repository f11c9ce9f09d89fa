package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.results.RunFile;
import java.nio.file.Path;
import java.util.List;

/**
 * A part of one trial's report section: it reads the trial through {@link SectionContext#q} and
 * writes its own key of {@link SectionContext#node}. The fields are the context's, by their
 * short names; {@code result} and {@code spec} are read before any part is made.
 */
abstract class Section {
    final SectionContext ctx;
    final Db db;
    final RunFile.Trial trial;
    final Path dir;
    final ReportOptions o;
    final TrialQueries q;
    final ObjectNode node;
    final List<String> notes;
    final JsonNode result;
    final JsonNode spec;

    Section(SectionContext ctx) {
        this.ctx = ctx;
        this.db = ctx.db;
        this.trial = ctx.trial;
        this.dir = ctx.dir;
        this.o = ctx.o;
        this.q = ctx.q;
        this.node = ctx.node;
        this.notes = ctx.notes;
        this.result = ctx.result;
        this.spec = ctx.spec;
    }
}
