package dev.evperf.suites.pairs;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes a generated Pairs run in the thesis's layout (Appendix B.1, B.6): {@code pairs.properties}
 * (scaleFactor, fileCount, the folders, and evperf's minutes and seed), {@code data/ticks-K.csv}
 * (K = 1..fileCount; tick i goes to file i mod fileCount + 1, so each of fileCount drivers sends the
 * whole run at 1/fileCount of the rate), {@code data/correlations.txt} (the auxiliary file: the
 * number of strategies and the correlated pairs) and {@code queries/strategies.xml}.
 */
public final class PairsFiles {
    public static final String DATA = "data";
    public static final String QUERIES = "queries";
    public static final String HEADER = "symbol,price,size,tickTS";

    /** What was written: the tick count and the files. */
    public record Written(long ticks, List<Path> tickFiles, Path strategies, int strategyCount) {}

    private PairsFiles() {}

    public static Path ticks(Path dir, int k) {
        return dir.resolve(DATA).resolve("ticks-" + k + ".csv");
    }

    public static Path strategies(Path dir) {
        return dir.resolve(QUERIES).resolve("strategies.xml");
    }

    public static Written write(Path dir, PairsScale scale, double minutes, long seed, int fileCount)
            throws IOException {
        if (fileCount < 1) {
            throw new IllegalArgumentException("fileCount " + fileCount + ": must be at least 1");
        }
        Files.createDirectories(dir.resolve(DATA));
        Files.createDirectories(dir.resolve(QUERIES));
        TickGenerator g = new TickGenerator(scale, minutes, seed);
        List<PairsStrategy> strategies = StrategyGenerator.generate(g.markets(), seed);
        Files.writeString(strategies(dir), StrategiesXml.write(strategies));
        StringBuilder corr = new StringBuilder("strategies=" + strategies.size() + "\n");
        g.markets()
                .pairs()
                .forEach(p -> corr.append(p[0]).append(',').append(p[1]).append('\n'));
        Files.writeString(dir.resolve(DATA).resolve("correlations.txt"), corr);
        Files.writeString(
                dir.resolve("pairs.properties"),
                String.format(
                        Locale.ROOT,
                        """
                # written by evperf pairs generate (docs/pairs.md)
                dGenFolder=./%s/
                qGenFolder=./%s/
                scaleFactor=%d
                fileCount=%d
                minutes=%s
                seed=%d
                """,
                        DATA,
                        QUERIES,
                        scale.sf(),
                        fileCount,
                        minutes,
                        seed));
        List<Path> files = new ArrayList<>();
        BufferedWriter[] out = new BufferedWriter[fileCount];
        long n = 0;
        try {
            for (int k = 0; k < fileCount; k++) {
                files.add(ticks(dir, k + 1));
                out[k] = Files.newBufferedWriter(files.get(k), StandardCharsets.UTF_8);
                out[k].write(HEADER);
                out[k].write('\n');
            }
            for (StockTick t = g.next(); t != null; t = g.next()) {
                BufferedWriter w = out[(int) (t.seq() % fileCount)];
                w.write(t.symbol());
                w.write(',');
                w.write(Integer.toString(t.price()));
                w.write(',');
                w.write(Integer.toString(t.size()));
                w.write(',');
                w.write(Long.toString(t.tickTS()));
                w.write('\n');
                n++;
            }
        } finally {
            for (BufferedWriter w : out) {
                if (w != null) {
                    w.close();
                }
            }
        }
        return new Written(n, files, strategies(dir), strategies.size());
    }

    /** Reads ticks-1..fileCount back in seq order (the round-robin split undone). */
    public static List<StockTick> readTicks(Path dir, int fileCount) throws IOException {
        List<List<String>> files = new ArrayList<>();
        for (int k = 1; k <= fileCount; k++) {
            List<String> lines = Files.readAllLines(ticks(dir, k));
            files.add(lines.subList(1, lines.size()));
        }
        List<StockTick> out = new ArrayList<>();
        for (int i = 0; ; i++) {
            List<String> f = files.get(i % fileCount);
            int row = i / fileCount;
            if (row >= f.size()) {
                return out;
            }
            String[] c = f.get(row).split(",");
            out.add(new StockTick(i, c[0], Integer.parseInt(c[1]), Integer.parseInt(c[2]), Long.parseLong(c[3])));
        }
    }
}
