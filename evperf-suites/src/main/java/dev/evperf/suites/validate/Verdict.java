package dev.evperf.suites.validate;

import java.util.List;

/**
 * How one output stream compares with the reference. {@code correct + wrong + missing = expected}
 * and {@code correct + closedAtEnd + wrong + undue = produced}, except for sampled streams, where the engine
 * emits only some rows by design: there nothing is missing and {@code expected} counts the
 * reference's rows all the same. Rows of windows that only the end of input closes (docs/suites.md
 * §3) are not expected: of the model's {@code openAtEnd}, those the engine emitted with the model's
 * values are {@code closedAtEnd}; one with other values is wrong (then {@code wrong} counts it beside
 * the expected rows' own), and a second copy undue.
 *
 * @param closedAtEnd rows of windows closed by the end of input, equal to the model's
 * @param openAtEnd   the model's rows of windows open at the end of input (an engine may close them or not)
 * @param examples    the first few rows that are not correct, with their slot
 */
public record Verdict(
        String stream,
        long expected,
        long produced,
        long correct,
        long missing,
        long undue,
        long wrong,
        boolean sampled,
        long closedAtEnd,
        long openAtEnd,
        List<Example> examples) {

    /** One row that is not correct: its class, slot, and the expected and produced rows (either may be null). */
    public record Example(String kind, long slot, List<Object> expected, List<Object> produced) {
        @Override
        public String toString() {
            return kind + " at slot " + slot + ": expected " + expected + ", produced " + produced;
        }
    }

    public boolean valid() {
        return missing == 0 && undue == 0 && wrong == 0;
    }

    /**
     * {@code Out: 1000 expected, 1000 produced: 998 correct, 1 missing, 1 undue, 0 wrong}, and when windows were open at
     * the end of input {@code , 10 of 10 windows open at the end of input closed by it}.
     */
    public String summary() {
        return stream + ": " + expected + " expected, " + produced + " produced: " + correct + " correct, "
                + (sampled ? "(sampled) " : missing + " missing, ") + undue + " undue, " + wrong + " wrong"
                + (openAtEnd > 0 ? ", " + atEnd() : "");
    }

    /** {@code 10 of 10 windows open at the end of input closed by it}: how this engine treats the end of input. */
    public String atEnd() {
        return atEnd(closedAtEnd, openAtEnd);
    }

    /** {@link #atEnd()} from the counts (a verdict read back from validation.json). */
    public static String atEnd(long closedAtEnd, long openAtEnd) {
        return closedAtEnd + " of " + openAtEnd + " windows open at the end of input closed by it";
    }
}
