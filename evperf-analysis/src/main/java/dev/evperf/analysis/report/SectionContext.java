package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.results.RunFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the parts of one trial's report section share: the trial, its queries, the JSON node they
 * fill and its notes, and the few facts one part finds for a later one (whether the trial is
 * bursty, where the warm-up ends, how many bursts it cut) and the headline figures of the sweep.
 * The parts run in {@link TrialSection#build}'s order.
 */
final class SectionContext {
    final Db db;
    final RunFile.Trial trial;
    final Path dir;
    final ReportOptions o;
    final ObjectMapper mapper;
    final TrialQueries q;
    final ObjectNode node = J.obj();
    final List<String> notes = new ArrayList<>();
    JsonNode result = J.obj();
    JsonNode spec = J.obj();

    /** Found by the bursts part, used by the head-tail and timeline parts. */
    boolean bursty;
    /** End of the detected warm-up (trial axis, ns), drawn on the charts; null when none was found. */
    Long warmUpEndNs;
    /** Measured bursts the warm-up cut left out of every query (0 when nothing was cut). */
    int cutBursts;

    // the headline figures compared across a sweep (TrialSection.Metrics)
    Double meanBurstMs, p50BurstMs, p99BurstMs, maxBurstMs, minBurstMs, p25BurstMs, p75BurstMs;
    Double procP50, procP99, procP999, procMean, e2eP99, schedP99, aOverB1, achievedRate;
    final Map<String, Double[]> jvmTotals = new LinkedHashMap<>();

    SectionContext(Db db, RunFile.Trial trial, Path dir, ReportOptions o, ObjectMapper mapper) {
        this.db = db;
        this.trial = trial;
        this.dir = dir;
        this.o = o;
        this.mapper = mapper;
        this.q = new TrialQueries(db, dir);
    }

    JsonNode readJson(Path f) throws IOException {
        if (!Files.isRegularFile(f)) return J.obj();
        return mapper.readTree(f.toFile());
    }

    int skipBursts() {
        return spec.path("workload").path("measure").path("skip_bursts").asInt(0);
    }

    /** The trial's run on its axis: [0, end of sending and draining], for the JVM events kept. */
    long[] window() {
        long end = result.path("run_ns").asLong(Long.MAX_VALUE / 4)
                + result.path("drain_ns").asLong(0);
        return new long[] {0, end};
    }
}
