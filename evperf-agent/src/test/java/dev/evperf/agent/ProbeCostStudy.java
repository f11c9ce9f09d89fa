package dev.evperf.agent;

import dev.evperf.agent.wire.Secret;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 13: "Clock probes cost the driver nothing measurable. Compare schedule precision with and
 * without them in one run." Trials alternate, ABBA, between probing during the trial (by default the
 * workload default, 8 round trips to every agent and the driver's 8 to its sink every 200 ms) and no
 * probes during it ({@code probes.during: 0}: the before and after windows only; the controller's
 * status polls every period stay, so the probes are the only difference); each reports the driver
 * agent's generator lag (send start - intended time, on its own clock). Not a test: a measurement,
 * its figures in docs/benchmarks.md. Run from the module's test class path:
 * {@code java -cp target/test-classes:target/classes:<deps> dev.evperf.agent.ProbeCostStudy [rounds] [events] [rate] [probes per window during] [period ms]}
 * (defaults 3, 4000, 4000, 8, 200).
 */
public final class ProbeCostStudy {
    private ProbeCostStudy() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int events = args.length > 1 ? Integer.parseInt(args[1]) : 4_000;
        double rate = args.length > 2 ? Double.parseDouble(args[2]) : 4_000;
        int during = args.length > 3 ? Integer.parseInt(args[3]) : 8;
        long period = args.length > 4 ? Long.parseLong(args[4]) : 200;
        Path dir = Files.createTempDirectory("evperf-probe-cost");
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        System.out.println(
                "round,probing,anchors_during,lag_p50_us,lag_p99_us,lag_max_us,latency_p50_us,clock_bound_us");
        for (int r = 0; r < rounds; r++) {
            // ABBA: even rounds probe first, odd rounds second
            for (boolean probing : new boolean[] {r % 2 == 0, r % 2 != 0}) {
                List<LocalAgent> agents = new ArrayList<>();
                try {
                    for (String n : List.of("driver-1", "sink-1")) {
                        agents.add(LocalAgent.start(
                                n,
                                System.getProperty("java.class.path"),
                                secretFile,
                                dir.resolve(n + ".log"),
                                Duration.ofSeconds(90),
                                List.of()));
                    }
                    AgentTrial.Plan plan = new AgentTrial.Plan(
                            List.of(agents.get(0).address(), agents.get(1).address()),
                            List.of("driver-1"),
                            List.of("sink-1"),
                            events,
                            rate,
                            32,
                            probing ? during : 0,
                            period,
                            15_000);
                    AgentFigures f = new AgentTrial(plan, secret).run();
                    System.out.printf(
                            "%d,%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f%n",
                            r,
                            probing ? "during" : "none",
                            f.relation("driver-1").anchors().size() - 2,
                            f.lagPercentile(50) / 1e3,
                            f.lagPercentile(99) / 1e3,
                            f.lagPercentile(100) / 1e3,
                            f.latencyPercentile(50) / 1e3,
                            f.maxBound() / 1e3);
                } finally {
                    for (LocalAgent a : agents) a.close();
                }
            }
        }
    }
}
