package dev.evperf.ref.config;

import dev.evperf.api.EngineException;
import dev.evperf.api.config.Keyword;
import dev.evperf.ref.store.Layout;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The workload's {@code engine.options} for ref. Every option has a default, so an empty map runs
 * the fastest configuration measured (docs/ref.md says which and why).
 *
 * @param layout         how sliding windows hold their events (the chapter 5 study)
 * @param staging        K: events staged in small arrays and copied into a column window in bulk (1: off)
 * @param slidem         windows kept by SlideM (RAM pool + disk file) instead of the heap
 * @param blockBytes     SlideM's block size
 * @param poolBlocks     SlideM's buffer pool, in blocks (at least 2)
 * @param directory      where SlideM's files go (removed on close); null: the trial's directory, or outside a trial the system's temporary directory
 * @param directIo       SlideM's file opened with O_DIRECT, so its I/O reaches the disk and not the page cache
 * @param graceJoin      the table join buffers a batch, partitions it and joins partition by partition
 * @param gracePartitions partitions of the table and of each batch
 * @param graceBatch     events per batch
 * @param spec           a neutral query spec given as a map instead of in the queries text
 * @param databaseUrl    the JDBC URL of the database table join's table1 (with its user and password; null: none)
 */
public record RefOptions(
        Layout layout,
        int staging,
        boolean slidem,
        int blockBytes,
        int poolBlocks,
        Path directory,
        boolean directIo,
        boolean graceJoin,
        int gracePartitions,
        int graceBatch,
        Map<?, ?> spec,
        String databaseUrl,
        String databaseUser,
        String databasePassword) {

    static final Set<String> NAMES = Set.of(
            "layout",
            "staging",
            "store",
            "block",
            "pool_blocks",
            "directory",
            "direct_io",
            "join",
            "grace_partitions",
            "grace_batch",
            "spec",
            "database_url",
            "database_user",
            "database_password");

    public static final RefOptions DEFAULT = new RefOptions(
            Layout.PROJECTED, 1, false, 64 * 1024, 2, null, true, false, 1000, 100_000, null, null, null, null);

    /** @throws EngineException naming the option and what it takes */
    public static RefOptions of(Map<String, Object> options) throws EngineException {
        for (String k : options.keySet()) {
            if (!NAMES.contains(k)) {
                throw new EngineException(
                        "ref: unknown option '" + k + "'; the options are " + List.copyOf(new TreeSet<>(NAMES)));
            }
        }
        RefOptions d = DEFAULT;
        Layout layout = options.containsKey("layout") ? Layout.named(text(options, "layout")) : d.layout;
        int staging = integer(options, "staging", d.staging, 1, 1 << 20);
        Store store = options.containsKey("store") ? word(options, "store", Store.class) : Store.MEMORY;
        int block = options.containsKey("block") ? bytes(options.get("block")) : d.blockBytes;
        int pool = integer(options, "pool_blocks", d.poolBlocks, 2, Integer.MAX_VALUE);
        Path dir = options.containsKey("directory") ? Path.of(text(options, "directory")) : null;
        boolean direct = options.containsKey("direct_io") ? bool(options, "direct_io") : d.directIo;
        Join join = options.containsKey("join") ? word(options, "join", Join.class) : Join.HASH;
        int partitions = integer(options, "grace_partitions", d.gracePartitions, 1, 1 << 24);
        int batch = integer(options, "grace_batch", d.graceBatch, 1, 1 << 28);
        Object spec = options.get("spec");
        if (spec != null && !(spec instanceof Map)) {
            throw new EngineException("ref: option spec is a query spec (a map with a test: key), not " + spec);
        }
        if (block < 64 || Integer.bitCount(block) != 1) {
            throw new EngineException("ref: option block must be a power of two of at least 64 B, not " + block);
        }
        return new RefOptions(
                layout,
                staging,
                store == Store.SLIDEM,
                block,
                pool,
                dir,
                direct,
                join == Join.GRACE,
                partitions,
                batch,
                (Map<?, ?>) spec,
                options.containsKey("database_url") ? String.valueOf(options.get("database_url")) : null,
                options.containsKey("database_user") ? String.valueOf(options.get("database_user")) : null,
                options.containsKey("database_password") ? String.valueOf(options.get("database_password")) : null);
    }

    /** Never the database password. */
    @Override
    public String toString() {
        return "RefOptions[layout=" + layout + ", staging=" + staging + ", slidem=" + slidem + ", block=" + blockBytes
                + ", pool_blocks=" + poolBlocks + ", join=" + (graceJoin ? Join.GRACE : Join.HASH).text()
                + ", database="
                + databaseUrl + "]";
    }

    /** Where a window's events are kept (option {@code store}). */
    enum Store implements Keyword {
        MEMORY,
        SLIDEM
    }

    /** How the table join runs (option {@code join}): one hash table, or the grace hash join by partitions. */
    enum Join implements Keyword {
        HASH,
        GRACE
    }

    /** An option written as one of a fixed set of words: "ref: option join: expected hash or grace, got 'x'". */
    private static <K extends Keyword> K word(Map<String, Object> o, String k, Class<K> type) throws EngineException {
        try {
            return Keyword.of(type, text(o, k));
        } catch (IllegalArgumentException e) {
            throw new EngineException("ref: option " + k + ": " + e.getMessage());
        }
    }

    private static String text(Map<String, Object> o, String k) {
        return String.valueOf(o.get(k)).trim().toLowerCase(Locale.ROOT);
    }

    private static boolean bool(Map<String, Object> o, String k) throws EngineException {
        Object v = o.get(k);
        if (v instanceof Boolean b) return b;
        String s = String.valueOf(v).trim();
        if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) return Boolean.parseBoolean(s);
        throw new EngineException("ref: option " + k + " is true or false, not '" + v + "'");
    }

    private static int integer(Map<String, Object> o, String k, int dflt, int min, int max) throws EngineException {
        if (!o.containsKey(k)) return dflt;
        Object v = o.get(k);
        try {
            long n = v instanceof Number num
                    ? num.longValue()
                    : Long.parseLong(String.valueOf(v).trim());
            if (n < min || n > max) throw new NumberFormatException();
            return (int) n;
        } catch (NumberFormatException e) {
            throw new EngineException(
                    "ref: option " + k + " is a whole number in " + min + ".." + max + ", not '" + v + "'");
        }
    }

    /** {@code 65536}, {@code 64KB}, {@code 1MB}. */
    static int bytes(Object v) throws EngineException {
        String s = String.valueOf(v).trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (s.endsWith("KB") || s.endsWith("K")) unit = 1024;
        else if (s.endsWith("MB") || s.endsWith("M")) unit = 1024 * 1024;
        String digits = s.replaceAll("[KMB]+$", "").trim();
        try {
            long n = Long.parseLong(digits) * unit;
            if (n > Integer.MAX_VALUE / 2) throw new NumberFormatException();
            return (int) n;
        } catch (NumberFormatException e) {
            throw new EngineException("ref: option block is a size such as 65536, 64KB or 1MB, not '" + v + "'");
        }
    }
}
