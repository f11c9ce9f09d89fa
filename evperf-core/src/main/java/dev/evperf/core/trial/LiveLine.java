package dev.evperf.core.trial;

import java.util.Locale;

/**
 * One live line of a trial's stdout ({@link LiveMonitor}), written and read here so that its format
 * is spelled once: the terminal shows it in place, {@code evperf run --serve} charts it.
 *
 * @param tS       end of the line's interval, s on the trial's axis (since the trial's origin)
 * @param sent     events sent so far
 * @param inRate   events sent per s in the interval
 * @param outRate  outputs received per s in the interval
 * @param p50Us    median processing time (send start → send end) of the interval's sends, µs; 0 with none
 * @param p99Us    its 99th percentile, µs; 0 with none
 * @param lagMs    generator lag (send start − intended) of the latest send, ms
 */
public record LiveLine(double tS, long sent, double inRate, double outRate, double p50Us, double p99Us, double lagMs) {
    public static final String PREFIX = "evperf-live ";

    /** The line as the trial prints it (without its line break). */
    public String format() {
        return String.format(
                Locale.ROOT,
                "%st=%.2fs sent=%d in=%.0f/s out=%.0f/s p50=%.1fus p99=%.1fus lag=%.1fms",
                PREFIX,
                tS,
                sent,
                inRate,
                outRate,
                p50Us,
                p99Us,
                lagMs);
    }

    /** @return the line's figures, or null when {@code line} is not a whole live line (a line still being written) */
    public static LiveLine parse(String line) {
        if (!line.startsWith(PREFIX)) return null;
        double t = Double.NaN, in = Double.NaN, out = Double.NaN, p50 = Double.NaN, p99 = Double.NaN, lag = Double.NaN;
        long sent = -1;
        try {
            for (String word : line.substring(PREFIX.length()).split(" ")) {
                int eq = word.indexOf('=');
                if (eq < 0) return null;
                String key = word.substring(0, eq),
                        value = word.substring(eq + 1).replaceAll("(/s|us|ms|s)$", "");
                switch (key) {
                    case "t" -> t = Double.parseDouble(value);
                    case "sent" -> sent = Long.parseLong(value);
                    case "in" -> in = Double.parseDouble(value);
                    case "out" -> out = Double.parseDouble(value);
                    case "p50" -> p50 = Double.parseDouble(value);
                    case "p99" -> p99 = Double.parseDouble(value);
                    case "lag" -> lag = Double.parseDouble(value);
                    default -> {
                        // a figure a later evperf adds: not shown
                    }
                }
            }
        } catch (NumberFormatException e) {
            return null;
        }
        if (Double.isNaN(t) || sent < 0 || Double.isNaN(in) || Double.isNaN(out) || Double.isNaN(lag)) return null;
        return new LiveLine(t, sent, in, out, p50, p99, lag);
    }
}
