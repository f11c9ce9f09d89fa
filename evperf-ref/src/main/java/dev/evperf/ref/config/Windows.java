package dev.evperf.ref.config;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.ref.slidem.BlockFile;
import dev.evperf.ref.slidem.SharedSlideM;
import dev.evperf.ref.slidem.SharedSlideMStore;
import dev.evperf.ref.slidem.SlideM;
import dev.evperf.ref.slidem.SlideMStore;
import dev.evperf.ref.store.SharedStore;
import dev.evperf.ref.store.StoreSpec;
import dev.evperf.ref.store.Stores;
import dev.evperf.ref.store.TupleStore;
import java.io.IOException;
import java.nio.file.Path;

/** The store of a sliding window as the engine's options ask: in the heap in a layout, or SlideM's. */
public final class Windows {
    private Windows() {}

    public static TupleStore store(StoreSpec spec, RefOptions options) throws EngineException {
        if (!options.slidem()) return Stores.inMemory(options.layout(), spec, options.staging());
        int tuple = tupleBytes(spec, options);
        BlockFile file = file(options);
        return new SlideMStore(
                new SlideM(file, options.blockBytes(), tuple, options.poolBlocks()),
                spec.grouped(),
                spec.timed(),
                spec.argFields().length);
    }

    /**
     * One Shared SlideM for {@code windows} windows over one stream that keep the same tuple
     * ({@code spec}), numbered by extent by the caller. Its pool is {@code pool_blocks}, or N + 2
     * blocks when that is more (each window's ancient block, the recent one and a victim).
     */
    public static SharedStore shared(StoreSpec spec, int windows, RefOptions options) throws EngineException {
        int tuple = tupleBytes(spec, options);
        BlockFile file = file(options);
        int pool = Math.max(options.poolBlocks(), windows + 2);
        return new SharedSlideMStore(
                SharedSlideM.ordered(file, options.blockBytes(), tuple, pool, windows),
                spec.grouped(),
                spec.timed(),
                spec.argFields().length);
    }

    private static int tupleBytes(StoreSpec spec, RefOptions options) throws EngineException {
        int tuple = SlideMStore.tupleBytes(spec.grouped(), spec.timed(), spec.argFields().length);
        if (tuple > options.blockBytes()) {
            throw new EngineException("ref: a window tuple of " + tuple + " B does not fit SlideM's block of "
                    + options.blockBytes() + " B");
        }
        return tuple;
    }

    /** SlideM's file: in the option's directory, else the trial's (the trial owns it), else the system's temporary one. */
    private static BlockFile file(RefOptions options) throws EngineException {
        String trial = System.getProperty(EngineFactory.TRIAL_DIR);
        Path dir = options.directory() != null
                ? options.directory()
                : Path.of(trial != null ? trial : System.getProperty("java.io.tmpdir"));
        try {
            return new BlockFile(dir, "ref-slidem-", options.blockBytes(), options.directIo());
        } catch (IOException e) {
            throw new EngineException("ref: SlideM: " + e.getMessage().replaceAll("\\s*\\R\\s*", " "), e);
        }
    }
}
