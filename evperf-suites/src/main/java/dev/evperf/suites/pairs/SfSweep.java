package dev.evperf.suites.pairs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The search for the largest scale factor an engine passes (issue 16; §7.5.2 reports "a maximum
 * scale factor" per engine): from the start SF, double while it passes (up to the cap), then bisect
 * between the last SF that passed and the first that failed. A pass at SF n is taken to mean a pass
 * at every smaller SF — the load grows with SF (App. A) — so about 2·log₂(largest) points are run
 * instead of one per SF, each of them minutes of generation, compilation and sending.
 */
public final class SfSweep {
    private SfSweep() {}

    /** Runs one point and says whether the engine passed it. */
    @FunctionalInterface
    public interface Point {
        boolean passes(int sf) throws IOException;
    }

    /** The points tried in order and the largest SF that passed (0: none did). */
    public record Outcome(List<Integer> tried, int largestPassed) {}

    public static Outcome search(int start, int cap, Point point) throws IOException {
        if (start < 1 || cap < start) {
            throw new IllegalArgumentException("sweep from SF " + start + " to " + cap + ": need 1 ≤ start ≤ cap");
        }
        List<Integer> tried = new ArrayList<>();
        int passed = 0; // the largest SF known to pass (0: none)
        int failed = -1; // the smallest SF known to fail (-1: none yet)
        for (int sf = start; ; sf = Math.min(2 * sf, cap)) {
            tried.add(sf);
            if (point.passes(sf)) {
                passed = sf;
                if (sf == cap) return new Outcome(tried, passed);
            } else {
                failed = sf;
                break;
            }
        }
        while (failed - passed > 1) {
            int mid = passed + (failed - passed) / 2;
            tried.add(mid);
            if (point.passes(mid)) {
                passed = mid;
            } else {
                failed = mid;
            }
        }
        return new Outcome(tried, passed);
    }
}
