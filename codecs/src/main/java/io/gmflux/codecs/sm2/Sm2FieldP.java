package io.gmflux.codecs.sm2;

import io.gmflux.codecs.arith.UnsignedProducts;

/**
 * Arithmetic modulo p = 2^256 - 2^224 - 2^96 + 2^64 - 1 (sm2p256v1) on four 64-bit limbs, with
 * multiplication and squaring by the special form of p (Solinas reduction, GB/T 32918.1 §A.1's
 * prime is a generalized Mersenne prime) instead of Montgomery reduction.
 *
 * <p>The representation is plain: a residue is held as itself, so coordinates, curve constants and
 * table entries need no conversion on the way in or out.
 *
 * <p>Why not Montgomery: Java 17 has no unsigned 128-bit product and no add-with-carry, so every
 * 64-bit carry costs a five-operation bit formula. Here the 512-bit product is accumulated in
 * sixteen 32-bit columns held in signed {@code long}s (each column a sum of at most eight 32-bit
 * pieces, below 2^35: no carry to track), the high eight columns are folded into the low eight with
 * the small coefficients of 2^(32k) mod p (k = 8..15, from 2^256 = 2^224 + 2^96 - 2^64 + 1 mod p;
 * every one of these representatives is positive, so the folded value V is too). One carry step
 * done in parallel on every column and a fold of the top word (t·2^256 = t·(2^256 - p) mod p) leave
 * 0 &lt;= V &lt; 2^256 + 2^235; two independent carry chains then normalise V and V + 2^256 - p, and
 * the top bit of the second (V &gt;= p) selects by mask: the result is in [0, p) with no serial
 * subtraction after the chains. The 64x64-bit high products come from {@code arith.UnsignedProducts}
 * (Math.unsignedMultiplyHigh on Java 18+, from the multi-release jar). Branch-free and allocation-free; inputs below p, outputs below p; the result may alias an
 * input. Immutable and thread-safe.
 */
final class Sm2FieldP extends PrimeField256 {

    Sm2FieldP() {
        super(Sm2Curve.P);
    }

