package dev.evperf.agent.wire;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The agent protocol over one TCP connection, controller to agent. The agent opens with
 * {@code MAGIC}, its name and a 32-byte challenge; the controller answers with the HMAC
 * ({@link Secret}); the agent replies {@link #OK} or {@link #ERR} and a reason, and closes on a wrong
 * answer. Then the controller sends requests, one byte each and their payload, and the agent
 * answers each with {@link #OK} and the request's reply, or {@link #ERR} and one line.
 */
public final class Wire {
    public static final String MAGIC = "evperf-agent/1";

    /** Probe: the agent replies its clock at receipt (t2) and just before replying (t3). */
    public static final byte PROBE = 'P';
    /** Plan: a JSON {@code PartPlan}; the reply is a JSON object (a sink's port). */
    public static final byte PLAN = 'L';

    public static final byte START = 'S';
    /** Status: the reply is the parts' state ({@code running} or {@code done}) and counts, as JSON. */
    public static final byte STATUS = 'T';
    /** Records: the reply is the parts' records as long columns. */
    public static final byte RECORDS = 'R';

    public static final byte STOP = 'X';
    /**
     * Configure: a running part's handler setting changes (e.g. a sink's downsampling). Payload: the
     * text {@code part setting value counter}, then its 32-byte {@link Secret#tag} for {@link
     * #CONFIGURE_PURPOSE}; the agent refuses a wrong tag or a counter not above the last one (a replay).
     * The reply is the switch as the agent recorded it, as JSON.
     */
    public static final byte CONFIGURE = 'C';

    /** Peer listen: the agent answers direct clock probes from other agents; the reply is its port, as JSON. */
    public static final byte PEER_LISTEN = 'E';
    /**
     * Peer probe: payload the text {@code peer host:port n gapMicros}; the agent makes n round trips to
     * that agent's peer listener and replies their t1, t2, t3, t4 as long columns.
     */
    public static final byte PEER_PROBE = 'Q';

    public static final String CONFIGURE_PURPOSE = "evperf-agent/configure";
    /** Bye: the agent replies and exits; its session is over. */
    public static final byte BYE = 'B';

    public static final byte OK = 0;
    public static final byte ERR = 1;

    /** The largest JSON message either side accepts: a bound on what a peer can make it allocate. */
    static final int MAX_TEXT = 1 << 20;

    private Wire() {}

    public static void writeText(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    public static String readText(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_TEXT)
            throw new IOException("message of " + n + " bytes, at most " + MAX_TEXT + " allowed");
        return new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }

    public static void writeColumns(DataOutputStream out, long[][] columns, int rows) throws IOException {
        out.writeInt(columns.length);
        out.writeInt(rows);
        for (long[] c : columns) {
            for (int i = 0; i < rows; i++) out.writeLong(c[i]);
        }
    }

    /** @param maxRows the most rows accepted (the plan's event count): a bound on the allocation */
    public static long[][] readColumns(DataInputStream in, int maxRows) throws IOException {
        int cols = in.readInt();
        int rows = in.readInt();
        if (cols < 0 || cols > 8 || rows < 0 || rows > maxRows) {
            throw new IOException(cols + " columns of " + rows + " rows, at most 8 of " + maxRows + " expected");
        }
        long[][] out = new long[cols][rows];
        for (long[] c : out) {
            for (int i = 0; i < rows; i++) c[i] = in.readLong();
        }
        return out;
    }
}
