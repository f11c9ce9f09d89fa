package dev.evperf.core.trial;

import dev.evperf.core.driver.Driver;
import dev.evperf.core.workload.Timing;
import dev.evperf.core.workload.Workload;
import java.util.List;

/**
 * Capacity mode's trial JVMs compile the driver's untimed send loop ({@code Driver.sendDue}) early: C2 takes it at
 * {@value #SCALING} of the JVM's usual thresholds (a JIT option for that one method of evperf's; the engine's own
 * methods keep the JVM's thresholds).
 *
 * <p>Why: the loop calls the engine once per event, and C2 inlines the engine's send chain into it only if it has not
 * already compiled the chain's methods on their own into a large body ("already compiled into a big method", in
 * {@code -XX:+PrintInlining}); then each event pays calls the bare loop does not. Which comes first is a race
 * between the compiler threads and the sender. In a trial JVM, whose harness methods wait for the compiler too, the
 * chain won it far more often than in a bare loop's JVM: on Siddhi's pass-through query, in about a quarter to a
 * third of capacity trials against a few percent of bare loops, and those trials were the slow ones. Compiled
 * early, the loop had the chain inlined in 80 of 81 trials measured (docs/benchmarks.md, "Compiling the loop early").
 */
final class SendLoopCompile {
    static final String LOOP = Driver.class.getName() + "::sendDue";
    static final double SCALING = 0.05;

    private SendLoopCompile() {}

    /** The trial JVM's options: only for {@code measure.timing: sampled}, the only mode that uses the loop. */
    static List<String> options(Workload w) {
        if (w.measure.timing != Timing.SAMPLED) return List.of();
        return List.of("-XX:CompileCommand=CompileThresholdScaling," + LOOP + "," + SCALING);
    }
}
