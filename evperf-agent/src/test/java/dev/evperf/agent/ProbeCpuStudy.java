package dev.evperf.agent;

import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.agent.wire.Secret;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * What one clock probe costs, measured on a real agent JVM over loopback (or, with a command
 * prefix such as {@code ip netns exec NS} and that namespace's address, over a veth pair): wall time
 * and the controller thread's CPU time per probe window, and the agent process's CPU time per probe
 * over an idle baseline of the same length (the agent's JVM does other things too: GC, compiler
 * threads). Windows are taken as a trial takes them during the load ({@code n} round trips, 200 µs
 * apart), after {@link ClockProbes#WARM_UP_PROBES} warm-up round trips. Not a test: its figures are in
 * docs/benchmarks.md. Run from the module's test class path: {@code java -cp … dev.evperf.agent.ProbeCpuStudy
 * [windows] [probes per window] [rounds] [network namespace] [its address]} (defaults 1000, 8, 3;
 * loopback). The namespace and a veth pair to it are made beforehand, e.g. as NetnsAgentTest makes them.
 */
public final class ProbeCpuStudy {
    private ProbeCpuStudy() {}

    public static void main(String[] args) throws Exception {
        int windows = intArg(args, 0, 1_000);
        int n = intArg(args, 1, 8);
        int rounds = intArg(args, 2, 3);
        List<String> prefix = args.length > 4 ? List.of("ip", "netns", "exec", args[3]) : List.of();
        String host = args.length > 4 ? args[4] : "127.0.0.1";
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Path dir = Files.createTempDirectory("evperf-probe-cpu");
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        System.out.println("round,windows,probes,window_wall_us,controller_cpu_per_probe_us,"
                + "agent_cpu_per_probe_us,agent_idle_cpu_per_s_ms,min_rtt_us,rtt_p50_us");
        for (int r = 0; r < rounds; r++) {
            try (LocalAgent agent = LocalAgent.start(
                    "probed",
                    prefix,
                    host,
                    System.getProperty("java.class.path"),
                    secretFile,
                    dir.resolve("probed.log"),
                    Duration.ofSeconds(90),
                    List.of())) {
                ProcessHandle ph = agent.process().toHandle();
                try (AgentLink link = AgentLink.connect(
                        "probed", agent.address().host(), agent.address().port(), secret, 15_000)) {
                    link.probe(new ProbeWindow("warm-up"), ClockProbes.WARM_UP_PROBES, 0);
                    // idle baseline first, as long as the probing will take (estimated from one window)
                    ProbeWindow first = new ProbeWindow("w");
                    link.probe(first, n, 200);
                    long idleNs = first.wallNs() * windows;
                    long a0 = cpuNs(ph);
                    LockSupport.parkNanos(idleNs);
                    long idleCpu = cpuNs(ph) - a0;
                    long wall = 0;
                    long[] rtts = new long[windows * n];
                    long c0 = threads.getCurrentThreadCpuTime();
                    long b0 = cpuNs(ph);
                    for (int w = 0; w < windows; w++) {
                        ProbeWindow pw = new ProbeWindow("w" + w);
                        link.probe(pw, n, 200);
                        wall += pw.wallNs();
                        System.arraycopy(pw.rtts(), 0, rtts, w * n, n);
                    }
                    long controllerCpu = threads.getCurrentThreadCpuTime() - c0;
                    long agentCpu = cpuNs(ph) - b0;
                    java.util.Arrays.sort(rtts);
                    int probes = windows * n;
                    System.out.printf(
                            "%d,%d,%d,%.1f,%.2f,%.2f,%.1f,%.1f,%.1f%n",
                            r,
                            windows,
                            probes,
                            wall / 1e3 / windows,
                            controllerCpu / 1e3 / probes,
                            (agentCpu - idleCpu * (double) wall / idleNs) / 1e3 / probes,
                            idleCpu / 1e6 / (idleNs / 1e9),
                            rtts[0] / 1e3,
                            rtts[probes / 2] / 1e3);
                }
            }
        }
    }

    private static int intArg(String[] args, int i, int otherwise) {
        return args.length > i ? Integer.parseInt(args[i]) : otherwise;
    }

    /** The process's CPU time so far (user + system, all its threads), from /proc through ProcessHandle. */
    private static long cpuNs(ProcessHandle p) {
        return p.info().totalCpuDuration().orElseThrow().toNanos();
    }
}