    /** r = a * b mod p. */
    @Override
    void mul(long[] r, long[] a, long[] b) {
        long a0 = a[0];
        long a1 = a[1];
        long a2 = a[2];
        long a3 = a[3];
        long b0 = b[0];
        long b1 = b[1];
        long b2 = b[2];
        long b3 = b[3];
        long l00 = a0 * b0;
        long h00 = UnsignedProducts.multiplyHigh(a0, b0);
        long l01 = a0 * b1;
        long h01 = UnsignedProducts.multiplyHigh(a0, b1);
        long l02 = a0 * b2;
        long h02 = UnsignedProducts.multiplyHigh(a0, b2);
        long l03 = a0 * b3;
        long h03 = UnsignedProducts.multiplyHigh(a0, b3);
        long l10 = a1 * b0;
        long h10 = UnsignedProducts.multiplyHigh(a1, b0);
        long l11 = a1 * b1;
        long h11 = UnsignedProducts.multiplyHigh(a1, b1);
        long l12 = a1 * b2;
        long h12 = UnsignedProducts.multiplyHigh(a1, b2);
        long l13 = a1 * b3;
        long h13 = UnsignedProducts.multiplyHigh(a1, b3);
        long l20 = a2 * b0;
        long h20 = UnsignedProducts.multiplyHigh(a2, b0);
        long l21 = a2 * b1;
        long h21 = UnsignedProducts.multiplyHigh(a2, b1);
        long l22 = a2 * b2;
        long h22 = UnsignedProducts.multiplyHigh(a2, b2);
        long l23 = a2 * b3;
        long h23 = UnsignedProducts.multiplyHigh(a2, b3);
        long l30 = a3 * b0;
        long h30 = UnsignedProducts.multiplyHigh(a3, b0);
        long l31 = a3 * b1;
        long h31 = UnsignedProducts.multiplyHigh(a3, b1);
        long l32 = a3 * b2;
        long h32 = UnsignedProducts.multiplyHigh(a3, b2);
        long l33 = a3 * b3;
        long h33 = UnsignedProducts.multiplyHigh(a3, b3);
        long c0 = (l00 & 0xFFFFFFFFL);
        long c1 = (l00 >>> 32);
        long c2 = (h00 & 0xFFFFFFFFL) + (l01 & 0xFFFFFFFFL) + (l10 & 0xFFFFFFFFL);
        long c3 = (h00 >>> 32) + (l01 >>> 32) + (l10 >>> 32);
        long c4 = (h01 & 0xFFFFFFFFL) + (l02 & 0xFFFFFFFFL) + (h10 & 0xFFFFFFFFL) + (l11 & 0xFFFFFFFFL) + (l20 & 0xFFFFFFFFL);
        long c5 = (h01 >>> 32) + (l02 >>> 32) + (h10 >>> 32) + (l11 >>> 32) + (l20 >>> 32);
        long c6 = (h02 & 0xFFFFFFFFL) + (l03 & 0xFFFFFFFFL) + (h11 & 0xFFFFFFFFL) + (l12 & 0xFFFFFFFFL) + (h20 & 0xFFFFFFFFL) + (l21 & 0xFFFFFFFFL) + (l30 & 0xFFFFFFFFL);
        long c7 = (h02 >>> 32) + (l03 >>> 32) + (h11 >>> 32) + (l12 >>> 32) + (h20 >>> 32) + (l21 >>> 32) + (l30 >>> 32);
        long c8 = (h03 & 0xFFFFFFFFL) + (h12 & 0xFFFFFFFFL) + (l13 & 0xFFFFFFFFL) + (h21 & 0xFFFFFFFFL) + (l22 & 0xFFFFFFFFL) + (h30 & 0xFFFFFFFFL) + (l31 & 0xFFFFFFFFL);
        long c9 = (h03 >>> 32) + (h12 >>> 32) + (l13 >>> 32) + (h21 >>> 32) + (l22 >>> 32) + (h30 >>> 32) + (l31 >>> 32);
        long c10 = (h13 & 0xFFFFFFFFL) + (h22 & 0xFFFFFFFFL) + (l23 & 0xFFFFFFFFL) + (h31 & 0xFFFFFFFFL) + (l32 & 0xFFFFFFFFL);
        long c11 = (h13 >>> 32) + (h22 >>> 32) + (l23 >>> 32) + (h31 >>> 32) + (l32 >>> 32);
        long c12 = (h23 & 0xFFFFFFFFL) + (h32 & 0xFFFFFFFFL) + (l33 & 0xFFFFFFFFL);
        long c13 = (h23 >>> 32) + (h32 >>> 32) + (l33 >>> 32);
        long c14 = (h33 & 0xFFFFFFFFL);
        long c15 = (h33 >>> 32);
        long v0 = c0 + c8 + c9 + c10 + c11 + c12 + 2 * c13 + 2 * c14 + 2 * c15;
        long v1 = c1 + c9 + c10 + c11 + c12 + c13 + 2 * c14 + 2 * c15;
        long v2 = c2 - c8 - c9 - c13 - c14;
        long v3 = c3 + c8 + c11 + c12 + 2 * c13 + c14 + c15;
        long v4 = c4 + c9 + c12 + c13 + 2 * c14 + c15;
        long v5 = c5 + c10 + c13 + c14 + 2 * c15;
        long v6 = c6 + c11 + c14 + c15;
        long v7 = c7 + c8 + c9 + c10 + c11 + 2 * c12 + 2 * c13 + 2 * c14 + 3 * c15;
        long t = v7 >>> 32;
        long w0 = (v0 & 0xFFFFFFFFL) + t;
        long w1 = (v1 & 0xFFFFFFFFL) + (v0 >> 32);
        long w2 = (v2 & 0xFFFFFFFFL) + (v1 >> 32) - t;
        long w3 = (v3 & 0xFFFFFFFFL) + (v2 >> 32) + t;
        long w4 = (v4 & 0xFFFFFFFFL) + (v3 >> 32);
        long w5 = (v5 & 0xFFFFFFFFL) + (v4 >> 32);
        long w6 = (v6 & 0xFFFFFFFFL) + (v5 >> 32);
        long w7 = (v7 & 0xFFFFFFFFL) + (v6 >> 32) + t;
        long y0 = w0 + 1;
        long y2 = w2 + 0xFFFFFFFFL;
        long y7 = w7 + 1;
        long y1 = w1 + (y0 >> 32);
        w1 += w0 >> 32;
        y2 += y1 >> 32;
        w2 += w1 >> 32;
        long y3 = w3 + (y2 >> 32);
        w3 += w2 >> 32;
        long y4 = w4 + (y3 >> 32);
        w4 += w3 >> 32;
        long y5 = w5 + (y4 >> 32);
        w5 += w4 >> 32;
        long y6 = w6 + (y5 >> 32);
        w6 += w5 >> 32;
        y7 += y6 >> 32;
        w7 += w6 >> 32;
        long keepW = (y7 >>> 32) - 1; // all ones when w < p: the chain through w + 2^256 - p did not reach 2^256
        long r0 = (w0 & 0xFFFFFFFFL) | (w1 << 32);
        long r1 = (w2 & 0xFFFFFFFFL) | (w3 << 32);
        long r2 = (w4 & 0xFFFFFFFFL) | (w5 << 32);
        long r3 = (w6 & 0xFFFFFFFFL) | (w7 << 32);
        long q0 = (y0 & 0xFFFFFFFFL) | (y1 << 32);
        long q1 = (y2 & 0xFFFFFFFFL) | (y3 << 32);
        long q2 = (y4 & 0xFFFFFFFFL) | (y5 << 32);
        long q3 = (y6 & 0xFFFFFFFFL) | (y7 << 32);
        r[0] = (r0 & keepW) | (q0 & ~keepW);
        r[1] = (r1 & keepW) | (q1 & ~keepW);
        r[2] = (r2 & keepW) | (q2 & ~keepW);
        r[3] = (r3 & keepW) | (q3 & ~keepW);
    }

