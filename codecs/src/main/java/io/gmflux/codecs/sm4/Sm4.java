package io.gmflux.codecs.sm4;

import java.util.Objects;

/**
 * Entry point to SM4 (GB/T 32907): creates engines from 16-byte keys.
 *
 * <p>Thread-safe (stateless).
 */
public final class Sm4 {

    private Sm4() {
    }

    /**
     * The fastest engine: table-driven, with fused kernels for the modes. Its table lookups are
     * indexed by secret-dependent bytes, so it leaks the key through cache timing to an attacker
     * who shares the CPU cache; the constant-time engine ({@link #newConstantTimeEngine(byte[])}) does not.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public static Sm4Engine newEngine(byte[] key) {
        return new Sm4TableEngine(checkKey(key));
    }

    /**
     * An engine with no secret-indexed memory access and no secret-dependent branch, in the key
     * schedule as in encryption and decryption. Every mode of this package accepts it.
     *
     * <p>Which engine: on JDK 25+ with {@code --add-modules jdk.incubator.vector}, the
     * {@code gmflux-codecs-vector} jar on the class path and a CPU that runs its 512-bit kernel
     * fast (AVX-512 VBMI), the Vector API engine, several times faster than the table engine;
     * otherwise the bitsliced engine ({@link #newBitslicedEngine(byte[])}), slower than
     * {@link #newEngine(byte[])}. The choice is made once per JVM on the first call, which then
     * takes 1-2 s on JDK 25 (10 s on a loaded machine: the vector kernel is warmed up and timed on public data
     * before it sees a key); {@link #constantTimeEngineName()} says which engine was chosen and,
     * if not the vector engine, why. {@code -Dgmflux.sm4.vector=false} keeps the bitsliced one.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public static Sm4Engine newConstantTimeEngine(byte[] key) {
        return Sm4ConstantTimeEngines.newEngine(checkKey(key));
    }

    /**
     * The bitsliced constant-time engine: the S-box is a Boolean circuit, not a table, on any
     * JVM. Slower than {@link #newEngine(byte[])}; {@link #newConstantTimeEngine(byte[])} returns it
     * unless a faster constant-time engine is available.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public static Sm4Engine newBitslicedEngine(byte[] key) {
        return new Sm4ConstantTimeEngine(checkKey(key));
    }

    /**
     * The name of the engine {@link #newConstantTimeEngine(byte[])} returns in this JVM, e.g.
     * {@code "vector-512 (jdk.incubator.vector)"} or {@code "bitsliced (vector engine not used: ...)"}.
     * The first call makes the choice (see there).
     */
    public static String constantTimeEngineName() {
        return Sm4ConstantTimeEngines.name();
    }

    static byte[] checkKey(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != Sm4Engine.KEY_SIZE) {
            throw new IllegalArgumentException("SM4 key must be 16 bytes, got " + key.length);
        }
        return key;
    }
}
