package io.gmflux.codecs.sm4;

import java.util.Locale;
import java.util.Objects;

/**
 * Which SM4 engine, and with it which GHASH, a cipher runs on: the one choice the stream format
 * ({@code StreamSpec}, {@code ReadLimits}), the Kafka record layer ({@code gmflux.engine}), the
 * tunnel ({@code TunnelConfig}) and the JCA provider offer. Both engines produce the same bytes;
 * only timing and speed differ.
 *
 * <p>ZUC's S-box lookups are table-driven under either choice (a constant-time ZUC is not offered),
 * and so are the SM3 of HMAC-SM3 (no secret-indexed tables) and AES-GCM (the JDK's own).
 *
 * <p>Thread-safe (an enum).
 */
public enum EngineChoice {

    /**
     * {@link Sm4#newTableEngine(byte[])} and table-driven GHASH: fastest, but their memory accesses
     * depend on the key and data, so a process sharing the CPU cache can learn about the key.
     */
    TABLE("table"),

    /**
     * {@link Sm4#newConstantTimeEngine(byte[])} (bitsliced, or the Vector API engine when the
     * optional codecs-vector module is present) and, in GCM, the table-free GHASH of
     * {@link Ghash#Ghash(byte[], boolean)}: no secret-indexed memory access and no secret branch.
     */
    CONSTANT_TIME("constant-time");

    private final String label;

    EngineChoice(String label) {
        this.label = label;
    }

    /** The name in configuration and logs: {@code table} or {@code constant-time}. */
    public String label() {
        return label;
    }

    /** A new SM4 engine of this kind for the 16-byte {@code key} (copied; the caller keeps it). */
    public Sm4Engine newSm4Engine(byte[] key) {
        return this == TABLE ? Sm4.newTableEngine(key) : Sm4.newConstantTimeEngine(key);
    }

    /**
     * The choice named {@code label}, case-insensitive, surrounding blanks ignored.
     *
     * @throws IllegalArgumentException unless the label is {@code table} or {@code constant-time}
     * @throws NullPointerException if {@code label} is null
     */
    public static EngineChoice byLabel(String label) {
        Objects.requireNonNull(label, "label");
        String l = label.trim().toLowerCase(Locale.ROOT);
        for (EngineChoice c : values()) {
            if (c.label.equals(l)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown engine '" + label + "'; known: table, constant-time");
    }
}
