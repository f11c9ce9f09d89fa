package dev.evperf.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A text file read as another process appends to it (a trial's stdout.txt and sensors.csv, for the
 * live page): each {@link #next} returns the whole lines written since the last call; a line still
 * being written (no line break yet) waits for a later call.
 */
public final class LineTail {
    /** At most this much is read per call, so one call's memory is bounded however far behind it is. */
    private static final int MAX_READ = 8 << 20;

    private final Path file;
    private long position;
    private int lines;

    public LineTail(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** Lines returned so far, header included: the number of the last line returned. */
    public int lines() {
        return lines;
    }

    /** @return the new whole lines, none when the file does not exist yet */
    public List<String> next() {
        List<String> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) return out;
        try (FileChannel ch = FileChannel.open(file)) {
            if (ch.size() <= position) return out;
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(ch.size() - position, MAX_READ));
            ch.read(buf, position);
            int end = buf.position() - 1;
            while (end >= 0 && buf.get(end) != '\n') end--;
            if (end < 0) return out;
            position += end + 1;
            for (String line : new String(buf.array(), 0, end, StandardCharsets.UTF_8).split("\n", -1)) {
                lines++;
                out.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        return out;
    }
}
