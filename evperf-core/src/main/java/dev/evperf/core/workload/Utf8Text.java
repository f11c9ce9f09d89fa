package dev.evperf.core.workload;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Text files a workload reads (the workload itself, CSV data) must be UTF-8. Java's decoders say
 * only "Input length = 1" about a byte that is not; this says which file, line and column.
 */
public final class Utf8Text {
    private Utf8Text() {}

    /** The whole file as text. @throws WorkloadException at the first byte that is not UTF-8, with its line and column */
    public static String read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        try {
            return decoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw invalid(file);
        }
    }

    /** The one line for a file whose reader failed with a {@link CharacterCodingException}. */
    public static WorkloadException invalid(Path file) {
        String at;
        try (InputStream in = Files.newInputStream(file)) {
            at = firstInvalid(in);
        } catch (IOException e) {
            at = ": not UTF-8 text";
        }
        return new WorkloadException(file + at + "; save the file as UTF-8");
    }

    /** ":line:column: not UTF-8 (byte 0xNN)" at the first invalid byte (": not UTF-8" if a second reading finds none). */
    static String firstInvalid(InputStream in) throws IOException {
        CharsetDecoder d = decoder();
        ByteBuffer bytes = ByteBuffer.allocate(8192);
        CharBuffer chars = CharBuffer.allocate(8192);
        long line = 1, column = 1;
        boolean eof = false;
        while (true) {
            if (!eof) {
                int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                if (n < 0) eof = true;
                else bytes.position(bytes.position() + n);
            }
            bytes.flip();
            CoderResult r = d.decode(bytes, chars, eof);
            chars.flip();
            while (chars.hasRemaining()) {
                if (chars.get() == '\n') {
                    line++;
                    column = 1;
                } else {
                    column++;
                }
            }
            chars.clear();
            if (r.isError()) {
                return String.format(
                        ":%d:%d: not UTF-8 text (byte 0x%02X)", line, column, bytes.get(bytes.position()) & 0xff);
            }
            bytes.compact();
            if (eof && r.isUnderflow()) return ": not UTF-8 text";
        }
    }

    private static CharsetDecoder decoder() {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }
}
