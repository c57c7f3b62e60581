package io.gmflux.codecs.sm3;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * The key derivation function of GB/T 32918.4-2016 §5.4.3 (used by SM2 encryption and key
 * exchange, and by SM9): {@code K = Hash(Z || ct_1) || Hash(Z || ct_2) || ...} truncated to the
 * requested length, with the 32-bit big-endian counter {@code ct} starting at 1 and SM3 as the
 * hash. It is the same function as ANSI X9.63 / ISO 18033-2 KDF2 with SM3 and no shared info.
 *
 * <p>The SM3 state after {@code Z} is computed once and cloned for every counter value, so each
 * further 32 bytes of output cost one or two compressions whatever the length of {@code Z}.
 *
 * <p>Stateless and thread-safe. The output is a fresh array owned by the caller; intermediate
 * states and digests are zeroed before returning.
 */
public final class Sm3Kdf {

    private Sm3Kdf() {
    }

    /**
     * Derives {@code lengthBytes} bytes from the shared secret {@code z}.
     *
     * @param z the shared secret bit string (any length, may be empty)
     * @param lengthBytes the output length in bytes, {@code >= 0} (0 gives an empty array)
     * @throws NullPointerException if {@code z} is null
     * @throws IllegalArgumentException if {@code lengthBytes} is negative
     */
    public static byte[] derive(byte[] z, int lengthBytes) {
        Objects.requireNonNull(z, "z");
        if (lengthBytes < 0) {
            throw new IllegalArgumentException("lengthBytes must be >= 0, got " + lengthBytes);
        }
        byte[] out = new byte[lengthBytes];
        if (lengthBytes == 0) {
            return out;
        }
        Sm3 afterZ = new Sm3();
        afterZ.update(z, 0, z.length);
        Sm3 h = new Sm3();
        byte[] counter = new byte[4];
        // ct never overflows: lengthBytes < 2^31 needs fewer than 2^26 counter values, far inside
        // the standard's bound klen < (2^32 - 1) * v.
        int ct = 1;
        // Every block, the last included, is written straight into out: no temporary digest that
        // is copied and then wiped. (Digesting the last block into a scratch array, copying it and
        // wiping the scratch was miscompiled by C2 in JDK 17.0.15 once inlined into SM2
        // decryption: int-wide stores into a fresh digest array missed, its zero initial value read
        // instead; see Sm3.store.)
        for (int off = 0, n; off < lengthBytes; off += n, ct++) {
            n = Math.min(Sm3.DIGEST_LENGTH, lengthBytes - off);
            h.copyFrom(afterZ);
            Bytes.putIntBEByBytes(counter, 0, ct);
            h.update(counter, 0, 4);
            h.digestPrefix(out, off, n);
        }
        afterZ.wipe();
        h.wipe();
        return out;
    }
}
