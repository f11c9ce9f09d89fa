package dev.evperf.ref.config;

import dev.evperf.api.EngineException;
import dev.evperf.ref.slidem.BlockFile;
import dev.evperf.ref.slidem.SlideM;
import dev.evperf.ref.slidem.SlideMStore;
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
        int tuple = SlideMStore.tupleBytes(spec.grouped(), spec.timed(), spec.argFields().length);
        if (tuple > options.blockBytes()) {
            throw new EngineException("ref: a window tuple of " + tuple + " B does not fit SlideM's block of "
                    + options.blockBytes() + " B");
        }
        // the option, else the trial's directory (the trial owns the file), else the system's temporary directory
        String trial = System.getProperty(dev.evperf.api.EngineFactory.TRIAL_DIR);
        Path dir = options.directory() != null
                ? options.directory()
                : Path.of(trial != null ? trial : System.getProperty("java.io.tmpdir"));
        try {
            BlockFile file = new BlockFile(dir, "ref-slidem-", options.blockBytes(), options.directIo());
            return new SlideMStore(
                    new SlideM(file, options.blockBytes(), tuple, options.poolBlocks()),
                    spec.grouped(),
                    spec.timed(),
                    spec.argFields().length);
        } catch (IOException e) {
            throw new EngineException("ref: SlideM: " + e.getMessage().replaceAll("\\s*\\R\\s*", " "), e);
        }
    }
}
