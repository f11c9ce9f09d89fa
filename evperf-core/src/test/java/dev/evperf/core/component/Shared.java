package dev.evperf.core.component;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A component shared by every test class of the test JVM that asks for it by name: started (in the
 * background, {@link Starting}) in a directory of its own when the first such class begins, kept in
 * JUnit's root store, and stopped, its directory removed, when the JVM's tests end. Starting a
 * broker or a Flink cluster takes a JVM start and its jars' loading; surefire runs a module's test
 * classes in one JVM, so this is paid once per module instead of once per class.
 */
final class Shared<C extends Component> implements ExtensionContext.Store.CloseableResource {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(Shared.class);

    private final Path dir;
    private final Starting<C> starting;

    private Shared(String what, Function<Path, C> start) {
        try {
            dir = Files.createTempDirectory("evperf-" + what + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        starting = Starting.start(what, () -> start.apply(dir));
    }

    /** The JVM's {@code what}, started with {@code start} (given its directory) by the first class that asks. */
    @SuppressWarnings("unchecked")
    static <C extends Component> Shared<C> of(ExtensionContext context, String what, Function<Path, C> start) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent(what, k -> new Shared<>(what, start), Shared.class);
    }

    /** The started component, once it is ready. */
    C get() {
        return starting.get();
    }

    @Override
    public void close() throws IOException {
        starting.close();
        BrokerExtension.deleteTree(dir);
    }
}
