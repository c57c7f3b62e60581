package io.gmflux.codecs.arith;

import java.math.BigInteger;

/**
 * Constant-time modular inversion by Bernstein and Yang's safegcd ("Fast constant-time gcd
 * computation and modular inversion", TCHES 2019), in the half-delta form on 64-bit words: each
 * batch runs 59 divsteps on the low word of f and g (the gcd pair) and produces a 2x2 transition
 * matrix of signed 64-bit entries scaled by 2^61, which is then applied to the full-width f, g and
 * to d, e (the Bézout coefficient pair, kept modulo m) with 128-bit products
 * ({@link Math#multiplyHigh}, the signed high half). 10 batches = 590 divsteps, the published bound
 * for 0 &lt;= x &lt; m &lt; 2^256 to reach g = 0, f = ±1.
 *
 * <p>Limbs are 61 bits (five per value), not 62: with 2^61-scaled matrix entries, every column sum
 * of the d, e update and every carry between limbs fits in a signed {@code long}, so no 128-bit
 * accumulator is needed (62-bit limbs would let the carry reach 3 * 2^62).
 *
 * <p>Constant-time: the iteration counts are fixed, every divstep is branch-free (masks from the
 * sign of zeta and the low bit of g), and the limb updates have no data-dependent branches or
 * indices. Used by {@code sm9} (F_q, Z_N) and {@code sm2} (p, n). One instance per modulus;
 * immutable and thread-safe. {@link #invert} allocates one 20-long scratch array.
 */
public final class SafeGcd {

    private static final int BITS = 61;
    private static final long MASK = (1L << BITS) - 1;
    private static final int LIMBS = 5;
    private static final int STEPS = 59;
    private static final int BATCHES = 10;
    /** Offsets of d, e, f, g in the scratch array. */
    private static final int D = 0;
    private static final int E = LIMBS;
    private static final int F = 2 * LIMBS;
    private static final int G = 3 * LIMBS;

    /** The modulus in five 61-bit limbs. */
    private final long[] m = new long[LIMBS];
    /** m^-1 mod 2^61. */
    private final long mInv;

    /** @param modulus an odd modulus below 2^256, as four little-endian 64-bit limbs */
    public SafeGcd(long[] modulus) {
        if ((modulus[0] & 1) == 0) {
            throw new IllegalArgumentException("even modulus");
        }
        toLimbs(m, 0, modulus, 0);
        BigInteger mod = new BigInteger(1, toBytes(modulus));
        mInv = mod.modInverse(BigInteger.ONE.shiftLeft(BITS)).longValue();
    }

    private static byte[] toBytes(long[] limbs) {
        byte[] b = new byte[32];
        for (int i = 0; i < 32; i++) {
            b[31 - i] = (byte) (limbs[i >>> 3] >>> (8 * (i & 7)));
        }
        return b;
    }

