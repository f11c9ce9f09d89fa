package dev.evperf.ref.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's I/O as the kernel counts it ({@code /proc/self/io}): bytes that reached the
 * storage layer ({@code read_bytes}, {@code write_bytes}; with O_DIRECT every block SlideM moves) and
 * read and write system calls. The studies take SlideM's disk traffic from here, not from its own counters.
 */
public record ProcIo(long readBytes, long writeBytes, long readCalls, long writeCalls) {

    public static ProcIo now() {
        try {
            long rb = 0, wb = 0, rc = 0, wc = 0;
            for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
                String[] kv = line.split(":\\s*");
                if (kv.length != 2) continue;
                long v = Long.parseLong(kv[1].trim());
                switch (kv[0]) {
                    case "read_bytes" -> rb = v;
                    case "write_bytes" -> wb = v;
                    case "syscr" -> rc = v;
                    case "syscw" -> wc = v;
                    default -> {}
                }
            }
            return new ProcIo(rb, wb, rc, wc);
        } catch (IOException | RuntimeException e) {
            return new ProcIo(-1, -1, -1, -1);
        }
    }

    public ProcIo minus(ProcIo before) {
        return new ProcIo(
                readBytes - before.readBytes,
                writeBytes - before.writeBytes,
                readCalls - before.readCalls,
                writeCalls - before.writeCalls);
    }
}
