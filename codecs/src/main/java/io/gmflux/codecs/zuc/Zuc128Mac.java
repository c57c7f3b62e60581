package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

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
public final class Zuc128Mac {

    /** MAC length in bytes. */
    public static final int MAC_LENGTH = 4;

    private final ZucMacAccumulator mac = ZucMacAccumulator.eia3();
    private final int[] tag = new int[1];
    private boolean destroyed;

    /**
     * @param key16 the 128-bit key
     * @param iv16 the 128-bit ZUC IV
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if a length is not 16 bytes
     */
    public Zuc128Mac(byte[] key16, byte[] iv16) {
        Zuc128.init(mac.core(), key16, iv16);
        mac.start();
    }

    public void update(byte b) {
        checkLive();
        mac.update(b);
    }

    public void update(byte[] in) {
        Objects.requireNonNull(in, "in");
        update(in, 0, in.length);
    }

    /**
     * @throws NullPointerException if {@code in} is null
     * @throws IndexOutOfBoundsException if the range does not fit
     */
    public void update(byte[] in, int off, int len) {
        Bytes.checkRange(in, off, len, "in");
        checkLive();
        mac.update(in, off, len);
    }

    /** The 4-byte MAC of everything since the last reset; then resets. */
    public byte[] doFinal() {
        checkLive();
        mac.finish(tag);
        byte[] out = new byte[MAC_LENGTH];
        Bytes.putIntBEByBytes(out, 0, tag[0]);
        tag[0] = 0;
        mac.reset();
        return out;
    }

    /** Discards the message so far; the key and IV stay. */
    public void reset() {
        checkLive();
        mac.reset();
    }

    /** Zeroes key-dependent state; later calls throw {@link IllegalStateException}. */
    public void destroy() {
        mac.destroy();
        destroyed = true;
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException("Zuc128Mac has been destroyed");
        }
    }
}