    /** r = a^2 mod p. */
    @Override
    void sqr(long[] r, long[] a) {
        long a0 = a[0];
        long a1 = a[1];
        long a2 = a[2];
        long a3 = a[3];
        long l00 = a0 * a0;
        long h00 = UnsignedProducts.multiplyHigh(a0, a0);
        long l01 = a0 * a1;
        long h01 = UnsignedProducts.multiplyHigh(a0, a1);
        long l02 = a0 * a2;
        long h02 = UnsignedProducts.multiplyHigh(a0, a2);
        long l03 = a0 * a3;
        long h03 = UnsignedProducts.multiplyHigh(a0, a3);
        long l11 = a1 * a1;
        long h11 = UnsignedProducts.multiplyHigh(a1, a1);
        long l12 = a1 * a2;
        long h12 = UnsignedProducts.multiplyHigh(a1, a2);
        long l13 = a1 * a3;
        long h13 = UnsignedProducts.multiplyHigh(a1, a3);
        long l22 = a2 * a2;
        long h22 = UnsignedProducts.multiplyHigh(a2, a2);
        long l23 = a2 * a3;
        long h23 = UnsignedProducts.multiplyHigh(a2, a3);
        long l33 = a3 * a3;
        long h33 = UnsignedProducts.multiplyHigh(a3, a3);
        long c0 = (l00 & 0xFFFFFFFFL);
        long c1 = (l00 >>> 32);
        long c2 = (((l01 & 0xFFFFFFFFL)) << 1) + (h00 & 0xFFFFFFFFL);
        long c3 = (((l01 >>> 32)) << 1) + (h00 >>> 32);
        long c4 = (((h01 & 0xFFFFFFFFL) + (l02 & 0xFFFFFFFFL)) << 1) + (l11 & 0xFFFFFFFFL);
        long c5 = (((h01 >>> 32) + (l02 >>> 32)) << 1) + (l11 >>> 32);
        long c6 = (((h02 & 0xFFFFFFFFL) + (l03 & 0xFFFFFFFFL) + (l12 & 0xFFFFFFFFL)) << 1) + (h11 & 0xFFFFFFFFL);
        long c7 = (((h02 >>> 32) + (l03 >>> 32) + (l12 >>> 32)) << 1) + (h11 >>> 32);
        long c8 = (((h03 & 0xFFFFFFFFL) + (h12 & 0xFFFFFFFFL) + (l13 & 0xFFFFFFFFL)) << 1) + (l22 & 0xFFFFFFFFL);
        long c9 = (((h03 >>> 32) + (h12 >>> 32) + (l13 >>> 32)) << 1) + (l22 >>> 32);
        long c10 = (((h13 & 0xFFFFFFFFL) + (l23 & 0xFFFFFFFFL)) << 1) + (h22 & 0xFFFFFFFFL);
        long c11 = (((h13 >>> 32) + (l23 >>> 32)) << 1) + (h22 >>> 32);
        long c12 = (((h23 & 0xFFFFFFFFL)) << 1) + (l33 & 0xFFFFFFFFL);
        long c13 = (((h23 >>> 32)) << 1) + (l33 >>> 32);
        long c14 = (h33 & 0xFFFFFFFFL);
        long c15 = (h33 >>> 32);
        long v0 = c0 + c8 + c9 + c10 + c11 + c12 + 2 * c13 + 2 * c14 + 2 * c15;
        long v1 = c1 + c9 + c10 + c11 + c12 + c13 + 2 * c14 + 2 * c15;
        long v2 = c2 - c8 - c9 - c13 - c14;
        long v3 = c3 + c8 + c11 + c12 + 2 * c13 + c14 + c15;
        long v4 = c4 + c9 + c12 + c13 + 2 * c14 + c15;
        long v5 = c5 + c10 + c13 + c14 + 2 * c15;
        long v6 = c6 + c11 + c14 + c15;
        long v7 = c7 + c8 + c9 + c10 + c11 + 2 * c12 + 2 * c13 + 2 * c14 + 3 * c15;
        long t = v7 >>> 32;
        long w0 = (v0 & 0xFFFFFFFFL) + t;
        long w1 = (v1 & 0xFFFFFFFFL) + (v0 >> 32);
        long w2 = (v2 & 0xFFFFFFFFL) + (v1 >> 32) - t;
        long w3 = (v3 & 0xFFFFFFFFL) + (v2 >> 32) + t;
        long w4 = (v4 & 0xFFFFFFFFL) + (v3 >> 32);
        long w5 = (v5 & 0xFFFFFFFFL) + (v4 >> 32);
        long w6 = (v6 & 0xFFFFFFFFL) + (v5 >> 32);
        long w7 = (v7 & 0xFFFFFFFFL) + (v6 >> 32) + t;
        long y0 = w0 + 1;
        long y2 = w2 + 0xFFFFFFFFL;
        long y7 = w7 + 1;
        long y1 = w1 + (y0 >> 32);
        w1 += w0 >> 32;
        y2 += y1 >> 32;
        w2 += w1 >> 32;
        long y3 = w3 + (y2 >> 32);
        w3 += w2 >> 32;
        long y4 = w4 + (y3 >> 32);
        w4 += w3 >> 32;
        long y5 = w5 + (y4 >> 32);
        w5 += w4 >> 32;
        long y6 = w6 + (y5 >> 32);
        w6 += w5 >> 32;
        y7 += y6 >> 32;
        w7 += w6 >> 32;
        long keepW = (y7 >>> 32) - 1; // all ones when w < p: the chain through w + 2^256 - p did not reach 2^256
        long r0 = (w0 & 0xFFFFFFFFL) | (w1 << 32);
        long r1 = (w2 & 0xFFFFFFFFL) | (w3 << 32);
        long r2 = (w4 & 0xFFFFFFFFL) | (w5 << 32);
        long r3 = (w6 & 0xFFFFFFFFL) | (w7 << 32);
        long q0 = (y0 & 0xFFFFFFFFL) | (y1 << 32);
        long q1 = (y2 & 0xFFFFFFFFL) | (y3 << 32);
        long q2 = (y4 & 0xFFFFFFFFL) | (y5 << 32);
        long q3 = (y6 & 0xFFFFFFFFL) | (y7 << 32);
        r[0] = (r0 & keepW) | (q0 & ~keepW);
        r[1] = (r1 & keepW) | (q1 & ~keepW);
        r[2] = (r2 & keepW) | (q2 & ~keepW);
        r[3] = (r3 & keepW) | (q3 & ~keepW);
    }

