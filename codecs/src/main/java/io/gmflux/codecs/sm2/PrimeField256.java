package io.gmflux.codecs.sm2;

import io.gmflux.codecs.arith.Mont256;

/**
 * Arithmetic modulo an odd 256-bit modulus m (2^255 &lt; m &lt; 2^256) on four 64-bit little-endian
 * limbs held in {@code long[4]} arrays. Each subclass chooses how a residue is represented:
 * {@link Montgomery256} keeps a·2^256 mod m (used for the group order n), {@link Sm2FieldP} keeps
 * the value itself (the field prime p, whose shape allows a reduction without Montgomery's). What
 * does not depend on the representation is here: addition, subtraction, negation, range checks and
 * exponentiation.
 *
 * <p>Every operation is branch-free and allocation-free ({@link #pow} allocates its table): carries
 * are computed with bit formulas and conditional subtractions select by mask, so the running time
 * does not depend on the values. Inputs must be fully reduced ({@code < m}); outputs are fully
 * reduced. The result array may alias an input. Instances are immutable and thread-safe; the arrays
 * passed in belong to the caller.
 */
abstract sealed class PrimeField256 permits Montgomery256, Sm2FieldP {

    /** Read-only (never written). */
    private static final long[] ZERO = new long[4];

    final long m0;
    final long m1;
    final long m2;
    final long m3;

    PrimeField256(long[] modulus) {
        if (modulus.length != 4 || (modulus[0] & 1) == 0 || modulus[3] >= 0) {
            throw new IllegalArgumentException("modulus must be odd and 256 bits long");
        }
        m0 = modulus[0];
        m1 = modulus[1];
        m2 = modulus[2];
        m3 = modulus[3];
    }

    /** r = a·b in this field's representation. */
    abstract void mul(long[] r, long[] a, long[] b);

    /** r = a^2 in this field's representation. */
    void sqr(long[] r, long[] a) {
        mul(r, a, a);
    }

    /** The representation of 1, copied into r. */
    abstract void one(long[] r);

    /** r = a + b mod m. */
    void add(long[] r, long[] a, long[] b) {
        Mont256.add(r, 0, a, 0, b, 0, m0, m1, m2, m3);
    }

    /** r = a - b mod m. */
    void sub(long[] r, long[] a, long[] b) {
        Mont256.sub(r, 0, a, 0, b, 0, m0, m1, m2, m3);
    }

    /** r = -a mod m. */
    void neg(long[] r, long[] a) {
        sub(r, ZERO, a);
    }

    /**
     * r = a^e for a public exponent e (four limbs, plain), with a fixed 4-bit window: the table
     * index depends only on e, never on a, so the time is independent of a. Allocates its table
     * (used for square roots when decoding compressed points; inversions use safegcd).
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
