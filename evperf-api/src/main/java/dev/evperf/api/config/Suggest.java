package dev.evperf.api.config;

import java.util.Collection;
import java.util.Locale;

/**
 * "Did you mean …": the closest valid name by edit distance. The one suggestion helper of evperf:
 * the workload loader and validator, the channel and pipeline configurations and the CLI use it, so a
 * typo is judged the same way everywhere.
 */
public final class Suggest {
    private Suggest() {}

    /** @return the closest candidate within a plausible distance, or null */
    public static String closest(String word, Collection<?> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Object c : candidates) {
            String s = String.valueOf(c);
            int d = distance(word.toLowerCase(Locale.ROOT), s.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = s;
            }
        }
        // More than half the word changed is a different word, not a typo.
        return best != null && bestDistance <= Math.max(2, word.length() / 2) ? best : null;
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