    /**
     * r = a + b mod p (inputs below p): the parent's carry chain and masked subtraction with p's
     * limbs as constants (subtracting p is adding 2^256 - p = 2^224 + 2^96 - 2^64 + 1).
     */
    @Override
    void add(long[] r, long[] a, long[] b) {
        long a0 = a[0];
        long b0 = b[0];
        long s0 = a0 + b0;
        long c = ((a0 & b0) | ((a0 | b0) & ~s0)) >>> 63;
        long a1 = a[1];
        long b1 = b[1];
        long s1 = a1 + b1 + c;
        c = ((a1 & b1) | ((a1 | b1) & ~s1)) >>> 63;
        long a2 = a[2];
        long b2 = b[2];
        long s2 = a2 + b2 + c;
        c = ((a2 & b2) | ((a2 | b2) & ~s2)) >>> 63;
        long a3 = a[3];
        long b3 = b[3];
        long s3 = a3 + b3 + c;
        c = ((a3 & b3) | ((a3 | b3) & ~s3)) >>> 63;
        // u = s + 2^256 - p; s >= p exactly when this (or s itself) reaches 2^256. The added limbs
        // are below 2^63, so a limb carries out exactly when its top bit goes from 1 to 0.
        long u0 = s0 + 1;
        long u1 = s1 + 0xFFFFFFFFL + ((s0 & ~u0) >>> 63);
        long u2 = s2 + ((s1 & ~u1) >>> 63);
        long u3 = s3 + 0x100000000L + ((s2 & ~u2) >>> 63);
        long keepS = (c | ((s3 & ~u3) >>> 63)) - 1;
        r[0] = u0 ^ ((s0 ^ u0) & keepS);
        r[1] = u1 ^ ((s1 ^ u1) & keepS);
        r[2] = u2 ^ ((s2 ^ u2) & keepS);
        r[3] = u3 ^ ((s3 ^ u3) & keepS);
    }

