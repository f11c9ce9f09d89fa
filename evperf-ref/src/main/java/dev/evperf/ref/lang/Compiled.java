package dev.evperf.ref.lang;

import dev.evperf.api.EngineException;
import dev.evperf.ref.agg.Aggregates;
import dev.evperf.ref.config.RefOptions;
import dev.evperf.ref.config.Windows;
import dev.evperf.ref.op.Operator;
import dev.evperf.ref.op.Output;
import dev.evperf.ref.op.Plan;
import dev.evperf.ref.op.Select;
import dev.evperf.ref.op.SharedWindowsOp;
import dev.evperf.ref.op.SlidingAggregateOp;
import dev.evperf.ref.op.TimeSource;
import dev.evperf.ref.op.WindowShape;
import dev.evperf.ref.store.StoreSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A compiled query before it joins the plan: an operator ready to add, or a sliding window whose
 * store is chosen once every query is known. With {@code store: slidem}, sliding windows over one
 * stream that keep the same tuple of the same events (equal {@link Sliding#tuple}: WHERE, GROUP BY,
 * count or time window on the same time, the same aggregate arguments) and differ only in extent
 * share one Shared SlideM (seed 001 section 6.4) through one {@link SharedWindowsOp}; every other
 * sliding window has a store of its own.
 */
sealed interface Compiled {

    record Ready(String input, String name, Operator operator) implements Compiled {}

    /** @param tuple what the window keeps of each event, as text: equal texts may share a repository */
    record Sliding(
            String input,
            String name,
            Token at,
            String tuple,
            WindowShape shape,
            Aggregates aggs,
            StoreSpec spec,
            long rows,
            long range,
            TimeSource time,
            Select select,
            Output out)
            implements Compiled {

        long extent() {
            return rows > 0 ? rows : range;
        }
    }

    /** Adds the queries' operators in query order; a shared window's operator at its first query's place. */
    static void addAll(List<Compiled> compiled, Plan plan, RefOptions options) throws EngineException {
        Map<String, List<Sliding>> byTuple = new LinkedHashMap<>();
        for (Compiled c : compiled) {
            if (c instanceof Sliding s && options.slidem())
                byTuple.computeIfAbsent(s.tuple(), k -> new ArrayList<>()).add(s);
        }
        for (Compiled c : compiled) {
            if (c instanceof Ready r) {
                plan.add(r.input(), r.name(), r.operator());
            } else if (c instanceof Sliding s) {
                List<Sliding> group = byTuple.getOrDefault(s.tuple(), List.of(s));
                if (group.size() == 1) {
                    plan.add(s.input(), s.name(), alone(s, options));
                } else if (group.get(0) == s) {
                    plan.add(s.input(), sharedName(group), shared(group, options));
                }
            }
        }
    }

    private static Operator alone(Sliding s, RefOptions options) throws EngineException {
        if (s.rows() > Integer.MAX_VALUE - 8 && !options.slidem()) {
            throw new EngineException("ref: " + s.at().where() + ": a window in memory holds at most "
                    + (Integer.MAX_VALUE - 8) + " events");
        }
        return new SlidingAggregateOp(
                s.shape(),
                s.aggs(),
                Windows.store(s.spec(), options),
                s.rows(),
                s.range(),
                s.time(),
                s.select(),
                s.out());
    }

    private static Operator shared(List<Sliding> group, RefOptions options) throws EngineException {
        // numbered by extent, smallest first (ties in query order): the repository's window order
        List<Sliding> byExtent = new ArrayList<>(group);
        byExtent.sort(Comparator.comparingLong(Sliding::extent));
        SharedWindowsOp.Window[] windows = new SharedWindowsOp.Window[group.size()];
        int[] slot = new int[group.size()];
        for (int i = 0; i < windows.length; i++) {
            Sliding s = group.get(i);
            windows[i] = new SharedWindowsOp.Window(s.aggs(), s.rows(), s.range(), s.select(), s.out());
            slot[i] = byExtent.indexOf(s);
        }
        Sliding first = group.get(0);
        return new SharedWindowsOp(
                first.shape(), Windows.shared(first.spec(), windows.length, options), first.time(), windows, slot);
    }

    private static String sharedName(List<Sliding> group) {
        StringBuilder sb = new StringBuilder(group.get(0).name());
        for (int i = 1; i < group.size(); i++)
            sb.append(i + 1 == group.size() ? " and " : ", ")
                    .append(group.get(i).name());
        return sb.append(", sharing one SlideM").toString();
    }
}
