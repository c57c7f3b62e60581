package io.gmflux.codecs.sm9;

import io.gmflux.codecs.arith.Mont256;
import io.gmflux.codecs.arith.SafeGcd;

import java.security.SecureRandom;

/**
 * Integers modulo the group order N as 32-byte big-endian arrays (the form the scalar
 * multiplications read), with the arithmetic of {@link Mont256}: branch-free, so constant-time in
 * the values. Stateless and thread-safe; every result is a fresh array owned by the caller.
 */
final class ScalarN {

    private static final long N0 = 0xe56ee19cd69ecf25L;
    private static final long N1 = 0x49f2934b18ea8beeL;
    private static final long N2 = 0xd603ab4ff58ec744L;
    private static final long N3 = 0xb640000002a3a6f1L;
    private static final long NINV = 0x1d02662351974b53L;
    private static final long[] N = {N0, N1, N2, N3};
    private static final long[] R2 = {0x7598cd79cd750c35L, 0xe4a08110bb6daeabL, 0xbfee4bae7d78a1f9L, 0x8894f5d163695d0eL};

    private ScalarN() {
    }

    static long[] limbs(byte[] k) {
        long[] r = new long[4];
        for (int i = 0; i < 4; i++) {
            long v = 0;
            for (int j = 0; j < 8; j++) {
                v = (v << 8) | (k[8 * (3 - i) + j] & 0xff);
            }
            r[i] = v;
        }
        return r;
    }

    static byte[] bytes(long[] a) {
        byte[] out = new byte[32];
        for (int i = 0; i < 4; i++) {
            long v = a[i];
            for (int j = 7; j >= 0; j--) {
                out[8 * (3 - i) + j] = (byte) v;
                v >>>= 8;
            }
        }
        return out;
    }

    /** True if 1 &lt;= k &lt; N (public check, used on inputs such as h). */
    static boolean inRange(byte[] k) {
        long[] l = limbs(k);
        return !isZero(k) && Fq.lessThan(l, 0, N);
    }

    /** 1 if k == 0, without branching on the bytes. */
    static boolean isZero(byte[] k) {
        int acc = 0;
        for (byte b : k) {
            acc |= b;
        }
        return acc == 0;
    }

    static byte[] add(byte[] a, byte[] b) {
        long[] r = new long[4];
        Mont256.add(r, 0, limbs(a), 0, limbs(b), 0, N0, N1, N2, N3);
        return bytes(r);
    }

    static byte[] sub(byte[] a, byte[] b) {
        long[] r = new long[4];
        Mont256.sub(r, 0, limbs(a), 0, limbs(b), 0, N0, N1, N2, N3);
        return bytes(r);
    }

    /** a * b mod N (inputs reduced). */
    static byte[] mul(byte[] a, byte[] b) {
        long[] r = new long[4];
        Mont256.mul(r, 0, limbs(a), 0, limbs(b), 0, N0, N1, N2, N3, NINV);
        Mont256.mul(r, 0, r, 0, R2, 0, N0, N1, N2, N3, NINV);
        return bytes(r);
    }

    /** {@link SafeGcd} for N. */
    private static final SafeGcd INVERSE = new SafeGcd(N);

    /** a^-1 mod N (0 maps to 0) by {@link SafeGcd}: constant-time in a. */
    static byte[] inv(byte[] a) {
        long[] x = limbs(a);
        INVERSE.invert(x, 0, x, 0);
        byte[] r = bytes(x);
        java.util.Arrays.fill(x, 0L);
        return r;
    }

    /** A uniformly random scalar in [1, N - 1] (rejection sampling on 256-bit draws). */
    static byte[] random(SecureRandom random) {
        byte[] k = new byte[32];
        while (true) {
            random.nextBytes(k);
            if (inRange(k)) {
                return k;
            }
        }
    }
}
