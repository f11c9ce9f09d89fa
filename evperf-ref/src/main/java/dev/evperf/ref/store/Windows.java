package dev.evperf.ref.store;

import dev.evperf.api.EngineException;
import dev.evperf.ref.RefOptions;

/** The store of a sliding window as the engine's options ask: in the heap in a layout, or SlideM's. */
public final class Windows {
    private Windows() {
    }

    public static TupleStore store(StoreSpec spec, RefOptions options) throws EngineException {
        return Stores.inMemory(options.layout(), spec, options.staging());
    }
}
