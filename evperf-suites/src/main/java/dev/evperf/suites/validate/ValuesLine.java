package dev.evperf.suites.validate;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a trial's values file ({@code values-<stream>.csv}) as evperf-core's OutputValues
 * writes it: fields separated by commas, strings quoted with doubled quotes inside, null as an
 * empty field, numbers and booleans as Java prints them. Read once per pass over the file, so a
 * number's kind is told from its characters: an exception per double would cost more than the check.
 */
public final class ValuesLine {
    private ValuesLine() {}

    /** One CSV line as OutputValues writes it: quoted strings, empty for null, numbers as Java prints them. */
    public static Object[] parse(String line) {
        List<Object> out = new ArrayList<>();
        int i = 0;
        while (i <= line.length()) {
            if (i < line.length() && line.charAt(i) == '"') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (i < line.length()) {
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < line.length() && line.charAt(i) == '"') {
                            sb.append('"');
                            i++;
                        } else break;
                    } else sb.append(c);
                }
                out.add(sb.toString());
                i++; // the comma
            } else {
                int end = line.indexOf(',', i);
                if (end < 0) end = line.length();
                out.add(value(line.substring(i, end)));
                i = end + 1;
            }
        }
        return out.toArray();
    }

    /** A field: null, a boolean, a long, a double or text; numbers told apart by their characters, not by exceptions. */
    static Object value(String s) {
        if (s.isEmpty()) return null;
        if (s.equals("true") || s.equals("false")) return Boolean.valueOf(s);
        if (whole(s)) {
            try {
                return Long.valueOf(s);
            } catch (NumberFormatException beyondLong) {
                return Double.valueOf(s);
            }
        }
        char c = s.charAt(0);
        if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'N' || c == 'I') {
            try {
                return Double.valueOf(s);
            } catch (NumberFormatException notNumber) {
                return s;
            }
        }
        return s;
    }

    /** An optional minus and one to nineteen digits. */
    private static boolean whole(String s) {
        int i = s.charAt(0) == '-' ? 1 : 0;
        if (i == s.length() || s.length() - i > 19) return false;
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return false;
        }
        return true;
    }
}
