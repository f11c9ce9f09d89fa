package dev.evperf.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.agent.clock.Probe;
import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.agent.wire.Secret;
import dev.evperf.agent.wire.Wire;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.LockSupport;

/**
 * The controller's connection to one agent: the handshake, then one request at a time, each reply
 * awaited at most {@code replyMs}. Any failure of the connection becomes an {@link AgentFailure}
 * naming the agent (lost, unreachable, refused), so a trial never waits on a dead agent.
 */
public final class AgentLink implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The controller's CPU time per probe window (what the probes cost it). */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final String name;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final Secret secret;
    private long configureCounter;

    private AgentLink(String name, Socket socket, Secret secret) throws IOException {
        this.name = name;
        this.secret = secret;
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 1 << 16));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    /**
     * Connects and answers the agent's challenge.
     *
     * @throws AgentFailure unreachable, not an agent, another agent's name, or the secret refused
     */
    public static AgentLink connect(String name, String host, int port, Secret secret, int replyMs) {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), replyMs);
            s.setSoTimeout(replyMs);
        } catch (IOException e) {
            close(s);
            throw new AgentFailure(name, "cannot be reached at " + host + ":" + port + ": " + e.getMessage(), e);
        }
        try {
            AgentLink link = new AgentLink(name, s, secret);
            if (!Wire.MAGIC.equals(link.in.readUTF())) throw new IOException("it does not speak " + Wire.MAGIC);
            String theirs = link.in.readUTF();
            if (!name.equals(theirs)) throw new IOException("the agent there is named '" + theirs + "'");
            byte[] challenge = link.in.readNBytes(32);
            link.out.write(secret.answer(challenge, name));
            link.out.flush();
            if (link.in.readByte() != Wire.OK) {
                throw new AgentFailure(
                        name, "at " + host + ":" + port + " refused the run's secret: " + link.in.readUTF(), null);
            }
            return link;
        } catch (IOException e) {
            close(s);
            throw new AgentFailure(name, "at " + host + ":" + port + ": handshake failed: " + e.getMessage(), e);
        } catch (AgentFailure e) {
            close(s);
            throw e;
        }
    }

    public String name() {
        return name;
    }

    /** {@code n} probes into {@code window}, {@code gapMicros} apart (a quiet gap between round trips). */
    public void probe(ProbeWindow window, int n, long gapMicros) {
        long wall = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        try {
            for (int i = 0; i < n; i++) {
                long t1 = System.nanoTime();
                out.writeByte(Wire.PROBE);
                out.flush();
                expectOk();
                long t2 = in.readLong();
                long t3 = in.readLong();
                long t4 = System.nanoTime();
                window.add(new Probe(t1, t2, t3, t4));
                if (gapMicros > 0) LockSupport.parkNanos(gapMicros * 1000);
            }
            window.spent(System.nanoTime() - wall, THREADS.getCurrentThreadCpuTime() - cpu);
        } catch (IOException e) {
            throw lost(e);
        }
    }

    /** Starts the agent's answering of direct clock probes from other agents. @return its port */
    public int peerListen() {
        return json(Wire.PEER_LISTEN, null).get("port").asInt();
    }

    /**
     * Has this agent make {@code n} round trips to agent {@code peer}'s probe listener at {@code
     * hostPort} into {@code window} (t1, t4 on this agent's clock; t2, t3 on the peer's).
     */
    public void peerProbe(ProbeWindow window, String peer, String hostPort, int n, long gapMicros) {
        long wall = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        try {
            out.writeByte(Wire.PEER_PROBE);
            Wire.writeText(out, peer + " " + hostPort + " " + n + " " + gapMicros);
            out.flush();
            expectOk();
            long[][] t = Wire.readColumns(in, n);
            for (int i = 0; i < t[0].length; i++) window.add(new Probe(t[0][i], t[1][i], t[2][i], t[3][i]));
            window.spent(System.nanoTime() - wall, THREADS.getCurrentThreadCpuTime() - cpu);
        } catch (IOException e) {
            throw lost(e);
        }
    }

    /** Ships a part's plan; the reply (the part's index, a sink's port). */
    public JsonNode plan(PartPlan plan) {
        return json(Wire.PLAN, JSON.valueToTree(plan).toString());
    }

    /** Starts the agent's parts of {@code role} not started yet; drivers begin at {@code startAt} (agent clock; 0: now). */
    public void start(String role, long startAt) {
        try {
            out.writeByte(Wire.START);
            out.writeUTF(role);
            out.writeLong(startAt);
            out.flush();
            expectOk();
        } catch (IOException e) {
            throw lost(e);
        }
    }

    public JsonNode status() {
        return json(Wire.STATUS, null);
    }

    public long[][] records(int part, int maxRows) {
        try {
            out.writeByte(Wire.RECORDS);
            out.writeInt(part);
            out.flush();
            expectOk();
            return Wire.readColumns(in, maxRows);
        } catch (IOException e) {
            throw lost(e);
        }
    }

    public void stop() {
        simple(Wire.STOP);
    }

    /** Says bye and closes; quietly, since a lost agent is closed this way too. */
    @Override
    public void close() {
        try {
            out.writeByte(Wire.BYE);
            out.flush();
            in.readByte();
        } catch (IOException e) {
            // the agent is gone already
        }
        close(socket);
    }

    private void simple(byte op) {
        try {
            out.writeByte(op);
            out.flush();
            expectOk();
        } catch (IOException e) {
            throw lost(e);
        }
    }

    /**
     * Switches a running part's handler setting (e.g. a sink's {@code downsample}), the request signed
     * with the run's secret and numbered, so the agent takes it once and only from this run's controller.
     *
     * @return the switch as the agent recorded it (its clock's {@code at}, {@code arrivals_before}, from, to)
     */
    public JsonNode configure(int part, String setting, long value) {
        return configure(part, setting, value, secret, ++configureCounter);
    }

    /** As {@link #configure(int, String, long)}, signed with {@code signer} and numbered {@code counter} (tests). */
    JsonNode configure(int part, String setting, long value, Secret signer, long counter) {
        String text = part + " " + setting + " " + value + " " + counter;
        byte[] tag = signer.tag(Wire.CONFIGURE_PURPOSE, name, text.getBytes(StandardCharsets.UTF_8));
        try {
            out.writeByte(Wire.CONFIGURE);
            Wire.writeText(out, text);
            out.write(tag);
            out.flush();
            expectOk();
            return JSON.readTree(Wire.readText(in));
        } catch (IOException e) {
            throw lost(e);
        }
    }

    private JsonNode json(byte op, String payload) {
        try {
            out.writeByte(op);
            if (payload != null) Wire.writeText(out, payload);
            out.flush();
            expectOk();
            return JSON.readTree(Wire.readText(in));
        } catch (IOException e) {
            throw lost(e);
        }
    }

    private void expectOk() throws IOException {
        if (in.readByte() != Wire.OK) throw new AgentFailure(name, "refused a request: " + in.readUTF(), null);
    }

    private AgentFailure lost(IOException e) {
        close(socket);
        return new AgentFailure(
                name,
                "lost: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"),
                e);
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // nothing more to do
        }
    }
}
