package dev.evperf.monitor.channel;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The child JVM of {@link SigtermTest}: opens a buffered zstd channel and logs ids 0, 1, 2, ... as
 * fast as it can; after logging id i with i a multiple of 10 000 it appends "i" to a side file
 * (unbuffered, so the line is in the file when the write returns). It never closes the channels
 * itself: only the shutdown hook does, when the parent sends SIGTERM. Gives up after 60 s.
 * With a third argument n, it logs ids 0..n-1 and returns from main without closing anything.
 */
public final class SigtermChild {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path side = Path.of(args[1]);
        Channels channels = Channels.create(
                new ObjectMapper()
                        .readTree(
                                "{\"trace\": {\"handler\": \"buffered\", \"compression\": \"zstd\", \"file\": \"trace.bin.zst\"}}"),
                dir);
        Channel c = channels.open("trace");
        if (args.length > 2) {
            long n = Long.parseLong(args[2]);
            for (long i = 0; i < n; i++) {
                c.log(i, i);
            }
            return; // the JVM exits normally; the shutdown hook closes the channels
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        try (FileOutputStream out = new FileOutputStream(side.toFile(), true)) {
            for (long i = 0; ; i++) {
                c.log(i, i);
                if (i % 10_000 == 0) {
                    out.write((i + "\n").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    if (System.nanoTime() - deadline > 0) {
                        break;
                    }
                }
            }
        }
    }
}
