package dev.evperf.ref.store;

import dev.evperf.api.EngineException;

/** Makes a sliding window's store in the layout asked for. */
public final class Stores {
    private Stores() {}

    /**
     * @param staging K for the column layouts (1: off)
     * @throws EngineException when the layout cannot hold this window (object layouts need every value the
     *                         window reads back to be an attribute; POJO needs stream1's schema)
     */
    public static TupleStore inMemory(Layout layout, StoreSpec spec, int staging) throws EngineException {
        if (layout != Layout.PROJECTED && !spec.allFromAttributes()) {
            throw new EngineException(
                    "ref: layout " + layout.yamlName() + " keeps whole events, so the window's time and"
                            + " aggregate arguments must be attributes (not computed, not arrival time); use layout projected");
        }
        return switch (layout) {
            case MAP -> new MapStore(spec);
            case ARRAY -> new ArrayStore(spec);
            case POJO -> new PojoStore(spec);
            case COLUMNS -> new ColumnStore(spec, staging);
            case PROJECTED -> new ProjectedStore(
                    spec.grouped(), spec.timed(), spec.argFields().length, spec.capacity(), spec.growable(), staging);
        };
    }
}
