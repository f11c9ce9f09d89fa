package dev.evperf.core.trial;

import dev.evperf.core.engine.ClassArchive;
import dev.evperf.core.engine.EngineModules;
import java.util.List;

/** The class-data-sharing options of a trial JVM: its engine's archive when the engine check left one that loads. */
final class TrialArchive {
    private TrialArchive() {}

    static List<String> options(String engine, String classPath) {
        EngineModules.External e = EngineModules.external(engine);
        if (e == null || !e.classArchive()) return List.of();
        ClassArchive a = ClassArchive.of(classPath);
        // A missing or failed archive: the trial runs as it would without archives (only its start-up is slower).
        return a != null && a.usable() ? a.useOptions() : List.of();
    }
}
