package io.gmflux.codecs.keyservice.pkcs11;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Where a token's user PIN is read from: a file (its content, one trailing line break dropped) or an
 * environment variable. Never a configuration value in clear.
 *
 * <p>{@link #read()} reads the source afresh each time and hands out a new array that the caller
 * wipes; the file's bytes are wiped after decoding. An environment variable's value is a
 * {@code String} the JVM keeps and that cannot be wiped: prefer a file readable by the service's
 * user only. Immutable and thread-safe.
 */
public final class PinSource {

    private final Path file;
    private final String envName;

    private PinSource(Path file, String envName) {
        this.file = file;
        this.envName = envName;
    }

    /** The PIN is the content of {@code file} (UTF-8), without one trailing {@code \n} or {@code \r\n}. */
    public static PinSource fromFile(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("PIN file must be given");
        }
        return new PinSource(file, null);
    }

    /** The PIN is the value of the environment variable {@code name}. */
    public static PinSource fromEnv(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("PIN environment variable name must be given");
        }
        return new PinSource(null, name);
    }

    /** Reads the PIN; the caller wipes the returned array. An absent or empty source is an {@link IOException}. */
    public char[] read() throws IOException {
        return file != null ? readFile() : readEnv();
    }

    /**
     * What identifies the PIN's current content without holding it: the file's modification time and
     * size, or the variable's name (a process's environment does not change). Equal values: the PIN
     * has not been replaced.
     */
    Object version() {
        if (file == null) {
            return envName;
        }
        try {
            return List.of(Files.getLastModifiedTime(file), Files.size(file));
        } catch (IOException e) {
            return "unreadable";
        }
    }

    private char[] readFile() throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        try {
            int end = bytes.length;
            if (end > 0 && bytes[end - 1] == '\n') {
                end--;
                if (end > 0 && bytes[end - 1] == '\r') {
                    end--;
                }
            }
            if (end == 0) {
                throw new IOException("PIN file " + file + " is empty");
            }
            return decode(bytes, end);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    private char[] decode(byte[] bytes, int length) throws IOException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CharBuffer chars;
        try {
            chars = decoder.decode(ByteBuffer.wrap(bytes, 0, length));
        } catch (CharacterCodingException e) {
            throw new IOException("PIN file " + file + " is not UTF-8");
        }
        char[] pin = new char[chars.remaining()];
        chars.get(pin);
        Arrays.fill(chars.array(), '\0');
        return pin;
    }

    private char[] readEnv() throws IOException {
        String value = System.getenv(envName);
        if (value == null || value.isEmpty()) {
            throw new IOException("environment variable " + envName + " (the PIN) is not set");
        }
        return value.toCharArray();
    }

    @Override
    public String toString() {
        return file != null ? "PIN file " + file : "PIN environment variable " + envName;
    }
}
