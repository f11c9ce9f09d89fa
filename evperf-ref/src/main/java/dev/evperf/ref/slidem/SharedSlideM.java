package dev.evperf.ref.slidem;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.TreeSet;

/**
 * Shared SlideM (SSM, seed 001 section 6.4): N sliding windows of different sizes over one stream
 * keep their tuples once, in one repository of blocks (a RAM pool of {@code poolBlocks} and a
 * {@link BlockFile}). The recent block is common; each window has its own ancient block and
 * position. A block leaves the repository when the largest window expires it (Procedure 3).
 *
 * <p>Replacement: when a block must make room (a new recent block, or a window's next ancient block
 * read from disk into a full pool), the victim is the block in RAM whose next use is farthest:
 * ref_k = min{d_ki &gt; 0}, the distance from block k to the nearest window's ancient block behind it,
 * and the victim has the largest ref_k. Blocks that are a window's ancient block are in use and never
 * chosen. There is no prefetch: a block comes back from disk when a window reaches it.
 *
 * <p>Windows are counts of tuples (at a constant rate, a window of a time range is a count).
 * Sizes must differ; each must be at least one block. {@link #ordered} makes a repository whose
 * windows the caller expires (count or time windows of the query language).
 */
public final class SharedSlideM implements AutoCloseable {
    private final BlockFile file;
    private final int tupleBytes;
    private final int perBlock;
    private final int poolBlocks;
    private final long[] sizes;
    /** Per window (ascending size): the position of its oldest tuple. */
    private final long[] oldest;

    private final TreeSet<Long> inPool = new TreeSet<>();
    private final ArrayDeque<ByteBuffer> spare = new ArrayDeque<>();
    private ByteBuffer transfer;
    private int buffers;
    /** Live blocks base .. base + live − 1: their buffer (in RAM) or disk slot. */
    private ByteBuffer[] ram = new ByteBuffer[64];

    private long[] slot = new long[64];
    private int head;
    private long base;
    private int live;
    private long appended;

