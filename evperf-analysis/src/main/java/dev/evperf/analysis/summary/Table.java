package dev.evperf.analysis.summary;

import dev.evperf.analysis.figures.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A plain-text table: leading label columns left-aligned (one by default), the numbers right-aligned. */
public final class Table {
    private final List<String[]> rows = new ArrayList<>();
    private int labelColumns = 1;

    public Table(String... header) {
        rows.add(header);
    }

    public Table labelColumns(int n) {
        labelColumns = n;
        return this;
    }

    public Table row(Object... cells) {
        rows.add(Arrays.stream(cells).map(String::valueOf).toArray(String[]::new));
        return this;
    }

    public String render(String indent) {
        int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] width = new int[cols];
        for (String[] r : rows) for (int c = 0; c < r.length; c++) width[c] = Math.max(width[c], r[c].length());
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int c = 0; c < r.length; c++) {
                if (c > 0) line.append("  ");
                String pad = " ".repeat(width[c] - r[c].length());
                line.append(c < labelColumns ? r[c] + pad : pad + r[c]);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    /** Fixed decimals, "n/a" for an undefined figure ({@link Stats#num}). */
    public static String num(Double v, int decimals) {
        return Stats.num(v, decimals);
    }
}
