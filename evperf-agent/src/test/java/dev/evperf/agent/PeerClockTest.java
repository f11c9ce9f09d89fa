package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.agent.clock.SkewedClock;
import dev.evperf.agent.wire.Secret;
import java.net.InetAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The direct driver-sink probe's connection across a long silence: the sink's responder closes a
 * prober's connection silent for its idle limit (30 s in an agent; here 2 s), as happens when a
 * broker or an engine starts on a loaded machine between two probe windows. The next window connects
 * again instead of failing the trial (AgentStreamsBrokerOnTest failed so at load ~30:
 * "peer probe to agent 'sink-1' at …: null").
 */
class PeerClockTest {
    /**
     * The responder's idle limit here: long against a stall of this loaded machine within one window (at
     * 300 ms the responder closed a window's connection mid-window at load ~33), short against 30 s.
     */
    private static final int IDLE_MS = 2_000;

    @TempDir
    Path dir;

    @Test
    void aWindowAfterTheRespondersIdleLimitConnectsAgain() throws Exception {
        Secret secret = Secret.create(dir.resolve("secret"));
        SkewedClock clock = SkewedClock.unskewed();
        try (PeerClock.Responder r =
                        new PeerClock.Responder(InetAddress.getLoopbackAddress(), "sink-1", secret, clock, IDLE_MS);
                PeerClock.Prober p = new PeerClock.Prober(secret, clock)) {
            String at = "127.0.0.1:" + r.port();
            assertRoundTrips(p.probe("sink-1", at, 8, 0));
            // well past the idle limit: the responder has closed the first connection
            Thread.sleep(3 * IDLE_MS);
            assertRoundTrips(p.probe("sink-1", at, 8, 0));
            assertRoundTrips(p.probe("sink-1", at, 8, 0));
        }
    }

    /** Every round trip answered, the responder's readings (one clock here) inside the prober's. */
    private static void assertRoundTrips(long[][] t) {
        for (int i = 0; i < t[0].length; i++) {
            assertThat(t[3][i]).isGreaterThanOrEqualTo(t[0][i]);
            assertThat(t[1][i]).isBetween(t[0][i], t[2][i]);
            assertThat(t[2][i]).isBetween(t[1][i], t[3][i]);
        }
    }
}
