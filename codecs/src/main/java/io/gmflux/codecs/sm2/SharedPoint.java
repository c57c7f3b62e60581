package io.gmflux.codecs.sm2;

import java.security.InvalidKeyException;

/**
 * The Diffie-Hellman step shared by encryption and the KEM (GB/T 32918.4 §6.1 A2-A4, §7.1 B1-B3):
 * the sender draws k and publishes C1 = [k]G, both sides reach (x2, y2) = [k]P_B = [d_B]C1.
 * Stateless; the PointArithmetic passed in provides the scratch.
 */
final class SharedPoint {

    private SharedPoint() {
    }

    /**
     * C1 = [k]G into {@code c1} (65 bytes at c1Off) and x2 || y2 = [k]P into {@code x2y2} (64 bytes).
     * Constant time in k.
     */
    static void encapsulate(PointArithmetic pa, Sm2PublicKey key, long[] k, byte[] c1, int c1Off, byte[] x2y2) {
        encapsulate(pa, key, null, k, c1, c1Off, x2y2);
    }

    /** As above, with the recipient's comb table when the key was prepared (null otherwise). */
    static void encapsulate(PointArithmetic pa, Sm2PublicKey key, long[] keyTable, long[] k, byte[] c1, int c1Off, byte[] x2y2) {
        JacobianPoint c1Point = new JacobianPoint();
        JacobianPoint q = new JacobianPoint();
        long[] x = new long[4];
        long[] y = new long[4];
        long[] x2 = new long[4];
        long[] y2 = new long[4];
        pa.mulBase(c1Point, k);
        // h = 1 and P_B was validated, so S = [h]P_B is never infinity (A3); [k]G and [k]P_B are
        // never infinity for k in [1, n-1], so one shared inversion makes both affine
        if (keyTable != null) {
            pa.mulComb(q, keyTable, k);
        } else {
            pa.mul(q, key.x, key.y, k);
        }
        pa.toAffine2(x, y, c1Point, x2, y2, q);
        c1[c1Off] = 0x04;
        PointEncoding.writeCoordinates(x, y, c1, c1Off + 1);
        PointEncoding.writeCoordinates(x2, y2, x2y2, 0);
        q.wipe();
        c1Point.wipe();
        java.util.Arrays.fill(x2, 0);
        java.util.Arrays.fill(y2, 0);
        java.util.Arrays.fill(x, 0);
        java.util.Arrays.fill(y, 0);
    }

    /**
     * Validates C1 (format, range, on the curve) before touching the private key, then writes
     * x2 || y2 = [d]C1 into {@code x2y2} (64 bytes). Constant time in d.
     *
     * @throws Sm2DecryptionException if C1 is not a valid point
     */
    static void decapsulate(PointArithmetic pa, Sm2PrivateKey key, byte[] in, int off, int len, byte[] x2y2)
            throws Sm2DecryptionException {
        long[] x = new long[4];
        long[] y = new long[4];
        try {
            PointEncoding.decode(in, off, len, x, y, pa); // B1
        } catch (InvalidKeyException e) {
            throw new Sm2DecryptionException("C1 is not a point of sm2p256v1: " + e.getMessage(), e);
        }
        key.checkNotDestroyed();
        JacobianPoint q = new JacobianPoint();
        pa.mul(q, x, y, key.d); // B3
        pa.toAffine(x, y, q);
        PointEncoding.writeCoordinates(x, y, x2y2, 0);
        q.wipe();
        java.util.Arrays.fill(x, 0);
        java.util.Arrays.fill(y, 0);
    }

    /** k uniform in [1, n - 1] by rejection sampling from {@code random}; {@code buf} is 32 bytes of scratch. */
    static void drawScalar(java.security.SecureRandom random, byte[] buf, long[] k) {
        do {
            random.nextBytes(buf);
            Sm2Curve.toLimbs(k, buf, 0);
        } while (Sm2Curve.isZeroMask(k) != 0 || !Sm2Curve.lessThan(k, Sm2Curve.N));
        io.gmflux.codecs.bytes.Bytes.wipe(buf);
    }
}
