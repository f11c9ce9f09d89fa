package dev.evperf.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.agent.clock.SkewedClock;
import dev.evperf.agent.wire.Secret;
import dev.evperf.agent.wire.Wire;
import dev.evperf.launch.Ready;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent process: it listens, waits for one controller that knows the run's secret, serves its
 * requests (probes, plans, start, status, records, handler switches, stop) and exits, stopping every part it runs
 * (a broker it started too), when that controller says bye,
 * closes the connection, or stays silent longer than the idle limit. Every loop is bounded: the wait
 * for a controller ({@code acceptMs}), the wrong answers ({@link AgentOptions#MAX_REFUSALS}), the
 * requests of a session ({@value #MAX_REQUESTS}), the silence between them ({@code idleMs}).
 */
public final class AgentServer {
    static final int MAX_REQUESTS = 10_000_000;
    static final int MAX_PARTS = 16;
    /** Exit code when no controller came (or only ones with a wrong secret). */
    public static final int NO_CONTROLLER = 3;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AgentOptions options;
    private final PrintStream err;
    private final SkewedClock clock;
    private final List<Part> parts = new ArrayList<>();
    private InetAddress bind;
    private Secret secret;
    /** The highest CONFIGURE counter accepted: a request signed before is not taken twice. */
    private long lastConfigure;
    /** The direct clock probes between agents: this agent's responder (a sink's) and prober (a driver's). */
    private PeerClock.Responder responder;

    private PeerClock.Prober prober;

    private AgentServer(AgentOptions options, PrintStream err) {
        this.options = options;
        this.err = err;
        this.clock = new SkewedClock(options.testOffsetNs(), options.testDriftPpm());
    }

    /**
     * Runs the agent until its controller goes away.
     *
     * @return the exit code: 0 after a controller's session, {@link #NO_CONTROLLER} otherwise
     * @throws IllegalArgumentException bad options (one line)
     */
    public static int run(AgentOptions options, PrintStream err) throws IOException {
        return new AgentServer(options, err).serve();
    }

    private int serve() throws IOException {
        bind = options.bindAddress();
        secret = Secret.read(options.secretFile());
        StaleBrokerDirs.sweep(Path.of(System.getProperty("java.io.tmpdir")), err, options.name());
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(bind, options.port()));
            server.setSoTimeout((int) Math.min(Integer.MAX_VALUE, options.acceptMs()));
            Ready.announce(
                    "up",
                    "port",
                    Integer.toString(server.getLocalPort()),
                    "name",
                    options.name(),
                    "clock_base",
                    Long.toString(clock.base()));
            if (clock.skewed()) {
                err.println("agent " + options.name() + ": TEST CLOCK SKEW offset " + clock.offsetNs() + " ns, drift "
                        + clock.driftPpm() + " ppm on every timestamp it reports");
            }
            for (int refused = 0; refused < AgentOptions.MAX_REFUSALS; ) {
                Socket s;
                try {
                    s = server.accept();
                } catch (SocketTimeoutException e) {
                    err.println("agent " + options.name() + ": no controller connected within " + options.acceptMs()
                            + " ms");
                    return NO_CONTROLLER;
                }
                try (s) {
                    if (admit(s, secret)) {
                        session(s);
                        return 0;
                    }
                    refused++;
                }
            }
            err.println("agent " + options.name() + ": " + AgentOptions.MAX_REFUSALS
                    + " controllers with a wrong secret; exiting");
            return NO_CONTROLLER;
        } finally {
            stopParts();
        }
    }

    /** The challenge: true when the controller answered it with the run's secret. */
    private boolean admit(Socket s, Secret secret) throws IOException {
        s.setSoTimeout(10_000);
        s.setTcpNoDelay(true);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
        DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
        byte[] challenge = Secret.challenge();
        out.writeUTF(Wire.MAGIC);
        out.writeUTF(options.name());
        out.write(challenge);
        out.flush();
        byte[] answer;
        try {
            answer = in.readNBytes(32);
        } catch (IOException e) {
            answer = new byte[0];
        }
        if (answer.length == 32 && secret.accepts(challenge, options.name(), answer)) {
            out.writeByte(Wire.OK);
            out.flush();
            return true;
        }
        err.println("agent " + options.name() + ": refused a controller from " + s.getRemoteSocketAddress()
                + ": wrong secret");
        out.writeByte(Wire.ERR);
        out.writeUTF("wrong secret");
        out.flush();
        return false;
    }

    private void session(Socket s) throws IOException {
        s.setSoTimeout((int) Math.min(Integer.MAX_VALUE, options.idleMs()));
        DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream(), 1 << 16));
        try {
            for (int n = 0; n < MAX_REQUESTS; n++) {
                byte op = in.readByte();
                long t2 = clock.now();
                if (op == Wire.BYE) {
                    out.writeByte(Wire.OK);
                    out.flush();
                    return;
                }
                try {
                    reply(op, t2, in, out);
                } catch (IllegalArgumentException | IllegalStateException e) {
                    out.writeByte(Wire.ERR);
                    out.writeUTF(e.getMessage());
                }
                out.flush();
            }
            err.println("agent " + options.name() + ": " + MAX_REQUESTS + " requests in one session; exiting");
        } catch (SocketTimeoutException e) {
            err.println(
                    "agent " + options.name() + ": controller silent for " + options.idleMs() + " ms; taken as gone");
        } catch (IOException e) {
            err.println("agent " + options.name() + ": controller gone ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    private void reply(byte op, long t2, DataInputStream in, DataOutputStream out) throws IOException {
        switch (op) {
            case Wire.PROBE -> {
                out.writeByte(Wire.OK);
                out.writeLong(t2);
                out.writeLong(clock.now());
            }
            case Wire.PLAN -> {
                PartPlan plan = JSON.readValue(Wire.readText(in), PartPlan.class);
                if (plan.problem() != null) throw new IllegalArgumentException("plan: " + plan.problem());
                if (parts.size() == MAX_PARTS)
                    throw new IllegalStateException("at most " + MAX_PARTS + " parts per agent");
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("part", parts.size());
                if (PartPlan.ENGINE.equals(plan.role())) {
                    // it starts now: the controller waits until it runs ("ready") before any driver sends
                    StreamsPart e;
                    try {
                        e = new StreamsPart(plan);
                    } catch (IOException x) {
                        throw new IllegalStateException("engine: " + x.getMessage());
                    }
                    parts.add(e);
                    e.started = true;
                    e.start();
                } else if (PartPlan.BROKER.equals(plan.role())) {
                    // it starts now: the controller waits until it serves ("ready", its address in STATUS)
                    try {
                        parts.add(new BrokerPart(bind));
                    } catch (IOException | RuntimeException x) {
                        throw new IllegalStateException("broker: cannot start: " + x.getMessage());
                    }
                } else if (PartPlan.SINK.equals(plan.role()) && plan.source() != null) {
                    parts.add(new KafkaSinkPart(plan, clock));
                } else if (PartPlan.SINK.equals(plan.role())) {
                    SinkPart sink = new SinkPart(plan, clock, bind);
                    r.put("port", sink.port());
                    parts.add(sink);
                } else {
                    // the output opens now (a connection, a producer with the topic's metadata), before the start
                    DriverPart d = new DriverPart(plan, clock);
                    d.open();
                    parts.add(d);
                }
                out.writeByte(Wire.OK);
                Wire.writeText(out, JSON.writeValueAsString(r));
            }
            case Wire.START -> {
                // the role's parts not started yet; drivers begin their schedule at startAt (agent clock; 0: now)
                String role = in.readUTF();
                long startAt = in.readLong();
                for (Part p : parts) {
                    if (p.started || !p.role().equals(role)) continue;
                    p.started = true;
                    if (p instanceof DriverPart d) d.startAt(startAt);
                    p.start();
                }
                out.writeByte(Wire.OK);
            }
            case Wire.STATUS -> {
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("done", parts.stream().allMatch(Part::done));
                r.put("ready", parts.stream().allMatch(Part::ready));
                r.put("counts", parts.stream().map(Part::count).toList());
                r.put("addresses", parts.stream().map(Part::address).toList());
                r.put(
                        "failures",
                        parts.stream().map(Part::failure).filter(f -> f != null).toList());
                out.writeByte(Wire.OK);
                Wire.writeText(out, JSON.writeValueAsString(r));
            }
            case Wire.RECORDS -> {
                int i = in.readInt();
                if (i < 0 || i >= parts.size()) throw new IllegalArgumentException("no part " + i);
                Part p = parts.get(i);
                out.writeByte(Wire.OK);
                Wire.writeColumns(out, p.records(), p.count());
            }
            case Wire.CONFIGURE -> {
                String text = Wire.readText(in);
                byte[] tag = in.readNBytes(32);
                String reply = JSON.writeValueAsString(configure(text, tag));
                out.writeByte(Wire.OK);
                Wire.writeText(out, reply);
            }
            case Wire.PEER_LISTEN -> {
                if (responder == null) responder = new PeerClock.Responder(bind, options.name(), secret, clock);
                out.writeByte(Wire.OK);
                Wire.writeText(out, JSON.writeValueAsString(Map.of("port", responder.port())));
            }
            case Wire.PEER_PROBE -> {
                // "peer host:port n gapMicros": this agent probes that agent's responder directly
                String[] f = Wire.readText(in).split(" ");
                if (f.length != 4) throw new IllegalArgumentException("peer probe: expected 'peer host:port n gap'");
                int n = Integer.parseInt(f[2]);
                if (n < 1 || n > 100_000) throw new IllegalArgumentException("peer probe: 1 to 100000 round trips");
                if (prober == null) prober = new PeerClock.Prober(secret, clock);
                long[][] t = prober.probe(f[0], f[1], n, Long.parseLong(f[3]));
                out.writeByte(Wire.OK);
                Wire.writeColumns(out, t, n);
            }
            case Wire.STOP -> {
                stopParts();
                out.writeByte(Wire.OK);
            }
            default -> throw new IllegalArgumentException("unknown request " + op);
        }
    }

    /**
     * A handler switch the controller signed with the run's secret: {@code part setting value counter}.
     * The session is already the controller's; the tag also makes a request injected into the TCP
     * stream (the path may cross other hosts) or replayed from an earlier one worthless.
     */
    private Map<String, Object> configure(String text, byte[] tag) {
        if (!secret.signed(Wire.CONFIGURE_PURPOSE, options.name(), text.getBytes(StandardCharsets.UTF_8), tag)) {
            err.println("agent " + options.name() + ": refused a configure request: not signed with the run's secret");
            throw new IllegalArgumentException("configure: not signed with the run's secret");
        }
        String[] f = text.split(" ");
        if (f.length != 4) throw new IllegalArgumentException("configure: expected 'part setting value counter'");
        long counter = Long.parseLong(f[3]);
        if (counter <= lastConfigure)
            throw new IllegalArgumentException("configure: counter " + counter + " was used before (a replay)");
        lastConfigure = counter;
        int i = Integer.parseInt(f[0]);
        if (i < 0 || i >= parts.size()) throw new IllegalArgumentException("configure: no part " + i);
        Map<String, Object> r = new LinkedHashMap<>(parts.get(i).configure(f[1], Long.parseLong(f[2]), clock::now));
        r.put("part", i);
        err.println("agent " + options.name() + ": part " + i + " " + f[1] + " " + r.get("from") + " -> " + r.get("to")
                + " (controller's request " + counter + ")");
        return r;
    }

    /** Stops the parts, the last planned first: clients before the broker they use. */
    private void stopParts() {
        if (prober != null) prober.close();
        if (responder != null) responder.close();
        for (int i = parts.size() - 1; i >= 0; i--) {
            try {
                parts.get(i).stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
