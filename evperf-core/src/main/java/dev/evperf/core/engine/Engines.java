package dev.evperf.core.engine;

import dev.evperf.api.EngineFactory;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The engine adapters on the class path, by name (ServiceLoader: engines are plugged in). */
public final class Engines {
    private Engines() {
    }

    public static Map<String, EngineFactory> available() {
        Map<String, EngineFactory> out = new TreeMap<>();
        for (EngineFactory f : ServiceLoader.load(EngineFactory.class)) {
            out.put(f.name(), f);
        }
        return out;
    }

    public static EngineFactory get(String name) {
        EngineFactory f = available().get(name);
        if (f == null) throw new IllegalArgumentException("no engine adapter named '" + name + "' on the class path");
        return f;
    }
}