    /**
     * r = x^-1 mod m for x in [0, m) as four 64-bit limbs (plain integers, not Montgomery form);
     * 0 maps to 0. r may alias x. Constant-time in x.
     */
    public void invert(long[] r, int ro, long[] x, int xo) {
        long[] s = new long[4 * LIMBS];
        s[E] = 1;
        System.arraycopy(m, 0, s, F, LIMBS);
        toLimbs(s, G, x, xo);
        long zeta = -1; // zeta = -(delta + 1/2), delta starting at 1/2
        for (int i = 0; i < BATCHES; i++) {
            // 59 divsteps on the low word of f and g, in two runs (29 and 30 steps) whose matrices
            // are packed two entries to a long; u, v, q, rr accumulate their product, starting at 4
            // so that it ends scaled by 2^61.
            long fl = s[F];
            long gl = s[G];
            long c2 = -(gl & 1);              // all ones iff g is odd
            long u = 4;
            long v = 0;
            long q = 0;
            long rr = 4;
            for (int h = 0; h < 2; h++) {
                long uv = 1;                  // u + 2^32 v (the row of f)
                long qr = 1L << 32;           // q + 2^32 r (the row of g)
                for (int j = 29 + h; j > 0; j--) {
                    long c1 = zeta >> 63;     // all ones iff zeta < 0
                    long xf = (fl ^ c1) - c1; // f and its row negated iff zeta < 0
                    long xm = (uv ^ c1) - c1;
                    long swap = c1 & c2;      // zeta < 0 and g odd: f and its row take g's
                    fl ^= (fl ^ gl) & swap;
                    uv ^= (uv ^ qr) & swap;
                    gl += xf & c2;            // g += ±f if g is odd
                    qr += xm & c2;
                    zeta = (zeta ^ swap) - 1; // zeta -> -zeta - 2 or zeta - 1
                    c2 = (gl << 62) >> 63;    // the next step's mask: bit 1 of g before the halving
                    gl >>= 1;
                    uv <<= 1;
                }
                // unpack (a run of at most 30 steps keeps every entry within ±2^30) and multiply
                long b12 = (uv + (1L << 31)) >> 32;
                long b11 = uv - (b12 << 32);
                long b22 = (qr + (1L << 31)) >> 32;
                long b21 = qr - (b22 << 32);
                long nu = b11 * u + b12 * q;
                long nv = b11 * v + b12 * rr;
                q = b21 * u + b22 * q;
                rr = b21 * v + b22 * rr;
                u = nu;
                v = nv;
            }
            updateFg(s, u, v, q, rr);         // first: the next batch's divsteps wait for it
            updateDe(s, u, v, q, rr);
        }
        // g is now 0 and f = ±1 (for x != 0): the inverse is d · sign(f).
        normalize(s, s[F + LIMBS - 1]);
        fromLimbs(r, ro, s, D);
        java.util.Arrays.fill(s, 0L);
    }

    /** floor(p / 2^61) of the 128-bit product p = hi · 2^64 + lo (lo unsigned), |p| &lt; 2^124. */
    private static long high(long hi, long lo) {
        return (hi << (64 - BITS)) | (lo >>> BITS);
    }

    /**
     * [d, e] = (t [d, e] + m [md, me]) / 2^61 with md, me chosen so that the division is exact and
     * the results stay in (-2m, m) (d, e in (-2m, m) on entry). Each limb's column is summed as its
     * low 61-bit parts (at most four terms below 2^61) and its high parts (the carry to the next
     * limb, below 2^63 in magnitude since |u| + |v| &lt;= 2^61 and |md| &lt; 2^62).
     */
    private void updateDe(long[] s, long u, long v, long q, long r) {
        long sd = s[D + LIMBS - 1] >> 63;
        long se = s[E + LIMBS - 1] >> 63;
        long md = (u & sd) + (v & se);
        long me = (q & sd) + (r & se);
        long d0 = s[D];
        long e0 = s[E];
        md -= (mInv * (u * d0 + v * e0) + md) & MASK;
        me -= (mInv * (q * d0 + r * e0) + me) & MASK;
        long cd = 0;
        long ce = 0;
        for (int i = 0; i < LIMBS; i++) {
            long di = s[D + i];
            long ei = s[E + i];
            long mi = m[i];
            long p1 = u * di;
            long p2 = v * ei;
            long p3 = mi * md;
            long p4 = q * di;
            long p5 = r * ei;
            long p6 = mi * me;
            long lowD = (cd & MASK) + (p1 & MASK) + (p2 & MASK) + (p3 & MASK);
            long lowE = (ce & MASK) + (p4 & MASK) + (p5 & MASK) + (p6 & MASK);
            cd = (cd >> BITS) + high(Math.multiplyHigh(u, di), p1) + high(Math.multiplyHigh(v, ei), p2)
                    + high(Math.multiplyHigh(mi, md), p3) + (lowD >>> BITS);
            ce = (ce >> BITS) + high(Math.multiplyHigh(q, di), p4) + high(Math.multiplyHigh(r, ei), p5)
                    + high(Math.multiplyHigh(mi, me), p6) + (lowE >>> BITS);
            if (i > 0) {                      // public index: limb 0 is zero by the choice of md, me
                s[D + i - 1] = lowD & MASK;
                s[E + i - 1] = lowE & MASK;
            }
        }
        s[D + LIMBS - 1] = cd;
        s[E + LIMBS - 1] = ce;
    }

