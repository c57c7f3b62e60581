package io.gmflux.codecs.sm4;

import java.util.Locale;
import java.util.Objects;

/**
 * Which SM4 engine, and with it which GHASH, a cipher runs on: the one choice the stream format
 * ({@code StreamSpec}, {@code ReadLimits}), the Kafka record layer ({@code gmflux.engine}), the
 * tunnel ({@code TunnelConfig}) and the JCA provider offer. Both engines produce the same bytes;
 * only timing and speed differ. The default on every path is {@link #AUTO}: constant-time where the
 * Vector API engine and GHASH run (there it is also the faster choice), the table engine elsewhere;
 * an explicit {@link #TABLE} or {@link #CONSTANT_TIME} always wins.
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
    CONSTANT_TIME("constant-time"),

    /**
     * {@link #CONSTANT_TIME} if, when a key is created, the Vector API engine and GHASH of the
     * optional codecs-vector module have both been accepted in this JVM ({@link
     * Sm4#constantTimeIsVectorized()}: JDK 25+, {@code --add-modules jdk.incubator.vector}, a CPU that
     * runs the 512-bit kernels fast), else {@link #TABLE}: the faster of the two wherever it runs.
     * Resolved once per key ({@link #resolve()}), so a key never changes engine; keys created while
     * the vector engines are still being warmed up (the first seconds of a JVM) get the table engine.
     */
    AUTO("auto");

    private final String label;

    EngineChoice(String label) {
        this.label = label;
    }

    /** The name in configuration and logs: {@code table}, {@code constant-time} or {@code auto}. */
    public String label() {
        return label;
    }

    /**
     * {@link #TABLE} or {@link #CONSTANT_TIME}: this choice itself, or for {@link #AUTO} the one it
     * stands for now (may change once, when the vector engines are accepted). Never waits.
     */
    public EngineChoice resolve() {
        if (this != AUTO) {
            return this;
        }
        return Sm4.constantTimeIsVectorized() ? CONSTANT_TIME : TABLE;
    }

    /**
     * A new SM4 engine of this kind for the 16-byte {@code key} (copied; the caller keeps it); for
     * {@link #AUTO}, of the kind {@link #resolve()} says now. In GCM, the engine's
     * {@link Sm4Engine#isConstantTime()} selects the GHASH.
     */
    public Sm4Engine newSm4Engine(byte[] key) {
        return resolve() == TABLE ? Sm4.newTableEngine(key) : Sm4.newConstantTimeEngine(key);
    }

    /**
     * The choice named {@code label}, case-insensitive, surrounding blanks ignored.
     *
     * @throws IllegalArgumentException unless the label is {@code table}, {@code constant-time} or {@code auto}
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
        throw new IllegalArgumentException("unknown engine '" + label + "'; known: table, constant-time, auto");
    }
}
