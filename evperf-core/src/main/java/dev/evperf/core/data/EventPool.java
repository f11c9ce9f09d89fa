package dev.evperf.core.data;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.Field;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import dev.evperf.core.workload.Workload.DataDef;
import dev.evperf.core.workload.Workload.GenDef;
import dev.evperf.core.workload.WorkloadException;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The pool of N events made before the run and reused cyclically (seed 000: N = 1000, event k
 * uses pool[k mod N]). Rows are in schema order; the sequence slot is left empty for the driver.
 */
public final class EventPool {
    private EventPool() {}

    public static Object[][] build(StreamSchema schema, int seqIndex, DataDef def, Path baseDir, String where) {
        DataDef d = def != null ? def : new DataDef();
        if (d.file != null) {
            return CsvSource.read(schema, seqIndex, d.file, d.pool, baseDir, where);
        }
        SplittableRandom random = new SplittableRandom(d.seed);
        FieldGenerator[] gens = new FieldGenerator[schema.size()];
        for (int i = 0; i < schema.size(); i++) {
            Field f = schema.fields().get(i);
            if (i == seqIndex) continue;
            GenDef g = d.fields.get(f.name());
            gens[i] = g != null ? generator(g, f.type()) : defaultGenerator(f.type());
        }
        Object[][] pool = new Object[d.pool][];
        for (int k = 0; k < d.pool; k++) {
            Object[] row = new Object[schema.size()];
            for (int i = 0; i < row.length; i++) {
                if (gens[i] != null) row[i] = gens[i].next(random, k);
            }
            pool[k] = row;
        }
        return pool;
    }

    /**
     * Copies every row in place, in pool order, so that the rows lie one after another in the heap
     * (a full GC slides objects and keeps that order). The driver copies pool[k mod N] for event k: a
     * pool built row by row with each row's values and the suites' records between the rows puts
     * every row on a cache line of its own, and a pool of millions of distinct events (a trial of a
     * neutral query) then cost the null engine's send loop 58 ns of CPU per event against 20 ns with
     * the rows side by side (TrialSendCheck, docs/benchmarks.md). The values are shared, not copied:
     * the events are the same.
     */
    public static void contiguous(Object[][] pool) {
        for (int k = 0; k < pool.length; k++) pool[k] = pool[k].clone();
    }

    /** One field's values; {@code k} is the row index, for sequential generators. */
    interface FieldGenerator {
        Object next(SplittableRandom random, long k);
    }

    static FieldGenerator generator(GenDef g, FieldType type) {
        if (g.uniform != null) {
            double lo = g.uniform.get(0), hi = g.uniform.get(1);
            return (r, k) -> type.fromDouble(lo + r.nextDouble() * (hi - lo));
        }
        if (g.normal != null) {
            double mean = g.normal.mean, std = g.normal.std;
            return (r, k) -> type.fromDouble(mean + std * gaussian(r));
        }
        if (g.exponential != null) {
            double mean = g.exponential.mean;
            return (r, k) -> type.fromDouble(-mean * Math.log(1 - r.nextDouble()));
        }
        if (g.sequential != null) {
            double start = g.sequential.start, step = g.sequential.step;
            return (r, k) -> type == FieldType.STRING
                    ? String.valueOf((long) (start + k * step))
                    : type.fromDouble(start + k * step);
        }
        Object[] values = new Object[g.values.size()];
        for (int i = 0; i < values.length; i++) {
            JsonNode v = g.values.get(i);
            values[i] = type.parse(v.asText());
        }
        return (r, k) -> values[r.nextInt(values.length)];
    }

    static FieldGenerator defaultGenerator(FieldType type) {
        return switch (type) {
            case STRING -> (r, k) -> "S" + r.nextInt(100);
            case BOOL -> (r, k) -> r.nextBoolean();
            default -> (r, k) -> type.fromDouble(r.nextDouble() * 1000);
        };
    }

    /** Box–Muller: SplittableRandom has no nextGaussian in Java 17. */
    private static double gaussian(SplittableRandom r) {
        double u1 = 1 - r.nextDouble(), u2 = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    /** Rejects a pool that cannot be built, e.g. a bad CSV value, before any trial starts. */
    public static void check(StreamSchema schema, int seqIndex, DataDef def, Path baseDir, String where) {
        try {
            build(schema, seqIndex, def, baseDir, where);
        } catch (IllegalArgumentException e) {
            throw new WorkloadException(where + ": " + e.getMessage());
        }
    }
}
