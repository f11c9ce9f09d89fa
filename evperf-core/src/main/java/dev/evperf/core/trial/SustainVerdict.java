package dev.evperf.core.trial;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.core.results.Json;
import dev.evperf.results.RunFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether one probe of {@code evperf sustain} sustained its rate, decided over the probe's typed
 * figures: the trial succeeded, the achieved input rate is ≥ 99 % of the target, the sends stayed on
 * schedule through the measured phase (within {@code maxLagMs}), the scheduled latency shows no
 * growing backlog, every event came out when drops count, and p99 is under the bound when one is
 * given. {@link SustainSearch} chooses the rates; this class judges each one. Both run without a JVM
 * being forked, so the criteria are unit-tested on figures made by hand.
 */
public final class SustainVerdict {
    private SustainVerdict() {}

    /**
     * The command's thresholds.
     *
     * @param maxLagMs how far behind schedule the sends may fall in the measured phase
     * @param backlogToleranceMsPerS a scheduled-latency slope above this (and above 3 standard errors) is a growing backlog
     * @param noDrops whether fewer outputs than inputs fails the probe
     * @param p99Us bound on the scheduled p99, or null for none
     */
    public record Criteria(double maxLagMs, double backlogToleranceMsPerS, boolean noDrops, Double p99Us) {}

