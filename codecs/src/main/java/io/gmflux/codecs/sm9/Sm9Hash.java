package io.gmflux.codecs.sm9;

import io.gmflux.codecs.sm3.Sm3;
import java.math.BigInteger;

/**
 * The hash-to-range functions H1 and H2 of GM/T 0044.2 §5.3.2 / .4 §5.3.2 (GB/T 38635.2): with
 * hlen = 8·⌈5·log2(N)/32⌉ = 320 bits, Ha = the leftmost 40 bytes of SM3(prefix ‖ Z ‖ 00000001) ‖
 * SM3(prefix ‖ Z ‖ 00000002) and h = (Ha mod (N - 1)) + 1, prefix 0x01 for H1 and 0x02 for H2.
 *
 * <p>The single 320-bit reduction uses BigInteger (once per operation, outside every loop; the
 * hashed data are public except in key extraction, where the reduction's timing depends only on the
 * public identity). Stateless and thread-safe.
 */
final class Sm9Hash {

    private static final BigInteger N_MINUS_1 = new BigInteger(1, Sm9Curve.N_BYTES).subtract(BigInteger.ONE);

    private Sm9Hash() {
    }

    /** H1(id ‖ hid, N). */
    static byte[] h1(byte[] id, byte hid) {
        Sm3 z = new Sm3();
        z.update((byte) 1);
        z.update(id);
        return h(z, new byte[] {hid});
    }

    /** H2(message ‖ w, N). */
    static byte[] h2(byte[] message, int off, int len, byte[] w) {
        H2 h = new H2();
        h.update(message, off, len);
        return h.finish(w);
    }

    /**
     * H2(M ‖ w, N) with M given in pieces before w is known: absorbs 0x02 ‖ M into one SM3 state,
     * and {@link #finish} hashes copies of it with w and each counter, so the message is never
     * buffered and the same message can be finished with several w (a signer's retry). Not
     * thread-safe.
     */
    static final class H2 {

        private final Sm3 absorbed = new Sm3();

        H2() {
            absorbed.update((byte) 2);
        }

        void update(byte[] in, int off, int len) {
            absorbed.update(in, off, len);
        }

        void update(byte b) {
            absorbed.update(b);
        }

        /** H2(M ‖ w, N) for the message absorbed so far, which stays absorbed. */
        byte[] finish(byte[] w) {
            return h(absorbed, w);
        }

        /** Forgets the absorbed message (and wipes what SM3 buffered of it). */
        void reset() {
            absorbed.reset();
            absorbed.update((byte) 2);
        }
    }

    /** (Ha mod (N - 1)) + 1, Ha the leftmost 40 bytes of SM3(z ‖ tail ‖ ct) for ct = 1, 2; z unchanged. */
    private static byte[] h(Sm3 z, byte[] tail) {
        byte[] ha = new byte[64];
        byte[] ct = new byte[4];
        for (int i = 1; i <= 2; i++) {
            Sm3 sm3 = z.copy();
            sm3.update(tail);
            ct[3] = (byte) i;
            sm3.update(ct);
            sm3.digest(ha, 32 * (i - 1));
        }
        BigInteger v = new BigInteger(1, java.util.Arrays.copyOf(ha, 40)).mod(N_MINUS_1).add(BigInteger.ONE);
        byte[] m = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(m.length, 32);
        System.arraycopy(m, m.length - n, out, 32 - n, n);
        return out;
    }
}
