package dev.evperf.core.component;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * A component a test class starts in the background: its start-up (a JVM of its own that reads
 * its jars and opens its ports) overlaps the class's other components' and the first test's
 * set-up. The first use waits for it; a failed start is thrown there, as it was thrown.
 */
final class Starting<C extends Component> {
    private final CompletableFuture<C> started;

    private Starting(CompletableFuture<C> started) {
        this.started = started;
    }

    static <C extends Component> Starting<C> start(String what, Supplier<C> start) {
        CompletableFuture<C> f = new CompletableFuture<>();
        Thread t = new Thread(
                () -> {
                    try {
                        f.complete(start.get());
                    } catch (Throwable e) {
                        f.completeExceptionally(e);
                    }
                },
                "start " + what);
        t.setDaemon(true);
        t.start();
        return new Starting<>(f);
    }

    /** The started component, once it is ready. */
    C get() {
        try {
            return started.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw e;
        }
    }

    /** Waits for the start to end, then stops the component if it started. */
    void close() {
        C c;
        try {
            c = started.join();
        } catch (CompletionException e) {
            return; // nothing started; the failure was thrown to the tests that used it
        }
        c.close();
    }
}
