package io.gmflux.codecs.sm2;

import io.gmflux.codecs.arith.Mont256;

/**
 * Arithmetic modulo an odd 256-bit modulus m in Montgomery form: a residue a is held as
 * a·R mod m with R = 2^256, products by the shared CIOS kernel {@link Mont256#mul}. Used for the
 * group order n (and, in tests, for the generic curves of other standards' vectors). Constant time,
 * allocation-free, reduced in and out, aliasing allowed, immutable and thread-safe, as
 * {@link PrimeField256}.
 */
final class Montgomery256 extends PrimeField256 {

    /** Read-only (never written). */
    private static final long[] PLAIN_ONE = {1, 0, 0, 0};

    /** -m^-1 mod 2^64. */
    private final long n0;
    /** R^2 mod m, for conversion into Montgomery form. */
    private final long[] rr;
    /** R mod m: the Montgomery form of 1. */
    private final long[] one;

    Montgomery256(long[] modulus) {
        super(modulus);
        // Newton iteration for m^-1 mod 2^64: each step doubles the number of correct bits.
        long inv = m0;
        for (int i = 0; i < 6; i++) {
            inv *= 2 - m0 * inv;
        }
        n0 = -inv;
        // R mod m = 2^256 - m (since 2^255 <= m < 2^256); R^2 mod m by 256 doublings of R mod m.
        one = twoTo256Minus(modulus);
        long[] r = one.clone();
        for (int i = 0; i < 256; i++) {
            add(r, r, r);
        }
        rr = r;
    }

    /** r = a * b * R^-1 mod m. */
    @Override
    void mul(long[] r, long[] a, long[] b) {
        Mont256.mul(r, 0, a, 0, b, 0, m0, m1, m2, m3, n0);
    }

    /** The Montgomery form of 1 (R mod m), copied into r. */
    @Override
    void one(long[] r) {
        System.arraycopy(one, 0, r, 0, 4);
    }

    /** r = a in Montgomery form (a * R mod m); a must be below m. */
    void toMontgomery(long[] r, long[] a) {
        mul(r, a, rr);
    }

    /** r = a out of Montgomery form (a * R^-1 mod m). */
    void fromMontgomery(long[] r, long[] a) {
        mul(r, a, PLAIN_ONE);
    }

    /** 2^256 - m (a public constant; computed once, branches are fine). */
    private static long[] twoTo256Minus(long[] m) {
        long[] r = new long[4];
        long borrow = 0;
        for (int i = 0; i < 4; i++) {
            r[i] = -m[i] - borrow;
            borrow = (m[i] != 0 || borrow != 0) ? 1 : 0;
        }
        return r;
    }
}
