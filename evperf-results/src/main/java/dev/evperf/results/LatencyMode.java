package dev.evperf.results;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A latency mode, each with its HdrHistogram log and its columns in intervals.csv, in the order the
 * summary lists them: {@code processing} (send start to send end), {@code end-to-end} (send start to
 * receipt, uncorrected), {@code scheduled} (intended send time to receipt, coordinated-omission safe).
 * Its word is spelled as evperf-api's {@code Keyword} spells a mode (the name in lower case with
 * {@code -} for {@code _}); this module depends on Jackson only, so the enum cannot implement it.
 */
public enum LatencyMode {
    PROCESSING,
    END_TO_END,
    SCHEDULED;

    /** The word in a workload's {@code measure.latency}, run.json's summary and the report. */
    @JsonValue
    public String text() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The prefix of this mode's columns in intervals.csv ({@code end_to_end_p99_us}). */
    public String column() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode written as {@code word}; null for any other word. */
    public static LatencyMode of(String word) {
        for (LatencyMode m : values()) if (m.text().equals(word)) return m;
        return null;
    }

    /** Every mode's word, in order. */
    public static List<String> words() {
        List<String> words = new ArrayList<>();
        for (LatencyMode m : values()) words.add(m.text());
        return List.copyOf(words);
    }
}
