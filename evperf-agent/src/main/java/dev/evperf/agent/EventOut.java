package dev.evperf.agent;

import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Where a driver part's events go: a sink agent's socket ({@link #tcp}) or a Kafka topic
 * ({@link KafkaOut}). An event is its sequence number and its send stamp on the driver agent's clock.
 */
interface EventOut extends Closeable {
    /** Hands the event on; returns when the output has taken it (a socket's write, a producer's send). */
    void send(long seq, long stamp) throws IOException;

    /** A failure the output learnt of after {@link #send} returned (Kafka's acknowledgements), or null. */
    default String failure() {
        return null;
    }

    /** Opens the output: the plan's target is a Kafka topic (rows when there is a query) or a sink's {@code host:port}. */
    static EventOut open(String target, PartPlan.Query query) throws IOException {
        if (KafkaTopic.isTopic(target))
            return new KafkaOut(KafkaTopic.parse(target), query == null ? null : new QueryRows(query));
        return tcp(target);
    }

    /** A 16-byte frame per event on one TCP connection, flushed at once (no batching). */
    static EventOut tcp(String target) throws IOException {
        int colon = target.lastIndexOf(':');
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(
                new InetSocketAddress(target.substring(0, colon), Integer.parseInt(target.substring(colon + 1))),
                5_000);
        DataOutputStream out = new DataOutputStream(socket.getOutputStream());
        return new EventOut() {
            @Override
            public void send(long seq, long stamp) throws IOException {
                out.writeLong(seq);
                out.writeLong(stamp);
                out.flush();
            }

            @Override
            public void close() throws IOException {
                socket.close();
            }
        };
    }
}
