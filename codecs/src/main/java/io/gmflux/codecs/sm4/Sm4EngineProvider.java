package io.gmflux.codecs.sm4;

/**
 * A source of constant-time SM4 engines compiled apart from this module, such as the Vector API
 * engine of {@code gmflux-codecs-vector} ({@code io.gmflux.codecs.sm4.vector}), which needs a
 * newer JDK than this module's Java 17 baseline. {@link Sm4#newConstantTimeEngine(byte[])} looks
 * one up by class name at run time, calls its public no-argument constructor on a background thread
 * (it may take seconds: warm-up) and uses it once the constructor returns; the constructor throws
 * {@link UnsupportedOperationException} when the provider cannot run fast and constant-time on this
 * JVM and CPU.
 *
 * <p>The key schedule stays here (the bitsliced, constant-time one): a provider receives round
 * keys. Implementations are thread-safe.
 */
public interface Sm4EngineProvider {

    /** A short name for reports and {@code gmflux selftest}, e.g. {@code "vector-512"}. */
    String name();

    /**
     * A constant-time engine for the round keys rk_0..rk_31 (GB/T 32907 §7.3). The engine takes
     * ownership of the array and zeroes it on {@link Sm4Engine#destroy()}.
     */
    Sm4Engine newEngine(int[] roundKeys);

    /** The SM4 S-box (GB/T 32907 §6.2.1), a fresh copy, for providers that build their own lookup. */
    static byte[] sbox() {
        return Sm4TableEngine.SBOX.clone();
    }

    /** The round keys rk_0..rk_31 of a 16-byte key, computed without secret-indexed access. */
    static int[] roundKeys(byte[] key) {
        return Sm4ConstantTimeEngine.expandKey(Sm4.checkKey(key));
    }
}
