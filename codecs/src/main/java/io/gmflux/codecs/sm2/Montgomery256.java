package io.gmflux.codecs.sm2;

import io.gmflux.codecs.arith.Mont256;

/**
 * Arithmetic modulo an odd 256-bit modulus m in Montgomery form (R = 2^256), on four 64-bit
 * little-endian limbs held in {@code long[4]} arrays.
 *
 * <p>Every operation is branch-free and allocation-free: carries are computed with bit formulas and
 * the final conditional subtraction selects by mask, so the running time does not depend on the
 * values. Inputs must be fully reduced ({@code < m}); outputs are fully reduced. The result array may
 * alias an input. Instances are immutable and thread-safe; the arrays passed in belong to the caller.
 *
 * <p>Used as it is for the group order n. {@link Sm2FieldP} overrides it for p with a plain
 * representation (its "Montgomery form" is the value itself) and Solinas reduction; callers go
 * through toMontgomery/fromMontgomery/one and never depend on which.
 */
class Montgomery256 {

    /** Read-only constants (never written). */
    private static final long[] ZERO = new long[4];
    private static final long[] PLAIN_ONE = {1, 0, 0, 0};

    private final long m0;
    private final long m1;
    private final long m2;
    private final long m3;
    /** -m^-1 mod 2^64. */
    private final long n0;
    /** R^2 mod m, for conversion into Montgomery form. */
    private final long[] rr;
    /** R mod m: the Montgomery form of 1. */
    private final long[] one;
    /** m - 2, the Fermat inversion exponent (public). */
    private final long[] mMinus2;

    Montgomery256(long[] modulus) {
        if (modulus.length != 4 || (modulus[0] & 1) == 0 || modulus[3] >= 0) {
            throw new IllegalArgumentException("modulus must be odd and 256 bits long");
        }
        m0 = modulus[0];
        m1 = modulus[1];
        m2 = modulus[2];
        m3 = modulus[3];
        // Newton iteration for m^-1 mod 2^64: each step doubles the number of correct bits.
        long inv = m0;
        for (int i = 0; i < 6; i++) {
            inv *= 2 - m0 * inv;
        }
        n0 = -inv;
        // R mod m = 2^256 - m (since 2^255 <= m < 2^256); R^2 mod m by 256 doublings of R mod m.
        one = twoTo256Minus(modulus); // R mod m, as m > 2^255
        long[] r = one.clone();
        for (int i = 0; i < 256; i++) {
            add(r, r, r);
        }
        rr = r;
        mMinus2 = modulus.clone();
        mMinus2[0] -= 2; // m is odd and > 2: no borrow
    }

    /** r = a * b * R^-1 mod m (the shared CIOS kernel, {@link Mont256#mul}). */
    void mul(long[] r, long[] a, long[] b) {
        Mont256.mul(r, 0, a, 0, b, 0, m0, m1, m2, m3, n0);
    }

    /** r = a^2 * R^-1 mod m ({@link Sm2FieldP}, the hot field, has a dedicated squaring). */
    void sqr(long[] r, long[] a) {
        mul(r, a, a);
    }

    /** r = a + b mod m. */
    void add(long[] r, long[] a, long[] b) {
        Mont256.add(r, 0, a, 0, b, 0, m0, m1, m2, m3);
    }

    /** r = a - b mod m. */
    void sub(long[] r, long[] a, long[] b) {
        Mont256.sub(r, 0, a, 0, b, 0, m0, m1, m2, m3);
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

    /** r = -a mod m. */
    void neg(long[] r, long[] a) {
        sub(r, ZERO, a);
    }

    /** r = a in Montgomery form (a * R mod m); a must be below m. */
    void toMontgomery(long[] r, long[] a) {
        mul(r, a, rr);
    }

    /** r = a out of Montgomery form (a * R^-1 mod m). */
    void fromMontgomery(long[] r, long[] a) {
        mul(r, a, PLAIN_ONE);
    }

    /** The Montgomery form of 1, copied into r. */
    void one(long[] r) {
        System.arraycopy(one, 0, r, 0, 4);
    }

    /**
     * r = a^-1 (Montgomery form in and out) by Fermat's little theorem, a^(m-2) (m prime); 0 maps
     * to 0. Constant time in a; allocates its window table: meant for key setup (inversion mod n);
     * the hot inversion mod p uses an addition chain ({@link PointArithmetic#invert}).
     */
    void inv(long[] r, long[] a) {
        pow(r, a, mMinus2);
    }

    /**
     * r = a^e (Montgomery form in and out) for a public exponent e (four limbs), with a fixed 4-bit
     * window: the table index depends only on e, never on a, so the time is independent of a.
     */
    void pow(long[] r, long[] a, long[] e) {
        long[][] table = new long[16][4];
        one(table[0]);
        System.arraycopy(a, 0, table[1], 0, 4);
        for (int i = 2; i < 16; i++) {
            mul(table[i], table[i - 1], a);
        }
        long[] acc = new long[4];
        one(acc);
        for (int i = 63; i >= 0; i--) {
            sqr(acc, acc);
            sqr(acc, acc);
            sqr(acc, acc);
            sqr(acc, acc);
            int digit = (int) (e[i >>> 4] >>> ((i & 15) << 2)) & 15;
            mul(acc, acc, table[digit]);
        }
        System.arraycopy(acc, 0, r, 0, 4);
    }

    /** r = a mod m for any 256-bit a (valid because 2^256 &lt; 2m); constant time. */
    void reduce(long[] r, long[] a) {
        Mont256.reduceOnce(r, 0, a[0], a[1], a[2], a[3], 0, m0, m1, m2, m3);
    }

    /** Whether a &lt; m (any limbs); constant time. */
    boolean isReduced(long[] a) {
        long bw = ((~a[0] & m0) | ((~a[0] | m0) & (a[0] - m0))) >>> 63;
        long d1 = a[1] - m1 - bw;
        bw = ((~a[1] & m1) | ((~a[1] | m1) & d1)) >>> 63;
        long d2 = a[2] - m2 - bw;
        bw = ((~a[2] & m2) | ((~a[2] | m2) & d2)) >>> 63;
        long d3 = a[3] - m3 - bw;
        bw = ((~a[3] & m3) | ((~a[3] | m3) & d3)) >>> 63;
        return bw == 1;
    }
}
