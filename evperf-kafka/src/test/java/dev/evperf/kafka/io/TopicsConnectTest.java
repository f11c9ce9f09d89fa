package dev.evperf.kafka.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.EngineException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Reaching a cluster: an address where nothing listens is named at once; one that accepts connections
 * but never answers Kafka's requests is named after the wait given.
 */
class TopicsConnectTest {
    @Test
    void anAddressThatRefusesIsNamedAtOnce() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nothing listens there now
        }
        String nobody = "127.0.0.1:" + port;
        assertThat(Refused.everywhere(nobody)).isEqualTo("connection refused");
        assertThatThrownBy(() -> Topics.connect("kafka", nobody, Duration.ofMinutes(5)))
                .isInstanceOf(EngineException.class)
                .hasMessage("kafka: no Kafka broker listens at " + nobody + " (connection refused)");
    }

    @Test
    void aListenerThatNeverAnswersIsNamedAfterTheWait() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String address = "127.0.0.1:" + silent.getLocalPort();
            // one address refuses, the other accepts: the client decides, and waits
            int closed;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                closed = s.getLocalPort();
            }
            String both = "127.0.0.1:" + closed + "," + address;
            assertThat(Refused.everywhere(both)).isNull();
            assertThatThrownBy(() -> Topics.connect("kafka", both, Duration.ofSeconds(2)))
                    .isInstanceOf(EngineException.class)
                    .hasMessage("kafka: no Kafka broker answered at " + both + " within 2 s");
        }
    }
}