    /** [f, g] = t [f, g] / 2^61 (exact: the divsteps made the low 61 bits zero). */
    private static void updateFg(long[] s, long u, long v, long q, long r) {
        long cf = 0;
        long cg = 0;
        for (int i = 0; i < LIMBS; i++) {
            long fi = s[F + i];
            long gi = s[G + i];
            long p1 = u * fi;
            long p2 = v * gi;
            long p3 = q * fi;
            long p4 = r * gi;
            long lowF = (cf & MASK) + (p1 & MASK) + (p2 & MASK);
            long lowG = (cg & MASK) + (p3 & MASK) + (p4 & MASK);
            cf = (cf >> BITS) + high(Math.multiplyHigh(u, fi), p1) + high(Math.multiplyHigh(v, gi), p2)
                    + (lowF >>> BITS);
            cg = (cg >> BITS) + high(Math.multiplyHigh(q, fi), p3) + high(Math.multiplyHigh(r, gi), p4)
                    + (lowG >>> BITS);
            if (i > 0) {
                s[F + i - 1] = lowF & MASK;
                s[G + i - 1] = lowG & MASK;
            }
        }
        s[F + LIMBS - 1] = cf;
        s[G + LIMBS - 1] = cg;
    }

    /** d in (-2m, m) -> d · sign in [0, m), for sign = f's top limb (0 or -1), by masks. */
    private void normalize(long[] s, long sign) {
        long add = s[D + LIMBS - 1] >> 63;
        for (int i = 0; i < LIMBS; i++) {
            s[D + i] += m[i] & add;
        }
        long neg = sign >> 63;
        for (int i = 0; i < LIMBS; i++) {
            s[D + i] = (s[D + i] ^ neg) - neg;
        }
        carry(s);
        add = s[D + LIMBS - 1] >> 63;
        for (int i = 0; i < LIMBS; i++) {
            s[D + i] += m[i] & add;
        }
        carry(s);
    }

    private static void carry(long[] s) {
        for (int i = 0; i < LIMBS - 1; i++) {
            s[D + i + 1] += s[D + i] >> BITS;
            s[D + i] &= MASK;
        }
    }

    /** Five 61-bit limbs of a 256-bit value (four 64-bit limbs). */
    static void toLimbs(long[] r, int ro, long[] a, int ao) {
        long a0 = a[ao];
        long a1 = a[ao + 1];
        long a2 = a[ao + 2];
        long a3 = a[ao + 3];
        r[ro] = a0 & MASK;
        r[ro + 1] = ((a0 >>> 61) | (a1 << 3)) & MASK;
        r[ro + 2] = ((a1 >>> 58) | (a2 << 6)) & MASK;
        r[ro + 3] = ((a2 >>> 55) | (a3 << 9)) & MASK;
        r[ro + 4] = a3 >>> 52;
    }

    /** Four 64-bit limbs of five normalized 61-bit limbs (value below 2^256). */
    static void fromLimbs(long[] r, int ro, long[] a, int ao) {
        r[ro] = a[ao] | (a[ao + 1] << 61);
        r[ro + 1] = (a[ao + 1] >>> 3) | (a[ao + 2] << 58);
        r[ro + 2] = (a[ao + 2] >>> 6) | (a[ao + 3] << 55);
        r[ro + 3] = (a[ao + 3] >>> 9) | (a[ao + 4] << 52);
    }
}
