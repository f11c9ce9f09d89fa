package dev.evperf.suites.pairs;

import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Pairs validator (seed 001, Appendix B.5): per output stream, expected, produced, correct,
 * missing, undue and wrong answers, as Figure B.3 counts them.
 *
 * <p>Answers are matched on a key that names one answer without its values: an Indicator by
 * (strategy, inputTickTS), a MarketOrder by (strategy, inputTickTS, type). A produced answer whose
 * key is expected is correct when its values agree (Indicator: ratio, avgRatio, upperBand, lowerBand
 * within {@link #INDICATOR_TOLERANCE}; MarketOrder: symbol, price and size exactly) and wrong
 * otherwise; a produced answer with a key not expected, or a second one for the same key, is undue;
 * an expected key with no answer is missing. inputTS is the engine's wall time and is never compared.
 */
public final class PairsValidator {
    /** Ratios are near 1 and their stdev near 10⁻³: 10⁻⁹ absolute plus 10⁻⁹ relative is far below both. */
    public static final Tolerance INDICATOR_TOLERANCE = new Tolerance(1e-9, 1e-9);

    private static final int EXAMPLES = 5;

    private PairsValidator() {}

    public static Verdict indicators(List<Object[]> expected, List<Object[]> produced) {
        return check(
                PairsOutputs.INDICATOR,
                expected,
                produced,
                new int[] {0, 5},
                new int[] {1, 2, 3, 4},
                INDICATOR_TOLERANCE);
    }

    public static Verdict orders(List<Object[]> expected, List<Object[]> produced) {
        return check(
                PairsOutputs.ORDER, expected, produced, new int[] {0, 5, 1}, new int[] {2, 3, 4}, new Tolerance(0, 0));
    }

    static Verdict check(
            String stream,
            List<Object[]> expected,
            List<Object[]> produced,
            int[] key,
            int[] values,
            Tolerance tolerance) {
        Map<List<Object>, Deque<Object[]>> open = new HashMap<>();
        for (Object[] row : expected) {
            open.computeIfAbsent(key(row, key), k -> new ArrayDeque<>()).add(row);
        }
        long correct = 0;
        long wrong = 0;
        long undue = 0;
        List<Verdict.Example> examples = new ArrayList<>();
        for (Object[] row : produced) {
            Deque<Object[]> candidates = open.get(key(row, key));
            Object[] match = candidates == null ? null : candidates.poll();
            if (match == null) {
                undue++;
                example(examples, "undue", row, null, row);
            } else if (agree(match, row, values, tolerance)) {
                correct++;
            } else {
                wrong++;
                example(examples, "wrong", row, match, row);
            }
        }
        long missing = 0;
        for (Deque<Object[]> rest : open.values()) {
            for (Object[] row : rest) {
                missing++;
                example(examples, "missing", row, row, null);
            }
        }
        return new Verdict(
                stream, expected.size(), produced.size(), correct, missing, undue, wrong, false, 0, 0, examples);
    }

    private static List<Object> key(Object[] row, int[] key) {
        Object[] k = new Object[key.length];
        for (int i = 0; i < key.length; i++) {
            // engines give inputTickTS as long or int, prices as int or long: compare numbers as longs
            k[i] = row[key[i]] instanceof Number n ? (Object) n.longValue() : row[key[i]];
        }
        return Arrays.asList(k);
    }

    private static boolean agree(Object[] expected, Object[] produced, int[] values, Tolerance tolerance) {
        for (int v : values) {
            if (!tolerance.agree(expected[v], produced[v])) {
                return false;
            }
        }
        return true;
    }

    private static void example(
            List<Verdict.Example> examples, String kind, Object[] at, Object[] expected, Object[] produced) {
        if (examples.size() < EXAMPLES) {
            examples.add(new Verdict.Example(
                    kind,
                    ((Number) at[5]).longValue(),
                    expected == null ? null : Arrays.asList(expected),
                    produced == null ? null : Arrays.asList(produced)));
        }
    }
}
