package dev.evperf.suites.validate;

import java.util.List;

/**
 * How one output stream compares with the reference. {@code correct + wrong + missing = expected}
 * and {@code correct + wrong + undue = produced}, except for sampled streams, where the engine
 * emits only some rows by design: there nothing is missing and {@code expected} counts the
 * reference's rows all the same.
 *
 * @param examples the first few rows that are not correct, with their slot
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

    /** {@code Out: 1000 expected, 1000 produced: 998 correct, 1 missing, 1 undue, 0 wrong}. */
    public String summary() {
        return stream + ": " + expected + " expected, " + produced + " produced: " + correct + " correct, "
                + (sampled ? "(sampled) " : missing + " missing, ") + undue + " undue, " + wrong + " wrong";
    }
}
