package io.gmflux.codecs.sm4;

import java.time.Duration;
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
    public static Sm4Engine newTableEngine(byte[] key) {
        return new Sm4TableEngine(checkKey(key));
    }

    /**
     * An engine with no secret-indexed memory access and no secret-dependent branch, in the key
     * schedule as in encryption and decryption. Every mode of this package accepts it.
     *
     * <p>Which engine: the Vector API engine, several times faster than the table engine, once it
     * has been accepted on JDK 25+ with {@code --add-modules jdk.incubator.vector}, the
     * {@code gmflux-codecs-vector} jar on the class path and a CPU that runs its 512-bit kernel fast
     * (AVX-512 VBMI); until then, and where it is not accepted, the bitsliced engine
     * ({@link #newBitslicedEngine(byte[])}, slower than {@link #newTableEngine(byte[])}). The first call of
     * this method, {@link #constantTimeEngineName()} or {@link #awaitConstantTimeEngine(Duration)} in a JVM
     * starts the acceptance (the kernel is warmed up and timed on public data, 1-2 s, 10 s on a loaded
     * machine) on one daemon thread and returns at once; {@link #awaitConstantTimeEngine(Duration)} waits
     * for it. An engine never changes: keys created before the acceptance keep the bitsliced engine.
     * Mixing is safe: both engines are constant-time and give the same bytes for every input.
     * {@code -Dgmflux.sm4.vector=false} keeps the bitsliced engine; {@code -Dgmflux.sm4.vector=eager} makes
     * the first call wait for the choice (benchmarks).
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public static Sm4Engine newConstantTimeEngine(byte[] key) {
        byte[] key16 = checkKey(key);
        return Sm4ConstantTimeEngines.jvmWide().newEngine(key16);
    }

    /**
     * The bitsliced constant-time engine: the S-box is a Boolean circuit, not a table, on any
     * JVM. Slower than {@link #newTableEngine(byte[])}; {@link #newConstantTimeEngine(byte[])} returns it
     * unless a faster constant-time engine is available.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public static Sm4Engine newBitslicedEngine(byte[] key) {
        return new Sm4ConstantTimeEngine(checkKey(key));
    }

    /**
     * The name of the engine {@link #newConstantTimeEngine(byte[])} returns now: e.g.
     * {@code "vector-512 (jdk.incubator.vector)"}, {@code "bitsliced (vector engine warming up)"} while the
     * vector engine is being accepted, or {@code "bitsliced (vector engine not used: <why>)"}. Starts the
     * choice if no call has (see {@link #newConstantTimeEngine(byte[])}); never waits for it.
     */
    public static String constantTimeEngineName() {
        return Sm4ConstantTimeEngines.jvmWide().name();
    }

    /**
     * Waits until the choice of {@link #newConstantTimeEngine(byte[])}'s engine is made (the vector
     * engine accepted or refused), at most {@code timeout}, and returns {@link #constantTimeEngineName()}:
     * for callers that want the vector engine for their first key. Returns at once once the choice is made,
     * and on Java 17 or without the vector jar; on timeout the name still says warming up.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public static String awaitConstantTimeEngine(Duration timeout) throws InterruptedException {
        return Sm4ConstantTimeEngines.jvmWide().await(Objects.requireNonNull(timeout, "timeout"));
    }

    /**
     * The name of the GHASH that the constant-time GCM ({@code new Ghash(h, true)}, {@link Sm4Gcm} over a
     * constant-time engine) runs now: e.g. {@code "vector-512 linear map (jdk.incubator.vector)"}, or
     * {@code "scalar (masked multiplications) (vector GHASH not used: <why>)"}. Chosen with the engine
     * (see {@link #newConstantTimeEngine(byte[])}), on the same warm-up thread; never waits.
     */
    public static String constantTimeGhashName() {
        return Sm4ConstantTimeEngines.jvmWide().ghashName();
    }

    /**
     * Whether the Vector API engine and GHASH have both been accepted in this JVM, so that constant-time
     * SM4 and SM4-GCM run faster than the table forms: what {@link EngineChoice#AUTO} resolves by, at each
     * key's creation. False while the choice is being made; never waits.
     */
    public static boolean constantTimeIsVectorized() {
        return Sm4ConstantTimeEngines.jvmWide().vectorized();
    }

    static byte[] checkKey(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != Sm4Engine.KEY_SIZE) {
            throw new IllegalArgumentException("SM4 key must be 16 bytes, got " + key.length);
        }
        return key;
    }
}
