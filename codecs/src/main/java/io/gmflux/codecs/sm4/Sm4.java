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
     * schedule as in encryption and decryption: the S-box is a bitsliced Boolean circuit, not a
     * table. Slower than {@link #newEngine(byte[])}; choose it where an attacker may share the CPU
     * cache (co-tenants on one host, SGX-like settings). Every mode of this package accepts it.
     *
     * @throws IllegalArgumentException if the key is not 16 bytes
     */
    public static Sm4Engine newConstantTimeEngine(byte[] key) {
        return new Sm4ConstantTimeEngine(checkKey(key));
    }

    static byte[] checkKey(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != Sm4Engine.KEY_SIZE) {
            throw new IllegalArgumentException("SM4 key must be 16 bytes, got " + key.length);
        }
        return key;
    }
}
