package dev.evperf.agent.wire;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The per-run secret an agent and its controller share, read from a file (never from the command
 * line, where {@code ps} shows it to every user). The controller proves it knows the secret by
 * answering the agent's random challenge with an HMAC-SHA256 of it; the agent compares in constant
 * time. The secret itself never crosses the wire.
 */
public final class Secret {
    static final int MIN_BYTES = 16;
    private static final String MAC = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] key;

    private Secret(byte[] key) {
        this.key = key;
    }

    /**
     * @throws IllegalArgumentException one line naming the file: missing, unreadable or too short
     */
    public static Secret read(Path file) {
        byte[] raw;
        try {
            raw = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("secret file " + file + ": cannot read it (" + e.getMessage() + ")");
        }
        byte[] key = new String(raw, StandardCharsets.UTF_8).strip().getBytes(StandardCharsets.UTF_8);
        if (key.length < MIN_BYTES) {
            throw new IllegalArgumentException("secret file " + file + ": the secret has " + key.length
                    + " bytes, at least " + MIN_BYTES + " needed");
        }
        return new Secret(key);
    }

    /** A new random secret written to {@code file} (owner read/write only), for a run's local agents. */
    public static Secret create(Path file) throws IOException {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        String hex = HexFormat.of().formatHex(bytes);
        Files.writeString(file, hex + "\n", StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the file stays as the umask made it
        }
        return read(file);
    }

    public static byte[] challenge() {
        byte[] nonce = new byte[32];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    /** The answer to {@code challenge} from the agent named {@code agent}. */
    public byte[] answer(byte[] challenge, String agent) {
        return tag(Wire.MAGIC, agent, challenge);
    }

    /**
     * The HMAC-SHA256 of {@code data} for {@code purpose} towards the agent named {@code agent}: a
     * request only the run's secret can sign (e.g. a handler's reconfiguration, {@link Wire#CONFIGURE}).
     */
    public byte[] tag(String purpose, String agent, byte[] data) {
        try {
            Mac mac = Mac.getInstance(MAC);
            mac.init(new SecretKeySpec(key, MAC));
            mac.update(purpose.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            mac.update(agent.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available in this JVM", e);
        }
    }

    /** Whether {@code tag} is {@link #tag}'s for this data, compared in constant time. */
    public boolean signed(String purpose, String agent, byte[] data, byte[] tag) {
        return MessageDigest.isEqual(tag(purpose, agent, data), tag);
    }

    /** Whether {@code answer} is the right one, compared in constant time. */
    public boolean accepts(byte[] challenge, String agent, byte[] answer) {
        return MessageDigest.isEqual(answer(challenge, agent), answer);
    }

    @Override
    public String toString() {
        return "Secret[hidden]";
    }
}
