package dev.evperf.monitor.channel;

import dev.evperf.api.config.Keyword;

/** How a buffered channel's blocks are stored in its file. */
public enum Compression implements Keyword {
    /** Raw little-endian longs. */
    NONE("none", ".bin"),
    /** One zstd frame per block (zstd-jni). */
    ZSTD("zstd", ".bin.zst"),
    /** One LZ4 block per block (lz4-java, raw block format, the raw length in the block header). */
    LZ4("lz4", ".bin.lz4");

    private final String id;
    private final String suffix;

    Compression(String id, String suffix) {
        this.id = id;
        this.suffix = suffix;
    }

    /** The name used in configurations and file headers. */
    public String id() {
        return id;
    }

    @Override
    public String text() {
        return id;
    }

    /** The default file name suffix of a channel with this compression. */
    public String suffix() {
        return suffix;
    }

    /** @return the compression of that name, or null */
    public static Compression of(String name) {
        for (Compression c : values()) {
            if (c.id.equals(name)) {
                return c;
            }
        }
        return null;
    }
}
