package io.gmflux.codecs.arith;

import java.math.BigInteger;

/**
 * The previous {@link SafeGcd}: safegcd on signed 30-bit limbs, 20 batches of 30 divsteps. Kept in
 * the test tree only, as the same-JVM peer of {@link SafeGcdSpeed}.
 * Immutable and thread-safe; constant-time in the input.
 */
final class SafeGcd30 {

    private static final long M30 = (1L << 30) - 1;
    private static final int LIMBS = 9;
    private static final int BATCHES = 20;

    /** The modulus in nine signed 30-bit limbs (all non-negative here). */
    private final long[] m = new long[LIMBS];
    /** m^-1 mod 2^30. */
    private final long mInv30;

    /** @param modulus an odd modulus below 2^256, as four little-endian 64-bit limbs */
    SafeGcd30(long[] modulus) {
        toSigned30(m, 0, modulus, 0);
        BigInteger mod = new BigInteger(1, toBytes(modulus));
        mInv30 = mod.modInverse(BigInteger.ONE.shiftLeft(30)).longValue();
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
        final int d = 0;
        final int e = LIMBS;
        final int f = 2 * LIMBS;
        final int g = 3 * LIMBS;
        s[e] = 1;
        System.arraycopy(m, 0, s, f, LIMBS);
        toSigned30(s, g, x, xo);
        int zeta = -1; // zeta = -(delta + 1/2), delta starting at 1/2
        for (int i = 0; i < BATCHES; i++) {
            // 30 divsteps on the low 30 bits of f and g; u, v, q, r accumulate the transition matrix
            // (scaled by 2^30 at the end: one doubling of u and v per step).
            int fl = (int) s[f];
            int gl = (int) s[g];
            int u = 1;
            int v = 0;
            int q = 0;
            int rr = 1;
            for (int j = 0; j < 30; j++) {
                int c1 = zeta >> 31;          // all ones iff zeta < 0
                int c2 = -(gl & 1);           // all ones iff g is odd
                int xf = (fl ^ c1) - c1;      // f, u, v negated iff zeta < 0
                int xu = (u ^ c1) - c1;
                int xv = (v ^ c1) - c1;
                gl += xf & c2;                // g += ±f if g is odd
                q += xu & c2;
                rr += xv & c2;
                c1 &= c2;                     // swap case: zeta < 0 and g odd
                zeta = (zeta ^ c1) - 1;       // zeta -> -zeta - 2 or zeta - 1
                fl += gl & c1;                // f += (g - f) = old g in the swap case
                u += q & c1;
                v += rr & c1;
                gl >>= 1;
                u <<= 1;
                v <<= 1;
            }
            updateDe(s, d, e, u, v, q, rr);
            updateFg(s, f, g, u, v, q, rr);
        }
        // g is now 0 and f = ±1 (for x != 0): the inverse is d · sign(f).
        normalize(s, d, s[f + LIMBS - 1]);
        fromSigned30(r, ro, s, d);
        java.util.Arrays.fill(s, 0L);
    }

    /**
     * [d, e] = (t [d, e] + m [md, me]) / 2^30 with md, me chosen so that the division is exact and
     * the results stay in (-2m, m) (d, e in (-2m, m) on entry).
     */
    private void updateDe(long[] s, int d, int e, long u, long v, long q, long r) {
        long sd = s[d + LIMBS - 1] >> 63;
        long se = s[e + LIMBS - 1] >> 63;
        long md = (u & sd) + (v & se);
        long me = (q & sd) + (r & se);
        long d0 = s[d];
        long e0 = s[e];
        long cd = u * d0 + v * e0;
        long ce = q * d0 + r * e0;
        md -= (mInv30 * cd + md) & M30;
        me -= (mInv30 * ce + me) & M30;
        cd += m[0] * md;
        ce += m[0] * me;
        cd >>= 30;
        ce >>= 30;
        for (int i = 1; i < LIMBS; i++) {
            long di = s[d + i];
            long ei = s[e + i];
            cd += u * di + v * ei + m[i] * md;
            ce += q * di + r * ei + m[i] * me;
            s[d + i - 1] = cd & M30;
            s[e + i - 1] = ce & M30;
            cd >>= 30;
            ce >>= 30;
        }
        s[d + LIMBS - 1] = cd;
        s[e + LIMBS - 1] = ce;
    }

    /** [f, g] = t [f, g] / 2^30 (exact: the divsteps made the low 30 bits zero). */
    private static void updateFg(long[] s, int f, int g, long u, long v, long q, long r) {
        long f0 = s[f];
        long g0 = s[g];
        long cf = (u * f0 + v * g0) >> 30;
        long cg = (q * f0 + r * g0) >> 30;
        for (int i = 1; i < LIMBS; i++) {
            long fi = s[f + i];
            long gi = s[g + i];
            cf += u * fi + v * gi;
            cg += q * fi + r * gi;
            s[f + i - 1] = cf & M30;
            s[g + i - 1] = cg & M30;
            cf >>= 30;
            cg >>= 30;
        }
        s[f + LIMBS - 1] = cf;
        s[g + LIMBS - 1] = cg;
    }

    /** d in (-2m, m) -> d · sign in [0, m), for sign = f's top limb (0 or -1), by masks. */
    private void normalize(long[] s, int d, long sign) {
        long add = s[d + LIMBS - 1] >> 63;
        for (int i = 0; i < LIMBS; i++) {
            s[d + i] += m[i] & add;
        }
        long neg = sign >> 63;
        for (int i = 0; i < LIMBS; i++) {
            s[d + i] = (s[d + i] ^ neg) - neg;
        }
        carry(s, d);
        add = s[d + LIMBS - 1] >> 63;
        for (int i = 0; i < LIMBS; i++) {
            s[d + i] += m[i] & add;
        }
        carry(s, d);
    }

    private static void carry(long[] s, int d) {
        for (int i = 0; i < LIMBS - 1; i++) {
            s[d + i + 1] += s[d + i] >> 30;
            s[d + i] &= M30;
        }
    }

    /** Nine 30-bit limbs of a 256-bit value (four 64-bit limbs). */
    static void toSigned30(long[] r, int ro, long[] a, int ao) {
        long a0 = a[ao];
        long a1 = a[ao + 1];
        long a2 = a[ao + 2];
        long a3 = a[ao + 3];
        r[ro] = a0 & M30;
        r[ro + 1] = (a0 >>> 30) & M30;
        r[ro + 2] = ((a0 >>> 60) | (a1 << 4)) & M30;
        r[ro + 3] = (a1 >>> 26) & M30;
        r[ro + 4] = ((a1 >>> 56) | (a2 << 8)) & M30;
        r[ro + 5] = (a2 >>> 22) & M30;
        r[ro + 6] = ((a2 >>> 52) | (a3 << 12)) & M30;
        r[ro + 7] = (a3 >>> 18) & M30;
        r[ro + 8] = a3 >>> 48;
    }

    /** Four 64-bit limbs of nine normalized 30-bit limbs (value below 2^256). */
    static void fromSigned30(long[] r, int ro, long[] a, int ao) {
        r[ro] = a[ao] | (a[ao + 1] << 30) | (a[ao + 2] << 60);
        r[ro + 1] = (a[ao + 2] >>> 4) | (a[ao + 3] << 26) | (a[ao + 4] << 56);
        r[ro + 2] = (a[ao + 4] >>> 8) | (a[ao + 5] << 22) | (a[ao + 6] << 52);
        r[ro + 3] = (a[ao + 6] >>> 12) | (a[ao + 7] << 18) | (a[ao + 8] << 48);
    }
}
