package dev.evperf.monitor.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The end of a pipeline. {@link #accept} is called by the pipeline's consumer threads, each with
 * its own index, so per-consumer buffers need no lock; it must not keep a reference to the record
 * (it goes back to the pool when accept returns). {@link #close} is called once, after every
 * consumer has stopped.
 */
public interface Sink {
    /** @param consumer the calling consumer's index, 0 ≤ consumer &lt; the pipeline's consumers */
    void accept(int consumer, MonitorRecord r) throws IOException;

    void close() throws IOException;

    /** Opens a sink from the value under its name in the configuration, e.g. the file of {@code csv: file.csv}. */
    @FunctionalInterface
    interface Factory {
        /**
         * @param argument the value under the sink's name
         * @param dir the directory relative file names are resolved against
         * @param consumers how many consumer threads will call accept
         */
        Sink open(JsonNode argument, Path dir, int consumers) throws IOException;
    }
}
