package dev.evperf.analysis.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.evperf.analysis.stats.JsonSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A service execution model (Kristiansen et al.) with the time dimension the seed-000 thesis
 * found missing, as written to model.json by {@code evperf model}:
 * <ul>
 * <li>{@link #signatures}: the trial's cases (one per event, its tracepoint records ordered by
 *     time) clustered by their sequence of tracepoint names; per signature, each segment (from
 *     one tracepoint to the next) has a fitted duration distribution overall and per context
 *     cell;</li>
 * <li>{@link #cells}: the context cells (idle time before the burst × position in the burst, see
 *     {@link Context}) with their case counts, signature mix, event-time distribution and the
 *     gap before the event (send start − previous send end, inside a burst).</li>
 * </ul>
 * A burst of n events after idle time I is predicted as Σ_pos [Σ_sig P(sig | cell) Σ_seg mean(seg | sig, cell)]
 * + Σ_{pos ≥ 1} mean gap(cell), cell = (I, pos), summing only the segments inside the send
 * (driver.send-start … driver.send-end); see {@link ModelCheck}.
 */
public record ServiceModel(
        String format,
        Source source,
        Context context,
        List<Signature> signatures,
        List<Cell> cells,
        Dist eventTime,
        Dist gap,
        List<String> notes) {
    public static final String FORMAT = "evperf-model/1";

    /**
     * Where the model comes from.
     *
     * @param cases          cases in the trace
     * @param casesUsed      cases in the model: measured events, after the warm-up unless kept
     * @param warmUpSkippedBursts measured bursts left out as warm-up (null when the warm-up was kept or the profile has no bursts)
     * @param bursts         bursts the model's cases come from
     * @param lostRecords    trace records the trial lost to full buffers (from result.json), null when unknown
     */
    public record Source(
            String run,
            String trial,
            String dir,
            String engine,
            int cases,
            int casesUsed,
            Integer warmUpSkippedBursts,
            Long warmUpEndNs,
            int bursts,
            Long lostRecords) {}

    /**
     * @param id       S1, S2, … by decreasing case count
     * @param points   tracepoint names in time order
     * @param share    cases / casesUsed
     * @param sendSpan the segments inside the send, summed per case (µs): what adds up to the event time
     */
    public record Signature(
            String id, List<String> points, int cases, double share, List<Segment> segments, Dist sendSpan) {}

    /**
     * @param index       the segment's index in the signature (points[index] → points[index + 1])
     * @param inSendSpan  between driver.send-start and driver.send-end, so part of the event time
     * @param checkMultimodal the overall distribution may be multimodal ({@link Dist#possiblyMultimodal})
     */
    public record Segment(
            int index, String name, boolean inSendSpan, Dist all, boolean checkMultimodal, List<CellDist> byCell) {}

    /** A segment's distribution in one context cell. */
    public record CellDist(String idle, String position, int idleIndex, int positionIndex, Dist dist) {}

    /**
     * @param signatureShare signature id → share of the cell's cases
     * @param eventTime      send end − send start (µs) of the cell's cases
     * @param gap            send start − previous send end (µs) of the cell's cases inside a burst (position ≥ 1); n = 0 otherwise
     */
    public record Cell(
            String idle,
            String position,
            int idleIndex,
            int positionIndex,
            int cases,
            Map<String, Double> signatureShare,
            Dist eventTime,
            Dist gap) {}

    public void write(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(file, JsonSupport.write(this));
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write", e);
        }
    }

    /** @throws IllegalArgumentException one line naming the file when it is not a model */
    public static ServiceModel read(Path file) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException(file + ": no such model file");
        ServiceModel m;
        try {
            m = JsonSupport.mapper().readValue(file.toFile(), ServiceModel.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not a model: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        if (m == null || !FORMAT.equals(m.format())) {
            throw new IllegalArgumentException(file + ": not a model (expected format \"" + FORMAT + "\")");
        }
        return m;
    }
}
