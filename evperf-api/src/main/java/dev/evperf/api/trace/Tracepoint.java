package dev.evperf.api.trace;

/**
 * A named point in the code where an event's passage is timestamped. Registered once, with its
 * source location taken then (one stack walk at registration, never on the hot path); recorded
 * with {@link #record(long)} per event. Segments between consecutive tracepoints of the same event
 * give per-stage durations (seed 000's method, without its allocating tracer).
 */
public final class Tracepoint {
    private final int id;
    private final String name;
    private final String location;

    Tracepoint(int id, String name, String location) {
        this.id = id;
        this.name = name;
        this.location = location;
    }

    /** Registers (or finds) the tracepoint of this name; the location is the caller's. */
    public static Tracepoint register(String name) {
        String at = StackWalker.getInstance().walk(s -> s.skip(1)
                .findFirst()
                .map(f -> f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber())
                .orElse("?"));
        return Tracer.register(name, at);
    }

    /**
     * Timestamps event {@code seq} here, into the calling thread's buffer: one clock read, three
     * array stores, no allocation, no lock. Does nothing while tracing is off. Code that records
     * on the same thread in a loop can hold {@link Tracer#buffer()} and skip the thread-local lookup.
     */
    public void record(long seq) {
        if (Tracer.enabled) Tracer.buffer().record(this, seq);
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public String location() {
        return location;
    }

    @Override
    public String toString() {
        return name + " @ " + location;
    }
}