    /** @param windowSizes the windows' sizes in tuples, all different, each at least one block */
    public SharedSlideM(BlockFile file, int blockBytes, int tupleBytes, int poolBlocks, long[] windowSizes) {
        this(file, blockBytes, tupleBytes, poolBlocks, windowSizes.length, windowSizes.clone());
        Arrays.sort(sizes);
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < perBlock || (i > 0 && sizes[i] == sizes[i - 1])) {
                throw new IllegalArgumentException("window sizes must differ and hold at least a block (" + perBlock
                        + " tuples): " + Arrays.toString(windowSizes));
            }
        }
    }

    private SharedSlideM(BlockFile file, int blockBytes, int tupleBytes, int poolBlocks, int windows, long[] sizes) {
        if (tupleBytes > blockBytes)
            throw new IllegalArgumentException(
                    "a tuple of " + tupleBytes + " B does not fit a block of " + blockBytes + " B");
        this.file = file;
        this.tupleBytes = tupleBytes;
        this.perBlock = blockBytes / tupleBytes;
        if (poolBlocks < windows + 2) {
            // every window's ancient block, the recent block and one victim must fit
            throw new IllegalArgumentException("a pool shared by " + windows + " windows needs at least "
                    + (windows + 2) + " blocks, not " + poolBlocks);
        }
        this.poolBlocks = poolBlocks;
        this.sizes = sizes;
        this.oldest = new long[windows];
    }

    /**
     * A repository for windows whose caller expires them (the query language's count and time
     * windows): window 0 has the smallest extent, and the caller expires the windows smallest first,
     * so that no window's oldest tuple is older than a larger window's. Extents may be equal and
     * smaller than a block; {@link #full} is not available.
     */
    public static SharedSlideM ordered(BlockFile file, int blockBytes, int tupleBytes, int poolBlocks, int windows) {
        return new SharedSlideM(file, blockBytes, tupleBytes, poolBlocks, windows, null);
    }

    /** The windows' sizes in ascending order: window i is the i-th smallest (null for {@link #ordered} windows). */
    public long[] sizes() {
        return sizes == null ? null : sizes.clone();
    }

    /** Tuples in window {@code w}. */
    public long size(int w) {
        return appended - oldest[w];
    }

    public int perBlock() {
        return perBlock;
    }

    /** Appends a tuple: returns its offset in {@link #recentBuffer()}, where the caller writes it. */
    public int reserve() {
        long pos = appended++;
        if (pos % perBlock == 0) {
            long no = pos / perBlock;
            ByteBuffer b = inPool.size() == poolBlocks ? evictTo(-1, false) : buffer();
            addBlock(no, b);
        }
        return (int) (pos % perBlock) * tupleBytes;
    }

    public ByteBuffer recentBuffer() {
        return ram[index(base + live - 1)];
    }

    /** Whether window {@code w} holds more than its size (its oldest tuple must expire). */
    public boolean full(int w) {
        return appended - oldest[w] > sizes[w];
    }

    public ByteBuffer oldestBuffer(int w) {
        return ram[index(oldest[w] / perBlock)];
    }

    public int oldestOffset(int w) {
        return (int) (oldest[w] % perBlock) * tupleBytes;
    }

    /** Window {@code w}'s oldest tuple expires (Procedure 3). */
    public void removeOldest(int w) {
        if (oldest[w] == appended) throw new IllegalStateException("window " + w + " is empty");
        long block = oldest[w] / perBlock;
        long next = ++oldest[w];
        if (next % perBlock != 0) return;
        if (w == oldest.length - 1) {
            // the largest window leaves the block: no window needs it any more
            ByteBuffer b = ram[index(block)];
            inPool.remove(block);
            spare.addLast(b);
            ram[index(block)] = null;
            head = (head + 1) % ram.length;
            base++;
            live--;
        }
        long nb = next / perBlock;
        if (nb >= base + live || ram[index(nb)] != null) return;
        // the window's new ancient block is on disk: read it, into a freed buffer or in place of a victim
        long s = slot[index(nb)];
        if (inPool.size() == poolBlocks) {
            if (transfer == null) transfer = file.newBuffer();
            file.read(s, transfer);
            ByteBuffer victimBuffer = evictTo(s, true);
            ram[index(nb)] = transfer;
            transfer = victimBuffer;
        } else {
            ByteBuffer b = buffer();
            file.read(s, b);
            file.release(s);
            ram[index(nb)] = b;
        }
        slot[index(nb)] = -1;
        inPool.add(nb);
    }

    /**
     * Chooses the victim and writes it into {@code intoSlot}, or (-1) a free slot or the end of the
     * file; returns its buffer. The recent block may go only when it is full (a new one is starting).
     */
    private ByteBuffer evictTo(long intoSlot, boolean keepRecent) {
        long victim = victim(keepRecent ? base + live - 1 : -1);
        ByteBuffer b = ram[index(victim)];
        long s;
        if (intoSlot >= 0) {
            file.writeAt(intoSlot, b);
            s = intoSlot;
        } else {
            s = file.write(b);
        }
        ram[index(victim)] = null;
        slot[index(victim)] = s;
        inPool.remove(victim);
        return b;
    }

    /** The block in RAM, not a window's ancient block, with the largest distance to the nearest ancient block behind it. */
    long victim(long keep) {
        long best = -1;
        long bestRef = -1;
        // ancient blocks, newest (smallest window) first
        long newest = oldest[0] / perBlock;
        Long top = inPool.last();
        while (top != null && (top == keep || isAncient(top))) top = inPool.lower(top);
        if (top != null && top > newest) {
            best = top;
            bestRef = top - newest;
        }
        for (int j = 0; j + 1 < oldest.length; j++) {
            long upper = oldest[j] / perBlock;
            long lower = oldest[j + 1] / perBlock;
            Long c = inPool.lower(upper);
            if (c != null && c > lower && c - lower > bestRef) {
                best = c;
                bestRef = c - lower;
            }
        }
        if (best < 0)
            throw new IllegalStateException(
                    "no block can leave a pool of " + poolBlocks + " for " + oldest.length + " windows");
        return best;
    }

    private boolean isAncient(long block) {
        for (long o : oldest) {
            if (o / perBlock == block) return true;
        }
        return false;
    }

    private ByteBuffer buffer() {
        ByteBuffer b = spare.pollFirst();
        if (b != null) return b;
        buffers++;
        return file.newBuffer();
    }

    private void addBlock(long no, ByteBuffer b) {
        if (live == ram.length) grow();
        ram[index(no)] = b;
        slot[index(no)] = -1;
        live++;
        inPool.add(no);
    }

    private int index(long block) {
        return (int) ((head + (block - base)) % ram.length);
    }

    private void grow() {
        ByteBuffer[] r = new ByteBuffer[ram.length * 2];
        long[] s = new long[r.length];
        for (int i = 0; i < live; i++) {
            r[i] = ram[(head + i) % ram.length];
            s[i] = slot[(head + i) % ram.length];
        }
        ram = r;
        slot = s;
        head = 0;
    }

    public long reads() {
        return file.reads();
    }

    public long writes() {
        return file.writes();
    }

    /** Blocks of RAM allocated (the pool's buffers and the one a swap goes through). */
    public long ramBlocks() {
        return buffers + (transfer == null ? 0 : 1);
    }

    /** Blocks the disk file holds (its high-water mark: slots are reused, never given back). */
    public long diskSlots() {
        return file.slots();
    }

    @Override
    public void close() {
        file.close();
    }
}
