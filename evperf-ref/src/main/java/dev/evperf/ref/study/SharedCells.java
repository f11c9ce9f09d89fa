package dev.evperf.ref.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.ref.slidem.BlockFile;
import dev.evperf.ref.slidem.SharedSlideM;
import dev.evperf.ref.slidem.SlideM;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seed 001's Figure 6.12 in a JVM of its own: N sliding windows over one stream, sizes uniform in
 * [R, 2R) tuples (the seed: ranges in [3600, 7200] s at a constant rate), each summing one value of
 * its 28-byte tuples. Once with one Shared SlideM repository, once with N SlideMs splitting the same
 * memory; both see the same tuples and must give every window the same sum. Counted over the
 * measured tuples (after 2R to fill every window): disk requests (SlideM's block reads and writes)
 * and the bytes the kernel moved; space is RAM blocks plus the disk files' blocks.
 * Arguments: {@code N R poolBytes measureTuples block directory directIo resultFile}.
 */
public final class SharedCells {
    static final int TUPLE = 28;

    private SharedCells() {}

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        long r = Long.parseLong(args[1]);
        long pool = Long.parseLong(args[2]);
        long measure = Long.parseLong(args[3]);
        int block = Integer.parseInt(args[4]);
        Path dir = Path.of(args[5]);
        boolean direct = Boolean.parseBoolean(args[6]);
        Map<String, Object> res = run(n, r, pool, measure, block, dir, direct);
        Files.writeString(
                Path.of(args[7]),
                new ObjectMapper().writeValueAsString(res) + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    static long[] sizes(int n, long r, long perBlock) {
        SplittableRandom random = new SplittableRandom(1000 + n);
        long[] s = new long[n];
        for (int i = 0; i < n; i++) {
            long size;
            do {
                size = r + random.nextLong(r);
                long candidate = size;
                if (candidate < perBlock || Arrays.stream(s, 0, i).anyMatch(x -> x == candidate)) size = -1;
            } while (size < 0);
            s[i] = size;
        }
        Arrays.sort(s);
        return s;
    }

    static double value(long seq) {
        return (seq * 2654435761L % 1000) / 10.0;
    }

    public static Map<String, Object> run(
            int n, long r, long poolBytes, long measure, int block, Path dir, boolean direct) throws Exception {
        int perBlock = block / TUPLE;
        long[] sizes = sizes(n, r, perBlock);
        int poolBlocks = (int) (poolBytes / block);
        long fill = 2 * r;
        Map<String, Object> res = new LinkedHashMap<>();
        res.put("windows", n);
        res.put("sizes", sizes);
        res.put("pool_bytes", poolBytes);
        res.put("measured_tuples", measure);
        double[] sharedSums = new double[n];
        try (SharedSlideM ssm =
                new SharedSlideM(new BlockFile(dir, "ref-ssm-", block, direct), block, TUPLE, poolBlocks, sizes)) {
            long requests0 = 0;
            ProcIo io0 = null;
            long t0 = 0;
            for (long seq = 0; seq < fill + measure; seq++) {
                if (seq == fill) {
                    requests0 = ssm.reads() + ssm.writes();
                    io0 = ProcIo.now();
                    t0 = System.nanoTime();
                }
                int at = ssm.reserve();
                ssm.recentBuffer().putLong(at, seq).putDouble(at + 8, value(seq));
                for (int w = 0; w < n; w++) {
                    sharedSums[w] += value(seq);
                    if (ssm.full(w)) {
                        sharedSums[w] -= ssm.oldestBuffer(w).getDouble(ssm.oldestOffset(w) + 8);
                        ssm.removeOldest(w);
                    }
                }
            }
            res.put("shared_requests", ssm.reads() + ssm.writes() - requests0);
            res.put("shared_kernel_bytes", bytes(ProcIo.now().minus(io0)));
            res.put("shared_space_bytes", (ssm.ramBlocks() + ssm.diskSlots()) * block);
            res.put("shared_s", (System.nanoTime() - t0) / 1e9);
        }
        double[] sums = new double[n];
        List<SlideM> separate = new ArrayList<>();
        try {
            for (int w = 0; w < n; w++) {
                separate.add(new SlideM(
                        new BlockFile(dir, "ref-sm-", block, direct), block, TUPLE, Math.max(2, poolBlocks / n)));
            }
            long requests0 = 0;
            ProcIo io0 = null;
            long t0 = 0;
            for (long seq = 0; seq < fill + measure; seq++) {
                if (seq == fill) {
                    for (SlideM s : separate) requests0 += s.reads() + s.writes();
                    io0 = ProcIo.now();
                    t0 = System.nanoTime();
                }
                for (int w = 0; w < n; w++) {
                    SlideM s = separate.get(w);
                    if (s.size() == sizes[w]) {
                        ByteBuffer b = s.oldestBuffer();
                        sums[w] -= b.getDouble(s.oldestOffset() + 8);
                        s.removeOldest();
                    }
                    int at = s.reserve();
                    s.recentBuffer().putLong(at, seq).putDouble(at + 8, value(seq));
                    sums[w] += value(seq);
                }
            }
            long requests = -requests0;
            long space = 0;
            for (SlideM s : separate) {
                requests += s.reads() + s.writes();
                space += (long) (s.poolBuffers() + s.diskSlots()) * block;
            }
            res.put("unshared_requests", requests);
            res.put("unshared_kernel_bytes", bytes(ProcIo.now().minus(io0)));
            res.put("unshared_space_bytes", space);
            res.put("unshared_s", (System.nanoTime() - t0) / 1e9);
        } finally {
            for (SlideM s : separate) s.close();
        }
        for (int w = 0; w < n; w++) {
            if (Math.abs(sums[w] - sharedSums[w]) > 1e-6 * Math.max(1, Math.abs(sums[w]))) {
                throw new IllegalStateException(
                        "window " + w + ": shared sum " + sharedSums[w] + " != unshared " + sums[w]);
            }
        }
        res.put("sums_agree", true);
        return res;
    }

    private static long bytes(ProcIo io) {
        return io.readBytes() + io.writeBytes();
    }
}
