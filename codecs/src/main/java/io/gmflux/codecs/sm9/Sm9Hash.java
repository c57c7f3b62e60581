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
        return h((byte) 1, id, new byte[] {hid});
    }

    /** H2(message ‖ w, N). */
    static byte[] h2(byte[] message, int off, int len, byte[] w) {
        byte[] m = off == 0 && len == message.length ? message : java.util.Arrays.copyOfRange(message, off, off + len);
        return h((byte) 2, m, w);
    }

    private static byte[] h(byte prefix, byte[] z1, byte[] z2) {
        byte[] ha = new byte[64];
        Sm3 sm3 = new Sm3();
        byte[] ct = new byte[4];
        for (int i = 1; i <= 2; i++) {
            sm3.reset();
            sm3.update(prefix);
            sm3.update(z1);
            sm3.update(z2);
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
