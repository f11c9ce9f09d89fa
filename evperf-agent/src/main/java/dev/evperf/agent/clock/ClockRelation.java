package dev.evperf.agent.clock;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How an agent's clock relates to the controller's, from the anchors of its probe windows (seed
 * 004, section 3: two MinRTT anchors, one before and one after the trial, and here also one per
 * period during it). A timestamp {@code y} of the agent maps onto the controller's clock by the line
 * through the two anchors around it (Eq. 4), with the error bound
 * {@code |1 - f|·δ_j + |f|·δ_m}, {@code f = (y - b_j) / (b_m - b_j)}: within the anchors' window that
 * is at most {@code e = max(δ_j, δ_m)}; outside it grows as {@code (2|f| - 1)·e}, so points outside
 * are mapped with the first and the last anchor, the longest base. δ is ½ of the anchor's network
 * RTT ({@link Probe#anchor}).
 *
 * <p>The bound holds when each clock runs at a constant rate between two anchors: the controller's
 * and the agent's {@code System.nanoTime()} on Linux are the TSC, whose rate is constant (seed 004's
 * reason to use it); a periodic anchor during the trial shortens the stretch over which that is
 * assumed. Differences of readings are taken before any multiplication, so raw counters near 2^63
 * lose no precision in doubles.
 */
public final class ClockRelation {
    private final List<Anchor> anchors;

    private ClockRelation(List<Anchor> anchors) {
        this.anchors = anchors;
    }

    /**
     * @param anchors one per probe window, in any order; at least one
     * @throws IllegalArgumentException when there is none, or two share the agent's reading
     */
    public static ClockRelation of(List<Anchor> anchors) {
        if (anchors.isEmpty()) throw new IllegalArgumentException("a clock relation needs at least one anchor");
        List<Anchor> sorted = new ArrayList<>(anchors);
        sorted.sort(Comparator.comparingLong(Anchor::remote));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).remote() == sorted.get(i - 1).remote()) {
                throw new IllegalArgumentException(
                        "two anchors at the same agent reading " + sorted.get(i).remote());
            }
        }
        return new ClockRelation(List.copyOf(sorted));
    }

    /**
     * From the minimum-RTT probe of each window, in the order taken. A window whose best anchor's
     * bound is more than twice the best of all (a congested window: the trial's own traffic, a busy
     * CPU, code not compiled yet) is left out, at the ends too: under the same constant-rate
     * assumption its neighbours' line maps that stretch more tightly, and a reading outside the kept
     * anchors is mapped with the first and last of them, its bound growing as seed 004 says ({@link
     * #boundAt}); over a trial's span that is a small fraction of e. So every kept anchor's bound, and
     * {@link #windowBound}, is within 2× of the best, which is ½ of the minimum RTT (issue 13). Only
     * when fewer than two windows are that quiet are the first and last kept as well (one anchor
     * alone leaves the rate unknown).
     */
    public static ClockRelation fromWindows(List<ProbeWindow> windows) {
        List<Anchor> all = windows.stream().map(w -> w.best().anchor()).toList();
        long best = all.stream().mapToLong(Anchor::bound).min().orElse(0);
        List<Anchor> kept = new ArrayList<>();
        for (Anchor a : all) if (a.bound() <= 2 * best) kept.add(a);
        if (kept.size() < 2 && all.size() >= 2) {
            kept.clear();
            for (int i = 0; i < all.size(); i++) {
                boolean end = i == 0 || i == all.size() - 1;
                if (end || all.get(i).bound() <= 2 * best) kept.add(all.get(i));
            }
        }
        return of(kept);
    }

    public List<Anchor> anchors() {
        return anchors;
    }

    /** The agent's reading {@code remote} on the controller's clock (ns). */
    public long toController(long remote) {
        if (anchors.size() == 1) return remote + anchors.get(0).offset();
        Anchor j = start(remote);
        Anchor m = end(remote, j);
        double f = fraction(remote, j, m);
        return j.controller() + Math.round((m.controller() - j.controller()) * f);
    }

    /**
     * The error bound of {@link #toController} at {@code remote} (ns): the true controller time lies
     * within the mapped value ± this. With a single anchor the rate is unknown and bounded by
     * {@link Probe#MAX_RATE_ERROR} over the distance from it.
     */
    public long boundAt(long remote) {
        if (anchors.size() == 1) {
            Anchor a = anchors.get(0);
            return a.bound() + (long) Math.ceil(Probe.MAX_RATE_ERROR * Math.abs((double) (remote - a.remote())));
        }
        Anchor j = start(remote);
        Anchor m = end(remote, j);
        double f = fraction(remote, j, m);
        // +1 ns for the rounding in toController
        return (long) Math.ceil(Math.abs(1 - f) * j.bound() + Math.abs(f) * m.bound()) + 1;
    }

    /**
     * The largest bound over the agent's readings {@code [from, to]}: the bound is piecewise linear
     * in the reading, so its maximum is at an end or at an anchor in between.
     */
    public long boundOver(long from, long to) {
        long max = Math.max(boundAt(from), boundAt(to));
        for (Anchor a : anchors) {
            if (a.remote() > from && a.remote() < to) max = Math.max(max, boundAt(a.remote()));
        }
        return max;
    }

    /** e: the largest anchor bound, the bound anywhere inside the anchors' window (ns). */
    public long windowBound() {
        return anchors.stream().mapToLong(Anchor::bound).max().orElseThrow();
    }

    /** The smallest network RTT of all anchors (ns). */
    public long minRtt() {
        return anchors.stream().mapToLong(Anchor::rtt).min().orElseThrow();
    }

    /** The controller's clock minus the agent's at the first anchor (ns). */
    public long offset() {
        return anchors.get(0).offset();
    }

    /**
     * How much faster the agent's clock runs than the controller's, in parts per million, from the
     * first and the last anchor (seed 004's counter ratio, Eq. 2, less one); 0 with one anchor.
     */
    public double driftPpm() {
        if (anchors.size() == 1) return 0;
        Anchor j = anchors.get(0);
        Anchor m = anchors.get(anchors.size() - 1);
        double ratio = (double) (m.controller() - j.controller()) / (m.remote() - j.remote());
        return (1 / ratio - 1) * 1e6;
    }

    /**
     * Controller nanoseconds per agent nanosecond, from the first and the last anchor (1 with one
     * anchor): converts a duration the agent measured on its own clock onto the controller's.
     */
    public double rate() {
        if (anchors.size() == 1) return 1;
        Anchor j = anchors.get(0);
        Anchor m = anchors.get(anchors.size() - 1);
        return (double) (m.controller() - j.controller()) / (m.remote() - j.remote());
    }

    /** The error bound of {@link #driftPpm} (ppm): both anchors' bounds over the distance between them. */
    public double driftBoundPpm() {
        if (anchors.size() == 1) return Probe.MAX_RATE_ERROR * 1e6;
        Anchor j = anchors.get(0);
        Anchor m = anchors.get(anchors.size() - 1);
        return (double) (j.bound() + m.bound()) / (m.remote() - j.remote()) * 1e6;
    }

    /** The anchor that starts the segment used at {@code remote}; the first outside the window. */
    private Anchor start(long remote) {
        int last = anchors.size() - 1;
        if (remote <= anchors.get(0).remote() || remote >= anchors.get(last).remote()) return anchors.get(0);
        int i = 0;
        while (anchors.get(i + 1).remote() < remote) i++;
        return anchors.get(i);
    }

    private Anchor end(long remote, Anchor start) {
        int last = anchors.size() - 1;
        if (remote <= anchors.get(0).remote() || remote >= anchors.get(last).remote()) return anchors.get(last);
        return anchors.get(anchors.indexOf(start) + 1);
    }

    private static double fraction(long remote, Anchor j, Anchor m) {
        return (double) (remote - j.remote()) / (m.remote() - j.remote());
    }
}
