package dev.evperf.core.engine;

import dev.evperf.api.EngineFactory;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The engine adapters on the class path, by name (ServiceLoader: engines are plugged in). */
public final class Engines {
    private Engines() {}

    public static Map<String, EngineFactory> available() {
        Map<String, EngineFactory> out = new TreeMap<>();
        for (ServiceLoader.Provider<EngineFactory> p :
                ServiceLoader.load(EngineFactory.class).stream().toList()) {
            try {
                EngineFactory f = p.get();
                out.put(f.name(), f);
            } catch (ServiceConfigurationError | LinkageError e) {
                // An adapter whose libraries are not on this class path (EngineModules.EXTERNAL on the CLI's): its
                // trials load it.
            }
        }
        return out;
    }

    public static EngineFactory get(String name) {
        EngineFactory f = available().get(name);
        if (f == null) throw new IllegalArgumentException("no engine adapter named '" + name + "' on the class path");
        return f;
    }
}
