package dev.evperf.flink;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The workload's Flink SQL split into statements at {@code ;} (outside quotes and comments),
 * each remembering where it starts in the user's text, so that Flink's positions ("line 1,
 * column 8" of the statement) can be told as positions in the user's text.
 */
final class SqlStatements {
    private static final Pattern POSITION = Pattern.compile("(line) (\\d+), (column) (\\d+)");

    /** One statement: its text from just after the previous {@code ;}, and where that is. */
    record Statement(String text, int line, int column) {
        /** Flink's message, first line only, with its positions moved into the user's text. */
        String locate(String message) {
            String first = message == null ? "" : message.strip().split("\\R", 2)[0];
            Matcher m = POSITION.matcher(first);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                int l = Integer.parseInt(m.group(2));
                int c = Integer.parseInt(m.group(4));
                int userLine = line + l - 1;
                int userColumn = l == 1 ? column + c - 1 : c;
                m.appendReplacement(out, m.group(1) + " " + userLine + ", " + m.group(3) + " " + userColumn);
            }
            m.appendTail(out);
            return out.toString();
        }
    }

    private SqlStatements() {}

    static List<Statement> split(String sql) {
        List<Statement> out = new ArrayList<>();
        int start = 0;
        int line = 1;
        int col = 1;
        int startLine = 1;
        int startCol = 1;
        char quote = 0;
        boolean lineComment = false;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (lineComment) {
                if (c == '\n') lineComment = false;
            } else if (quote != 0) {
                if (c == quote) quote = 0;
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
            } else if (c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
                lineComment = true;
            } else if (c == ';') {
                add(out, sql.substring(start, i), startLine, startCol);
                start = i + 1;
                startLine = line;
                startCol = col + 1;
            }
            if (c == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        add(out, sql.substring(start), startLine, startCol);
        return out;
    }

    private static void add(List<Statement> out, String text, int line, int col) {
        if (!text.replaceAll("--[^\\n]*", "").isBlank()) out.add(new Statement(text, line, col));
    }
}
