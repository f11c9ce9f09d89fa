package dev.evperf.suites.pairs;

import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import dev.evperf.suites.data.EventSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The Pairs tick generator as a live source ({@code data.StockTick.live: {source: pairs, args: {sf:
 * N, minutes: M, seed: S}}}): the same ticks, in the same order, as {@code evperf pairs generate}
 * with those arguments writes (one file), made while the trial runs instead of read into a pool
 * first. The stream needs symbol (string), price (int), size (int) and tickTS (long), as
 * {@link PairsWorkload} declares them; its sequence field is TS.
 */
public final class PairsLiveTicks implements EventSource.Factory {
    private static final Map<String, FieldType> FIELDS =
            Map.of("symbol", FieldType.STRING, "price", FieldType.INT, "size", FieldType.INT, "tickTS", FieldType.LONG);
    private static final Set<String> ARGS = Set.of("sf", "minutes", "seed");
    /** 100 markets, 10 000 symbols: far beyond any SF an engine passes here, and a bound on what opening a source allocates. */
    static final int MAX_SF = 1000;
    /** Ten standard runs' length: the replay's first pass makes every tick before the run. */
    static final double MAX_MINUTES = 1210;

    @Override
    public String name() {
        return "pairs";
    }

    @Override
    public EventSource open(StreamSchema schema, int seqIndex, Map<String, String> args) {
        for (String a : args.keySet()) {
            if (!ARGS.contains(a))
                throw new IllegalArgumentException("live source pairs: no argument '" + a + "'; it takes " + ARGS);
        }
        int sf = (int) number(args, "sf", null);
        double minutes = number(args, "minutes", 121.0);
        long seed = (long) number(args, "seed", 1.0);
        if (sf < 1 || sf > MAX_SF || sf != number(args, "sf", null)) {
            throw new IllegalArgumentException(
                    "live source pairs: sf " + args.get("sf") + ": expected a whole number from 1 to " + MAX_SF);
        }
        if (!(minutes > 0 && minutes <= MAX_MINUTES)) {
            throw new IllegalArgumentException("live source pairs: minutes " + args.get("minutes")
                    + ": expected above 0 and at most " + MAX_MINUTES);
        }
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < schema.size(); i++) {
            Field f = schema.fields().get(i);
            FieldType want = FIELDS.get(f.name());
            if (i == seqIndex) continue;
            if (want == null)
                throw new IllegalArgumentException("live source pairs: stream " + schema.name() + " has field '"
                        + f.name() + "', which a StockTick does not have " + FIELDS.keySet());
            if (f.type() != want)
                throw new IllegalArgumentException("live source pairs: field " + f.name() + " must be "
                        + want.name().toLowerCase() + ", not " + f.type().name().toLowerCase());
            at.put(f.name(), i);
        }
        if (at.size() < FIELDS.size())
            throw new IllegalArgumentException("live source pairs: stream " + schema.name() + " lacks "
                    + FIELDS.keySet().stream().filter(n -> !at.containsKey(n)).toList());
        TickGenerator g = new TickGenerator(new PairsScale(sf), minutes, seed);
        int width = schema.size(),
                symbol = at.get("symbol"),
                price = at.get("price"),
                size = at.get("size"),
                ts = at.get("tickTS");
        return () -> {
            StockTick t = g.next();
            if (t == null) return null;
            Object[] row = new Object[width];
            row[symbol] = t.symbol();
            row[price] = t.price();
            row[size] = t.size();
            row[ts] = t.tickTS();
            return row;
        };
    }

    private static double number(Map<String, String> args, String name, Double otherwise) {
        String v = args.get(name);
        if (v == null) {
            if (otherwise == null)
                throw new IllegalArgumentException("live source pairs: argument " + name + " is required");
            return otherwise;
        }
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("live source pairs: " + name + " '" + v + "': expected a number");
        }
    }
}
