package dev.evperf.analysis.figures;

import dev.evperf.results.Intervals;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;

/**
 * How closely the achieved input rate followed the target pattern, from a trial's
 * {@code intervals.csv}: over the intervals that lie wholly inside a measured phase with a rate
 * target, the worst deviation of one interval (in % of its target) and the shape error, the RMSE
 * of achieved against target in % of the highest target rate (SPBench's patterns: a faithful
 * generator keeps both small; an engine that cannot keep up drags the achieved rate down).
 *
 * @param intervals        intervals compared
 * @param intervalSeconds  their width
 * @param worstPercent     the largest |achieved − target| / target of one interval, %
 * @param worstAtSeconds   where that interval starts on the trial's axis
 * @param rmsePercentOfMax RMSE(achieved − target) / max target, %
 */
public record RateShape(
        int intervals, double intervalSeconds, double worstPercent, double worstAtSeconds, double rmsePercentOfMax) {

    /** @return null when the trial has no intervals.csv or no interval with a rate target */
    public static RateShape load(Path trialDir, TrialResult result) {
        Intervals csv = Intervals.read(trialDir);
        if (csv == null) return null;
        int tCol = csv.column("t_start_s"), phaseCol = csv.column("phase"), wholeCol = csv.column("whole");
        int targetCol = csv.column("target_rate"), inputCol = csv.column("input_rate");
        if (wholeCol < 0 || targetCol < 0 || inputCol < 0) return null;
        int n = 0;
        double worst = 0, worstAt = Double.NaN, sq = 0, maxTarget = 0, width = Double.NaN;
        double previousT = Double.NaN;
        for (String[] c : csv.rows()) {
            double t = Double.parseDouble(c[tCol]);
            if (!Double.isNaN(previousT) && Double.isNaN(width)) width = t - previousT;
            previousT = t;
            int phase = Integer.parseInt(c[phaseCol]);
            if (!"1".equals(c[wholeCol]) || c[targetCol].isEmpty() || !measured(result, phase)) continue;
            double target = Double.parseDouble(c[targetCol]);
            double achieved = Double.parseDouble(c[inputCol]);
            if (target <= 0) continue;
            double dev = Math.abs(achieved - target) / target * 100;
            if (dev > worst || Double.isNaN(worstAt)) {
                worst = dev;
                worstAt = t;
            }
            sq += (achieved - target) * (achieved - target);
            maxTarget = Math.max(maxTarget, target);
            n++;
        }
        if (n == 0) return null;
        return new RateShape(n, width, worst, worstAt, Math.sqrt(sq / n) / maxTarget * 100);
    }

    private static boolean measured(TrialResult result, int phase) {
        if (result == null || phase < 0 || phase >= result.phases().size()) return phase >= 0;
        return result.phases().get(phase).measure();
    }
}
