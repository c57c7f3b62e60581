package io.gmflux.codecs.sm3;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * HKDF (RFC 5869) with HMAC-SM3: extract a pseudorandom key from input keying material, then
 * expand it to up to 255 * 32 = 8160 bytes bound to an {@code info} context.
 *
 * <p>Stateless and thread-safe. Outputs are fresh arrays owned by the caller; inputs are not
 * retained. Intermediate blocks T(i) and, in {@link #derive}, the PRK are zeroed before returning.
 */
public final class HkdfSm3 {

    /** The longest output of {@link #expand}: 255 blocks of 32 bytes (RFC 5869 §2.3). */
    public static final int MAX_LENGTH = 255 * Sm3.DIGEST_LENGTH;

    private static final byte[] EMPTY = new byte[0];

    private HkdfSm3() {
    }

    /**
     * HKDF-Extract (RFC 5869 §2.2): {@code PRK = HMAC-SM3(salt, ikm)}, 32 bytes.
     *
     * @param salt optional; null or empty means 32 zero bytes, as the RFC specifies
     * @param ikm the input keying material
     * @throws NullPointerException if {@code ikm} is null
     */
    public static byte[] extract(byte[] salt, byte[] ikm) {
        Objects.requireNonNull(ikm, "ikm");
        // An empty HMAC key and 32 zero bytes both pad to the same zero block K0, so null and
        // empty salts need no special case beyond null.
        return HmacSm3.mac(salt == null ? EMPTY : salt, ikm);
    }

    /**
     * HKDF-Expand (RFC 5869 §2.3): {@code T(i) = HMAC-SM3(prk, T(i-1) || info || i)}, output the
     * first {@code length} bytes of {@code T(1) || T(2) || ...}.
     *
     * <p>The RFC asks for a PRK of at least 32 bytes; like OpenSSL and BouncyCastle this method
     * does not enforce it (any HMAC key works), so pass the output of {@link #extract} or a
     * uniformly random key of 32 bytes or more.
     *
     * @param prk the pseudorandom key
     * @param info optional context; null means empty
     * @param length output length in bytes, {@code 0 <= length <= MAX_LENGTH}
     * @throws NullPointerException if {@code prk} is null
     * @throws IllegalArgumentException if {@code length} is out of range
     */
    public static byte[] expand(byte[] prk, byte[] info, int length) {
        Objects.requireNonNull(prk, "prk");
        checkLength(length);
        byte[] inf = info == null ? EMPTY : info;
        byte[] out = new byte[length];
        HmacSm3 h = new HmacSm3(prk);
        byte[] t = new byte[Sm3.DIGEST_LENGTH];
        int i = 1;
        for (int off = 0; off < length; off += Sm3.DIGEST_LENGTH, i++) {
            if (i > 1) {
                h.update(t, 0, t.length);
            }
            h.update(inf, 0, inf.length);
            h.update((byte) i);
            h.doFinal(t, 0);
            System.arraycopy(t, 0, out, off, Math.min(Sm3.DIGEST_LENGTH, length - off));
        }
        Bytes.wipe(t);
        h.destroy();
        return out;
    }

    /**
     * Extract then expand (RFC 5869 §2): {@code expand(extract(salt, ikm), info, length)}; the
     * intermediate PRK is zeroed.
     *
     * @throws NullPointerException if {@code ikm} is null
     * @throws IllegalArgumentException if {@code length} is out of range (checked before any work)
     */
    public static byte[] derive(byte[] salt, byte[] ikm, byte[] info, int length) {
        Objects.requireNonNull(ikm, "ikm");
        checkLength(length);
        byte[] prk = extract(salt, ikm);
        try {
            return expand(prk, info, length);
        } finally {
            Bytes.wipe(prk);
        }
    }

    private static void checkLength(int length) {
        if (length < 0 || length > MAX_LENGTH) {
            throw new IllegalArgumentException(
                    "length must be in [0, " + MAX_LENGTH + "] (255 * 32, RFC 5869 §2.3), got " + length);
        }
    }
}
