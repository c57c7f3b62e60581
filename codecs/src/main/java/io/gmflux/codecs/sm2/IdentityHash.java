package io.gmflux.codecs.sm2;

import io.gmflux.codecs.sm3.Sm3;
import java.util.Objects;

/**
 * Z_A = SM3(ENTL_A || ID_A || a || b || x_G || y_G || x_A || y_A), the hash of a user's
 * distinguishing identifier and public key (GB/T 32918.2 §5.5). ENTL_A is the bit length of ID_A
 * in two bytes, so an ID is at most 8191 bytes. Stateless and thread-safe.
 */
final class IdentityHash {

    /** The default user ID "1234567812345678" (GM/T 0009-2012 §10). */
    private static final byte[] DEFAULT_USER_ID = "1234567812345678".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** The largest ID whose bit length fits in ENTL's 16 bits. */
    static final int MAX_USER_ID_LENGTH = 0xFFFF / 8;

    private IdentityHash() {
    }

    static byte[] defaultUserId() {
        return DEFAULT_USER_ID.clone();
    }

    static byte[] za(byte[] userId, Sm2PublicKey key) {
        Objects.requireNonNull(userId, "userId");
        if (userId.length > MAX_USER_ID_LENGTH) {
            throw new IllegalArgumentException("userId is " + userId.length + " bytes; its bit length must fit in 16 bits (at most "
                    + MAX_USER_ID_LENGTH + " bytes)");
        }
        int bits = userId.length * 8;
        Sm3 h = new Sm3();
        h.update((byte) (bits >>> 8));
        h.update((byte) bits);
        h.update(userId);
        h.update(Sm2Curve.A_BYTES);
        h.update(Sm2Curve.B_BYTES);
        h.update(Sm2Curve.GX_BYTES);
        h.update(Sm2Curve.GY_BYTES);
        h.update(key.coordinates());
        return h.digest();
    }
}
