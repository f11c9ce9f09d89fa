package dev.evperf.cli;

import picocli.CommandLine.Option;

/** {@code --keep-warmup}, shared by every command that reads trials: run, summary, report, compare, model. */
final class WarmUpOption {
    @Option(
            names = "--keep-warmup",
            description =
                    "Keep each trial's detected warm-up transient (MSER-5) in the latency and burst"
                            + " tables, the distributions and the compared samples (by default it is left out, and the output says how much).")
    boolean keepWarmUp;
}