    /** r = a - b mod p (inputs below p): borrow chain, then p added back under a mask. */
    @Override
    void sub(long[] r, long[] a, long[] b) {
        long a0 = a[0];
        long b0 = b[0];
        long d0 = a0 - b0;
        long bw = ((~a0 & b0) | ((~a0 | b0) & d0)) >>> 63;
        long a1 = a[1];
        long b1 = b[1];
        long d1 = a1 - b1 - bw;
        bw = ((~a1 & b1) | ((~a1 | b1) & d1)) >>> 63;
        long a2 = a[2];
        long b2 = b[2];
        long d2 = a2 - b2 - bw;
        bw = ((~a2 & b2) | ((~a2 | b2) & d2)) >>> 63;
        long a3 = a[3];
        long b3 = b[3];
        long d3 = a3 - b3 - bw;
        bw = ((~a3 & b3) | ((~a3 | b3) & d3)) >>> 63;
        // adding p is subtracting 2^256 - p = (1, 2^32 - 1, 0, 2^32) (limbs), under the borrow mask
        // the subtracted limbs are below 2^63: a limb borrows exactly when its top bit goes from 0 to 1
        long e0 = d0 - bw;
        long e1 = d1 - (0xFFFFFFFFL & -bw) - ((~d0 & e0) >>> 63);
        long e2 = d2 - ((~d1 & e1) >>> 63);
        r[0] = e0;
        r[1] = e1;
        r[2] = e2;
        r[3] = d3 - (0x100000000L & -bw) - ((~d2 & e2) >>> 63);
    }