    /**
     * The figures of a probe's trial summary the verdict reads, bound from the summary that the
     * controller put into the trial's run.json entry (unknown fields ignored).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ProbeFigures(
            List<PhaseRate> rates,
            Latency latency,
            @JsonProperty("scheduled_trend") Trend scheduledTrend,
            long events,
            long outputs) {
        /** The last measured phase's rates: the probe's own warm-up is not measured. */
        PhaseRate measured() {
            return rates == null || rates.isEmpty() ? null : rates.get(rates.size() - 1);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record PhaseRate(
            @JsonProperty("achieved_rate") double achievedRate, @JsonProperty("max_lag_ms") Double maxLagMs) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Latency(
            Percentiles scheduled, @JsonProperty("end_to_end") Percentiles endToEnd, Percentiles processing) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Percentiles(
            @JsonProperty("p50_us") double p50Us,
            @JsonProperty("p99_us") double p99Us,
            @JsonProperty("mean_us") Double meanUs) {
        static final Percentiles NONE = new Percentiles(0, 0, null);
    }

    /**
     * A probe is saturated when it fell short of its rate and the engine set its pace: the sends took
     * at least this share of the measured phase (achieved rate × mean send time), so the driver hardly
     * ever waited for an event's time. A probe that missed its rate by a stall, or by a late last send
     * on a busy machine, is not; nor is one that started behind (a backlog from its warm-up) and caught
     * up, its sends back to back at more than its rate.
     */
    public static final double SATURATED = 0.97;

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Trend(@JsonProperty("slope_ms_per_s") double slopeMsPerS, @JsonProperty("std_err") double stdErr) {
        static final Trend NONE = new Trend(0, 0);
    }

    /**
     * One probe's row of run.json's {@code sustain.probe_results} (and of the printed table). The
     * figures are null when the trial did not succeed; {@code confirmation} is set on rows of
     * {@code --confirm}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "id",
        "rate",
        "achieved_rate",
        "scheduled_p50_us",
        "scheduled_p99_us",
        "processing_mean_us",
        "end_to_end_p99_us",
        "backlog_ms_per_s",
        "max_lag_ms",
        "dropped",
        "sustained",
        "saturated",
        "reason",
        "confirmation"
    })
    public record Probe(
            String id,
            double rate,
            @JsonProperty("achieved_rate") Double achievedRate,
            @JsonProperty("scheduled_p50_us") Double scheduledP50Us,
            @JsonProperty("scheduled_p99_us") Double scheduledP99Us,
            @JsonProperty("processing_mean_us") Double processingMeanUs,
            @JsonProperty("end_to_end_p99_us") Double endToEndP99Us,
            @JsonProperty("backlog_ms_per_s") Double backlogMsPerS,
            @JsonProperty("max_lag_ms") Double maxLagMs,
            Long dropped,
            boolean sustained,
            boolean saturated,
            String reason,
            Boolean confirmation) {
        public Probe asConfirmation() {
            return new Probe(
                    id,
                    rate,
                    achievedRate,
                    scheduledP50Us,
                    scheduledP99Us,
                    processingMeanUs,
                    endToEndP99Us,
                    backlogMsPerS,
                    maxLagMs,
                    dropped,
                    sustained,
                    saturated,
                    reason,
                    true);
        }
    }

    /**
     * Judges a probe from the controller's run.json entry of its trial: {@code status}, {@code reason},
     * {@code summary_error} and {@code summary} (bound to {@link ProbeFigures}).
     */
    public static Probe judge(double rate, RunFile.Trial entry, Criteria c) {
        String id = entry.id();
        JsonNode s = entry.summary();
        if (!entry.ok() || s == null || s.isNull()) {
            String why = "trial " + entry.status() + ": "
                    + (entry.reason() != null
                            ? entry.reason()
                            : entry.summaryError() != null ? entry.summaryError() : "");
            return new Probe(id, rate, null, null, null, null, null, null, null, null, false, false, why, null);
        }
        ProbeFigures f;
        try {
            f = Json.MAPPER.treeToValue(s, ProbeFigures.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "trial " + id + ": its summary does not have the figures sustain needs: " + e.getOriginalMessage(),
                    e);
        }
        return judge(id, rate, f, c);
    }

    /** Judges a probe from its figures. */
    public static Probe judge(String id, double rate, ProbeFigures f, Criteria c) {
        PhaseRate measured = f.measured();
        double achieved = measured == null ? 0 : measured.achievedRate();
        double maxLag = measured == null || measured.maxLagMs() == null ? Double.NaN : measured.maxLagMs();
        Percentiles sched = f.latency() == null || f.latency().scheduled() == null
                ? Percentiles.NONE
                : f.latency().scheduled();
        Percentiles e2e = f.latency() == null || f.latency().endToEnd() == null
                ? Percentiles.NONE
                : f.latency().endToEnd();
        Trend trend = f.scheduledTrend() == null ? Trend.NONE : f.scheduledTrend();
        double processingMeanUs = f.latency() == null
                        || f.latency().processing() == null
                        || f.latency().processing().meanUs() == null
                ? Double.NaN
                : f.latency().processing().meanUs();
        List<String> why = new ArrayList<>();
        if (achieved < 0.99 * rate)
            why.add(String.format(Locale.ROOT, "achieved %.1f ev/s < 99 %% of target", achieved));
        // A synchronous engine that cannot keep up holds the driver back, and so does a backlog the
        // warm-up left behind: either way the sends fall behind the schedule.
        if (!(maxLag <= c.maxLagMs()))
            why.add(String.format(Locale.ROOT, "sends up to %.1f ms behind schedule", maxLag));
        double slope = trend.slopeMsPerS();
        if (slope > c.backlogToleranceMsPerS() && slope > 3 * trend.stdErr()) {
            why.add(String.format(Locale.ROOT, "backlog grows %.2f ms/s", slope));
        }
        long sent = f.events(), received = f.outputs();
        if (c.noDrops() && received < sent)
            why.add(String.format(Locale.ROOT, "%d of %d events dropped", sent - received, sent));
        if (c.p99Us() != null && sched.p99Us() > c.p99Us()) {
            why.add(String.format(Locale.ROOT, "scheduled p99 %.1f µs > %.1f µs", sched.p99Us(), c.p99Us()));
        }
        // The share of the measured phase the sends took: near 1, the engine set the pace.
        double busy = achieved * processingMeanUs / 1e6;
        boolean saturated = !why.isEmpty() && achieved < 0.99 * rate && busy >= SATURATED;
        return new Probe(
                id,
                rate,
                achieved,
                sched.p50Us(),
                sched.p99Us(),
                processingMeanUs,
                e2e.p99Us(),
                slope,
                maxLag,
                Math.max(0, sent - received),
                why.isEmpty(),
                saturated,
                String.join("; ", why),
                null);
    }
}
