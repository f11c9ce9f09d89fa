package dev.evperf.ref.slidem;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * SlideM (seed 001, section 6.3): one sliding window's tuples in fixed-size blocks, a buffer pool of
 * {@code poolBlocks} blocks in RAM and the rest in a {@link BlockFile}. A window touches its tuples
 * twice, in arrival order (appended at the recent end, expired at the ancient end), so the pool
 * keeps the blocks needed soonest, which is Belady's optimal replacement:
 * <ul>
 * <li>{@code add} (Procedure 1): when the recent block is full and the pool is full, the recent block
 *     (most recently written, needed last) goes to disk, to the free slot released longest ago or the
 *     end of the file, and its buffer becomes the new recent block;</li>
 * <li>{@code removeOldest} (Procedure 2): when the ancient block is emptied it leaves the pool, and the
 *     least recently written disk block (needed next) is read into its buffer.</li>
 * </ul>
 * The pool is at least 2 blocks (an ancient and a recent one). While data is on disk the pool is
 * full, and its blocks are the oldest ones of the window plus the recent one; in steady state each
 * block of tuples costs one write and one read: IOPS = 2λ / ⌊block / tuple⌋.
 *
 * <p>Tuples are written and read in place ({@link #reserve}, {@link #oldestOffset}) with absolute
 * puts and gets on the blocks' direct buffers: no object per tuple.
 */
public final class SlideM implements AutoCloseable {
    private final BlockFile file;
    private final int tupleBytes;
    private final int perBlock;
    private final int poolBlocks;
    private int buffers;
    private final ArrayDeque<ByteBuffer> spare = new ArrayDeque<>();
    /** The window's blocks in RAM before the disk's part, oldest first; the recent block is apart. */
    private final ArrayDeque<Block> old = new ArrayDeque<>();
    /** Disk slots of the blocks between {@code old} and {@code recent}, oldest first. */
    private final ArrayDeque<Long> onDisk = new ArrayDeque<>();

    private Block recent;
    private long size;

    private static final class Block {
        final ByteBuffer buffer;
        int written;
        int expired;

        Block(ByteBuffer buffer) {
            this.buffer = buffer;
        }
    }

    /**
     * @param file       the disk half (owned: closed with this repository)
     * @param blockBytes the block size (the file's)
     * @param tupleBytes a tuple's fixed size
     * @param poolBlocks the RAM half, in blocks (≥ 2)
     */
    public SlideM(BlockFile file, int blockBytes, int tupleBytes, int poolBlocks) {
        if (poolBlocks < 2)
            throw new IllegalArgumentException("SlideM needs a pool of at least 2 blocks, not " + poolBlocks);
        if (tupleBytes > blockBytes)
            throw new IllegalArgumentException(
                    "a tuple of " + tupleBytes + " B does not fit a block of " + blockBytes + " B");
        this.file = file;
        this.tupleBytes = tupleBytes;
        this.perBlock = blockBytes / tupleBytes;
        this.poolBlocks = poolBlocks;
    }

    /** Tuples per block, ⌊block / tuple⌋. */
    public int perBlock() {
        return perBlock;
    }

    public long size() {
        return size;
    }

    /**
     * Makes room for one tuple at the recent end and returns its offset in {@link #recentBuffer()};
     * the caller writes the tuple's bytes there before the next call.
     */
    public int reserve() {
        Block r = recent;
        if (r == null || r.written == perBlock) r = newRecent();
        size++;
        return r.written++ * tupleBytes;
    }

    public ByteBuffer recentBuffer() {
        return recent.buffer;
    }

    private Block newRecent() {
        Block full = recent;
        if (full == null) {
            recent = new Block(buffer());
            return recent;
        }
        if (old.size() + 1 == poolBlocks) {
            // Procedure 1: the pool is full, so the recent block goes to disk and its buffer is reused
            onDisk.addLast(file.write(full.buffer));
            full.written = 0;
            full.expired = 0;
            return full;
        }
        // room in the pool (then nothing is on disk): the full block stays in RAM, in order
        old.addLast(full);
        recent = new Block(buffer());
        return recent;
    }

    private ByteBuffer buffer() {
        ByteBuffer b = spare.pollFirst();
        if (b != null) return b;
        buffers++;
        return file.newBuffer();
    }

    private Block ancient() {
        return old.isEmpty() ? recent : old.peekFirst();
    }

    /** The block holding the oldest tuple (valid until the next change). */
    public ByteBuffer oldestBuffer() {
        return ancient().buffer;
    }

    public int oldestOffset() {
        return ancient().expired * tupleBytes;
    }

    /** Expires the oldest tuple (Procedure 2: an emptied ancient block is replaced by the least recently written disk block). */
    public void removeOldest() {
        if (size == 0) throw new IllegalStateException("the window is empty");
        size--;
        Block a = ancient();
        a.expired++;
        if (a == recent) {
            if (a.expired == a.written && a.written == perBlock) {
                a.written = 0;
                a.expired = 0;
            }
            return;
        }
        if (a.expired < perBlock) return;
        old.pollFirst();
        if (onDisk.isEmpty()) {
            spare.addLast(a.buffer);
            return;
        }
        long slot = onDisk.pollFirst();
        file.read(slot, a.buffer);
        file.release(slot);
        a.written = perBlock;
        a.expired = 0;
        old.addLast(a);
    }

    /** Disk block reads so far. */
    public long reads() {
        return file.reads();
    }

    public long writes() {
        return file.writes();
    }

    /** Blocks of RAM allocated (≤ the pool). */
    public int poolBuffers() {
        return buffers;
    }

    /** Blocks the disk file holds. */
    public long diskSlots() {
        return file.slots();
    }

    public BlockFile file() {
        return file;
    }

    @Override
    public void close() {
        file.close();
    }
}
