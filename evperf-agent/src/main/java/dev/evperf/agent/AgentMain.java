package dev.evperf.agent;

import java.nio.file.Path;

/**
 * The agent JVM's main, for agents a controller starts itself (through
 * {@code dev.evperf.launch.ChildMain}, whose parent-death watch ends the agent with its starter).
 * The same options as {@code evperf agent}: {@code --listen host:port --secret-file F [--name N]
 * [--allow-remote] [--accept-ms MS] [--idle-ms MS] [--test-clock-offset-ns NS]
 * [--test-clock-drift-ppm PPM]}.
 */
public final class AgentMain {
    private AgentMain() {}

    public static void main(String[] args) throws Exception {
        AgentOptions o;
        try {
            o = parse(args);
            o.bindAddress(); // a non-loopback address without --allow-remote: one line, before anything listens
        } catch (IllegalArgumentException e) {
            System.err.println("evperf agent: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.exit(AgentServer.run(o, System.err));
    }

    static AgentOptions parse(String[] args) {
        String listen = "127.0.0.1:0";
        Path secret = null;
        String name = "agent";
        boolean remote = false;
        long accept = 120_000;
        long idle = 30_000;
        long offset = 0;
        double drift = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--allow-remote")) {
                remote = true;
                continue;
            }
            if (i + 1 >= args.length) throw new IllegalArgumentException(a + ": value missing");
            String v = args[++i];
            switch (a) {
                case "--listen" -> listen = v;
                case "--secret-file" -> secret = Path.of(v);
                case "--name" -> name = v;
                case "--accept-ms" -> accept = Long.parseLong(v);
                case "--idle-ms" -> idle = Long.parseLong(v);
                case "--test-clock-offset-ns" -> offset = Long.parseLong(v);
                case "--test-clock-drift-ppm" -> drift = Double.parseDouble(v);
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        if (secret == null) throw new IllegalArgumentException("--secret-file is required");
        String[] hp = AgentOptions.hostPort(listen);
        return new AgentOptions(hp[0], Integer.parseInt(hp[1]), secret, remote, name, accept, idle, offset, drift);
    }
}
