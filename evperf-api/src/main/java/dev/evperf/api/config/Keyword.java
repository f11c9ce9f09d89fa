package dev.evperf.api.config;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A mode written as a word in a workload ({@code receipt: send-end}, {@code arrivals: poisson}),
 * implemented by enums so that code compares constants and each word is spelled once: the constant's
 * name in lower case with {@code -} for {@code _}. Jackson binds and writes the word ({@link JsonValue}
 * serves both ways for enums); {@link #expected} words the error for any other word.
 */
public interface Keyword {
    /** The word as written in a workload file. */
    @JsonValue
    default String text() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The constant written as {@code word}, for a word read outside a workload's binding (a command's
     * option, an engine's options map).
     *
     * @throws IllegalArgumentException with {@link #expected}'s wording for any other word
     */
    static <K extends Keyword> K of(Class<K> type, String word) {
        for (K k : type.getEnumConstants()) if (k.text().equals(word)) return k;
        throw new IllegalArgumentException(expected(type, word));
    }

    /**
     * What a field of this type accepts, for the one-line error about another word:
     * {@code expected listener or send-end, got 'sendend'; did you mean 'send-end'?}.
     */
    static String expected(Class<? extends Keyword> type, String got) {
        List<String> words = new ArrayList<>();
        for (Keyword k : type.getEnumConstants()) words.add(k.text());
        String guess = got == null ? null : Suggest.closest(got, words);
        String expected = words.size() == 1
                ? words.get(0)
                : String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
        return "expected " + expected + ", got '" + got + "'"
                + (guess != null ? "; did you mean '" + guess + "'?" : "");
    }
}
