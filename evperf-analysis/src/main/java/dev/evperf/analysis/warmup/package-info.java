/**
 * End of warm-up: {@link dev.evperf.analysis.warmup.Mser MSER-5} over a series, and
 * {@link dev.evperf.analysis.warmup.WarmUp} over a trial's series (its measured bursts' times, or
 * its intervals' median processing times), giving the bursts to skip and the time on the trial's
 * axis where the steady state starts. The series are read from the trial's files in one place,
 * {@code sql.WarmUps}, which the summary, the report, compare and the model all use.
 */
package dev.evperf.analysis.warmup;
