/**
 * End of warm-up: {@link dev.evperf.analysis.warmup.Mser MSER-5} over a series, and
 * {@link dev.evperf.analysis.warmup.WarmUp#detect(java.nio.file.Path)} over a trial (its measured bursts'
 * times, or its intervals' median processing times), giving the bursts to skip and the time on
 * the trial's axis where the steady state starts.
 */
package dev.evperf.analysis.warmup;
