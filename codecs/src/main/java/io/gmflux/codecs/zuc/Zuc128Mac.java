package io.gmflux.codecs.zuc;

/**
 * The 128-EIA3 MAC (TS 35.221 §4, GB/T 33133.3) over a byte stream, keyed directly with a key and
 * a raw 16-byte ZUC-128 IV — the same computation and interface shape as BouncyCastle's
 * {@code Zuc128Mac} (which takes a {@code ParametersWithIV}). Build the IV from COUNT, BEARER and
 * DIRECTION as {@link Eia3} documents, or use {@link Eia3#mac} for bit lengths.
 *
 * <p>Input may be split anywhere; the message length is the number of bytes given. {@link
 * #doFinal()} returns the 4-byte MAC (big-endian) and resets for a new message under the same key
 * and IV. Message processing is constant-time (see {@code ZucMacAccumulator}).
 *
 * <p>Mutable, not thread-safe; keeps no reference to the key or IV arrays. {@link #destroy()}
 * zeroes the state; later calls throw {@link IllegalStateException}.
 */
public final class Zuc128Mac extends ZucMacStream {

    /** MAC length in bytes. */
    public static final int MAC_LENGTH = 4;

    /**
     * @param key16 the 128-bit key
     * @param iv16 the 128-bit ZUC IV
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if a length is not 16 bytes
     */
    public Zuc128Mac(byte[] key16, byte[] iv16) {
        super(ZucMacAccumulator.eia3(), 1);
        Zuc128.init(mac.core(), key16, iv16);
        mac.start();
    }
}