    /** r = k·a mod p for a small public k (1 &lt;= k &lt;= 8; used for 3α, 4β, 8γ² of a doubling). */
    void mulSmall(long[] r, long[] a, long k) {
        long a0 = a[0];
        long a1 = a[1];
        long a2 = a[2];
        long a3 = a[3];
        long v0 = (a0 & 0xFFFFFFFFL) * k;
        long v1 = (a0 >>> 32) * k;
        long v2 = (a1 & 0xFFFFFFFFL) * k;
        long v3 = (a1 >>> 32) * k;
        long v4 = (a2 & 0xFFFFFFFFL) * k;
        long v5 = (a2 >>> 32) * k;
        long v6 = (a3 & 0xFFFFFFFFL) * k;
        long v7 = (a3 >>> 32) * k;
        long t = v7 >>> 32;
        long w0 = (v0 & 0xFFFFFFFFL) + t;
        long w1 = (v1 & 0xFFFFFFFFL) + (v0 >> 32);
        long w2 = (v2 & 0xFFFFFFFFL) + (v1 >> 32) - t;
        long w3 = (v3 & 0xFFFFFFFFL) + (v2 >> 32) + t;
        long w4 = (v4 & 0xFFFFFFFFL) + (v3 >> 32);
        long w5 = (v5 & 0xFFFFFFFFL) + (v4 >> 32);
        long w6 = (v6 & 0xFFFFFFFFL) + (v5 >> 32);
        long w7 = (v7 & 0xFFFFFFFFL) + (v6 >> 32) + t;
        long y0 = w0 + 1;
        long y2 = w2 + 0xFFFFFFFFL;
        long y7 = w7 + 1;
        long y1 = w1 + (y0 >> 32);
        w1 += w0 >> 32;
        y2 += y1 >> 32;
        w2 += w1 >> 32;
        long y3 = w3 + (y2 >> 32);
        w3 += w2 >> 32;
        long y4 = w4 + (y3 >> 32);
        w4 += w3 >> 32;
        long y5 = w5 + (y4 >> 32);
        w5 += w4 >> 32;
        long y6 = w6 + (y5 >> 32);
        w6 += w5 >> 32;
        y7 += y6 >> 32;
        w7 += w6 >> 32;
        long keepW = (y7 >>> 32) - 1; // all ones when w < p: the chain through w + 2^256 - p did not reach 2^256
        long r0 = (w0 & 0xFFFFFFFFL) | (w1 << 32);
        long r1 = (w2 & 0xFFFFFFFFL) | (w3 << 32);
        long r2 = (w4 & 0xFFFFFFFFL) | (w5 << 32);
        long r3 = (w6 & 0xFFFFFFFFL) | (w7 << 32);
        long q0 = (y0 & 0xFFFFFFFFL) | (y1 << 32);
        long q1 = (y2 & 0xFFFFFFFFL) | (y3 << 32);
        long q2 = (y4 & 0xFFFFFFFFL) | (y5 << 32);
        long q3 = (y6 & 0xFFFFFFFFL) | (y7 << 32);
        r[0] = (r0 & keepW) | (q0 & ~keepW);
        r[1] = (r1 & keepW) | (q1 & ~keepW);
        r[2] = (r2 & keepW) | (q2 & ~keepW);
        r[3] = (r3 & keepW) | (q3 & ~keepW);
    }

    /** r = 1. */
    @Override
    void one(long[] r) {
        r[0] = 1;
        r[1] = 0;
        r[2] = 0;
        r[3] = 0;
    }
}
