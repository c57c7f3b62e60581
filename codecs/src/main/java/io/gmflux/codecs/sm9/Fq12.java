package io.gmflux.codecs.sm9;

import java.math.BigInteger;

/**
 * F_q12 = F_q4[w]/(w^3 - v) (GM/T 0044.5 §1), the pairing's target field: an element
 * c0 + c1·w + c2·w^2 is 48 longs at an offset (c0, c1, c2, each an {@link Fq4}).
 *
 * <p>The coefficient of v^j·w^k (an F_q2 value) sits at offset 16k + 8j; since v = w^3 it is the
 * coefficient of w^m with m = k + 3j, which is what the Frobenius maps act on:
 * (w^m)^(q^e) = w^m · u^(m(q^e - 1)/6) (q ≡ 1 mod 6, w^6 = u).
 *
 * <p>Temporaries live in {@link Workspace#f12}; results may alias inputs. Branch-free and
 * allocation-free except {@link #inv}. The constant tables are computed once at class
 * initialisation (BigInteger there only) and are read-only.
 */
final class Fq12 {

    static final int SIZE = 48;

    /** FROB[e - 1][m]: u^(m (q^e - 1) / 6) for e = 1, 2, 3 and m = 0..5, Montgomery F_q2. */
    private static final long[][] FROB = new long[3][6 * Fq2.SIZE];

    /** Form of FROB[e - 1][m] (public): 1, in F_q (c0), in u·F_q (c1·u), or general. */
    private static final int ONE = 0;
    private static final int REAL = 1;
    private static final int IMAGINARY = 2;
    private static final int GENERAL = 3;
    private static final int[][] FROB_FORM = new int[3][6];
    /**
     * For the F_q and u·F_q forms, the two F_q factors of each output component: REAL
     * (x0 + x1 u)·c0 = x0 c0 + x1 c0 u; IMAGINARY (x0 + x1 u)·c1 u = x1·(-2 c1) + x0 c1 u (u^2 = -2).
     * FROB_SCALARS[e - 1][8m..8m+3] multiplies into the first component, [8m+4..8m+7] the second.
     */
    private static final long[][] FROB_SCALARS = new long[3][6 * 8];

    static {
        BigInteger q = new BigInteger(1, Sm9Curve.Q_BYTES);
        Workspace w = new Workspace();
        long[] u = new long[Fq2.SIZE];
        Fq.setOne(u, 4); // u = 0 + 1·u
        for (int e = 1; e <= 3; e++) {
            BigInteger qe1 = q.pow(e).subtract(BigInteger.ONE);
            for (int m = 0; m < 6; m++) {
                BigInteger exp = qe1.multiply(BigInteger.valueOf(m)).divide(BigInteger.valueOf(6));
                pow2(FROB[e - 1], m * Fq2.SIZE, u, exp, w);
                classify(e, m);
            }
        }
    }

    /**
     * u^(m(q^e - 1)/6) is a power of u, so it lies in F_q or in u·F_q (u^2 = -2); each Frobenius
     * coefficient then costs two F_q multiplications instead of one in F_q2 (none for m = 0).
     */
    private static void classify(int e, int m) {
        long[] c = FROB[e - 1];
        int o = m * Fq2.SIZE;
        long[] one = new long[Fq2.SIZE];
        Fq2.setOne(one, 0);
        long[] k = FROB_SCALARS[e - 1];
        if (Fq2.eq(c, o, one, 0) == 1) {
            FROB_FORM[e - 1][m] = ONE;
        } else if (Fq.isZero(c, o + 4) == 1) {
            FROB_FORM[e - 1][m] = REAL;
            Fq.copy(k, 8 * m, c, o);
            Fq.copy(k, 8 * m + 4, c, o);
        } else if (Fq.isZero(c, o) == 1) {
            FROB_FORM[e - 1][m] = IMAGINARY;
            Fq.dbl(k, 8 * m, c, o + 4);
            Fq.neg(k, 8 * m, k, 8 * m);
            Fq.copy(k, 8 * m + 4, c, o + 4);
        } else {
            FROB_FORM[e - 1][m] = GENERAL;
        }
    }

    private Fq12() {
    }

    /** u^(m (q^e - 1) / 6) into r (F_q2), for e in {1, 2, 3}, m in 0..5. */
    static void frobeniusConstant(long[] r, int ro, int e, int m) {
        Fq2.copy(r, ro, FROB[e - 1], m * Fq2.SIZE);
    }

    /** Initialisation-time exponentiation in F_q2 (not constant-time; public inputs only). */
    static void pow2(long[] r, int ro, long[] a, BigInteger e, Workspace w) {
        long[] acc = new long[Fq2.SIZE];
        Fq2.setOne(acc, 0);
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            Fq2.sqr(acc, 0, acc, 0, w);
            if (e.testBit(i)) {
                Fq2.mul(acc, 0, acc, 0, a, 0, w);
            }
        }
        Fq2.copy(r, ro, acc, 0);
    }

    /**
     * Why {@link #mul} and {@link #sqr} may combine the F_q4 products' columns without normalizing
     * them first: every combined column is below 2^61 = 512·2^52 in magnitude, and {@link Fq#redc}
     * needs below 2^62. Write U = 2^52.
     *
     * <ol>
     *   <li>Every digit entering an F_q4 product is below U in magnitude: {@link Fq#digits} gives
     *       digits in [0, U) (the top one below 2^48); the Karatsuba sums of {@link #mul} and
     *       a0 - a1 + a2 of {@link #sqr} are carried back to digits in [0, U), the top one below 2^50
     *       in magnitude.</li>
     *   <li>{@link Fq#mulWide} writes column k as w_k = L_k + H_(k-1), where the schoolbook column
     *       C_k = Σ_(i+j=k) x_i y_j equals H_k·U + L_k exactly, and L_k, a sum of at most one low
     *       half in [0, U) and two Karatsuba low halves in (-2U, U), lies in (-4U, 3U).</li>
     *   <li>Both decompositions are linear, so any signed combination of products has
     *       w_k = L_k + H_(k-1) with C_k = H_k·U + L_k, where L_k is the same combination of the
     *       low parts: |L_k| &lt; 4U·(sum of |coefficients| over the digit products used), and
     *       |H_(k-1)| &lt;= (|C_(k-1)| + |L_(k-1)|)/U.</li>
     *   <li>Counting digit products: an output column of {@link Fq4#mulWide} uses at most 9 of its
     *       nine products with coefficient magnitudes summing to at most 9 ({@link Fq4#sqrWide}: 6).
     *       The worst combined coefficient of {@link #mul} is r0's first, t0 - 2(t12 - t1 - t2):
     *       1·9 + 6·9 = 63, so |L_k| &lt; 252U. Of {@link #sqr} it is c2 = 2 a1a2 + s2 + 2 a0a1 - s0
     *       - s4: 2·9 + 6 + 2·9 + 6 + 6 = 54, |L_k| &lt; 216U.</li>
     *   <li>The schoolbook content of one F_q4 product coefficient is at most 7 digit-vector products
     *       (x0x0' - 2x1x1' - 2(y0y1' + y1y0')), each column at most 5 digit pairs: |C_k| &lt; 35U^2.
     *       r0 of {@link #mul} combines 7 such coefficients (t0 - 2t12 + 2t1 + 2t2), c2 of
     *       {@link #sqr} also 7: |C_k| &lt; 245U^2, so |H_(k-1)| &lt; 245U + 252.</li>
     *   <li>Hence |w_k| &lt; 252U + 245U + 252 &lt; 512U = 2^61. Intermediate wrap-around in the
     *       combining expressions is harmless: long arithmetic is exact modulo 2^64 and the final
     *       values lie within ±2^63.</li>
     * </ol>
     * LazyReductionTest checks the columns against this bound on extreme digit patterns.
     */
    static final long COLUMN_BOUND = 1L << 61;

    /**
     * r = a * b: Karatsuba over the cubic extension (6 F_q4 products) entirely on unreduced column
     * sums, with one Montgomery reduction per output coefficient (12 instead of 24, no modular
     * additions). The Karatsuba sums of digits are carried back to 52-bit digits; the six F_q4
     * products' columns are combined as they come, without a carry pass ({@link #COLUMN_BOUND}:
     * every combined column stays below 2^61 in magnitude, {@link Fq#redc} takes 2^62). As integers
     * the output coefficients lie in (-22q^2, 14q^2) (the worst is r0's first:
     * (a0 b0)_0 - 2 (a1 b2 + a2 b1)_(y,1)), inside {@link Fq#redc}'s range (|T| &lt; q 2^260 = 22.47 q^2
     * is what it needs).
     */
    static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
        long[] d = w.digits12;
        long[] c = w.wide12;
        for (int i = 0; i < 12; i++) {
            Fq.digits(d, 5 * i, a, ao + 4 * i);
            Fq.digits(d, 60 + 5 * i, b, bo + 4 * i);
        }
        // digit sums a1 + a2, b1 + b2, a0 + a1, b0 + b1, a0 + a2, b0 + b2 at 120, 140, ..., 220
        sumDigits(d, 120, 20, 40);
        sumDigits(d, 140, 80, 100);
        sumDigits(d, 160, 0, 20);
        sumDigits(d, 180, 60, 80);
        sumDigits(d, 200, 0, 40);
        sumDigits(d, 220, 60, 100);
        Fq4.mulWide(c, 0, d, 0, d, 60, d, 240, c, 240);       // t0 = a0 b0
        Fq4.mulWide(c, 40, d, 20, d, 80, d, 240, c, 240);     // t1 = a1 b1
        Fq4.mulWide(c, 80, d, 40, d, 100, d, 240, c, 240);    // t2 = a2 b2
        Fq4.mulWide(c, 120, d, 120, d, 140, d, 240, c, 240);  // t12 = (a1 + a2)(b1 + b2)
        Fq4.mulWide(c, 160, d, 160, d, 180, d, 240, c, 240);  // t01 = (a0 + a1)(b0 + b1)
        Fq4.mulWide(c, 200, d, 200, d, 220, d, 240, c, 240);  // t02 = (a0 + a2)(b0 + b2)
        for (int k = 0; k < 10; k++) {
            // m = t12 - t1 - t2 = a1 b2 + a2 b1; n = t01 - t0 - t1 = a0 b1 + a1 b0;
            // r0 = t0 + v m, r1 = n + v t2, r2 = t02 - t0 - t2 + t1, with v (x + y v) = u y + x v.
            long m0 = c[120 + k] - c[40 + k] - c[80 + k];
            long m1 = c[130 + k] - c[50 + k] - c[90 + k];
            long m2 = c[140 + k] - c[60 + k] - c[100 + k];
            long m3 = c[150 + k] - c[70 + k] - c[110 + k];
            long n0 = c[160 + k] - c[k] - c[40 + k];
            long n1 = c[170 + k] - c[10 + k] - c[50 + k];
            long n2 = c[180 + k] - c[20 + k] - c[60 + k];
            long n3 = c[190 + k] - c[30 + k] - c[70 + k];
            c[200 + k] += c[40 + k] - c[k] - c[80 + k];
            c[210 + k] += c[50 + k] - c[10 + k] - c[90 + k];
            c[220 + k] += c[60 + k] - c[20 + k] - c[100 + k];
            c[230 + k] += c[70 + k] - c[30 + k] - c[110 + k];
            c[120 + k] = c[k] - 2 * m3;
            c[130 + k] = c[10 + k] + m2;
            c[140 + k] = c[20 + k] + m0;
            c[150 + k] = c[30 + k] + m1;
            c[160 + k] = n0 - 2 * c[110 + k];
            c[170 + k] = n1 + c[100 + k];
            c[180 + k] = n2 + c[80 + k];
            c[190 + k] = n3 + c[90 + k];
        }
        for (int i = 0; i < 12; i++) {
            Fq.redc(r, ro + 4 * i, c, 120 + 10 * i);
        }
    }

    /** d[o..o+19] = d[x..x+19] + d[y..y+19] as four 5-digit values, each carried back to 52-bit digits. */
    private static void sumDigits(long[] d, int o, int x, int y) {
        for (int j = 0; j < 20; j += 5) {
            long carry = 0;
            for (int i = j; i < j + 4; i++) {
                long v = d[x + i] + d[y + i] + carry;
                d[o + i] = v & ((1L << 52) - 1);
                carry = v >>> 52;
            }
            d[o + j + 4] = d[x + j + 4] + d[y + j + 4] + carry;
        }
    }


    /**
     * r = a^2 by Chung-Hasan SQR2 (3 squarings and 2 multiplications in F_q4) on unreduced column
     * sums: s0 = a0^2, s1 = 2 a1 a2, s2 = (a0 - a1 + a2)^2, s3 = 2 a0 a1, s4 = a2^2, then
     * c0 = s0 + v s1, c1 = s3 + v s4, c2 = s1 + s2 + s3 - s0 - s4 = 2 a0 a2 + a1^2, 12 reductions.
     * The digits of a0 - a1 + a2 are carried back to 52-bit digits (the top one signed); the five
     * products' columns are combined without a carry pass ({@link #COLUMN_BOUND}: below 2^61).
     * Output coefficients lie in (-22q^2, 14q^2) as integers, as in {@link #mul}.
     */
    static void sqr(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] d = w.digits12;
        long[] c = w.wide12;
        for (int i = 0; i < 12; i++) {
            Fq.digits(d, 5 * i, a, ao + 4 * i);
        }
        for (int j = 0; j < 20; j += 5) {                   // a0 - a1 + a2 at 60
            long carry = 0;
            for (int i = j; i < j + 4; i++) {
                long v = d[i] - d[20 + i] + d[40 + i] + carry;
                d[60 + i] = v & ((1L << 52) - 1);
                carry = v >> 52;
            }
            d[60 + j + 4] = d[j + 4] - d[20 + j + 4] + d[40 + j + 4] + carry;
        }
        Fq4.sqrWide(c, 0, d, 0, d, 240, c, 240);              // s0 = a0^2
        Fq4.mulWide(c, 40, d, 20, d, 40, d, 240, c, 240);     // a1 a2 (s1 / 2)
        Fq4.sqrWide(c, 80, d, 60, d, 240, c, 240);            // s2
        Fq4.mulWide(c, 120, d, 0, d, 20, d, 240, c, 240);     // a0 a1 (s3 / 2)
        Fq4.sqrWide(c, 160, d, 40, d, 240, c, 240);           // s4 = a2^2
        for (int k = 0; k < 10; k++) {
            long s10 = 2 * c[40 + k];
            long s11 = 2 * c[50 + k];
            long s12 = 2 * c[60 + k];
            long s13 = 2 * c[70 + k];
            long s30 = 2 * c[120 + k];
            long s31 = 2 * c[130 + k];
            long s32 = 2 * c[140 + k];
            long s33 = 2 * c[150 + k];
            // c2 = s1 + s2 + s3 - s0 - s4 (into the s2 slot)
            c[80 + k] += s10 + s30 - c[k] - c[160 + k];
            c[90 + k] += s11 + s31 - c[10 + k] - c[170 + k];
            c[100 + k] += s12 + s32 - c[20 + k] - c[180 + k];
            c[110 + k] += s13 + s33 - c[30 + k] - c[190 + k];
            // c0 = s0 + v s1 (v (x + y v) = u y + x v), into the s0 slot
            c[k] -= 2 * s13;
            c[10 + k] += s12;
            c[20 + k] += s10;
            c[30 + k] += s11;
            // c1 = s3 + v s4, into the s1 slot
            c[40 + k] = s30 - 2 * c[190 + k];
            c[50 + k] = s31 + c[180 + k];
            c[60 + k] = s32 + c[160 + k];
            c[70 + k] = s33 + c[170 + k];
        }
        for (int i = 0; i < 4; i++) {
            Fq.redc(r, ro + 4 * i, c, 10 * i);
            Fq.redc(r, ro + 16 + 4 * i, c, 40 + 10 * i);
            Fq.redc(r, ro + 32 + 4 * i, c, 80 + 10 * i);
        }
    }


    /**
     * r = a^2 for a in the cyclotomic subgroup (a^(q^4 - q^2 + 1) ... order dividing q^4 - q^2 + 1):
     * Granger-Scott (PKC 2010) over F_q4 with w^3 = v: c0 = 3a0^2 - 2conj(a0),
     * c1 = 3v a2^2 + 2conj(a1), c2 = 3a1^2 - 2conj(a2), conj the F_q4/F_q2 conjugation.
     */
    static void cyclotomicSqr(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] t = w.f12;
        Fq4.sqrTimes3(t, 0, a, ao, w);
        Fq4.sqrTimes3(t, 16, a, ao + 16, w);
        Fq4.sqrTimes3(t, 32, a, ao + 32, w);
        cyclotomicCoefficient(r, ro, t, 0, a, ao, -1, w);
        cyclotomicCoefficient(r, ro + 32, t, 16, a, ao + 32, -1, w);
        cyclotomicCoefficientV(r, ro + 16, t, 32, a, ao + 16, w);
    }

    /**
     * Compressed squaring in the cyclotomic subgroup (Karabina, "Squaring in cyclotomic subgroups",
     * Math. Comp. 2013, in this tower's coordinates): Granger-Scott's c1 and c2 depend on a1 and a2
     * only, c1 = 3v a2^2 + 2conj(a1), c2 = 3a1^2 - 2conj(a2), so the pair (a1, a2) can be squared
     * repeatedly without a0: 2 F_q4 squarings instead of 3. Reads and writes only the a1, a2 slots
     * (offsets 16..47); the a0 slot of r is left stale until {@link #decompress}. r may alias a.
     */
    static void compressedCyclotomicSqr(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] t = w.f12;
        Fq4.sqrTimes3(t, 16, a, ao + 16, w);
        Fq4.sqrTimes3(t, 32, a, ao + 32, w);
        cyclotomicCoefficient(r, ro + 32, t, 16, a, ao + 32, -1, w);
        cyclotomicCoefficientV(r, ro + 16, t, 32, a, ao + 16, w);
    }

    /**
     * Recovers a0 = x0 + y0 v of a cyclotomic-subgroup element from a1 = x1 + y1 v and
     * a2 = x2 + y2 v (the {@link #compressedCyclotomicSqr} form), writing it into r's a0 slot. From
     * a · a^(q^6) = 1, whose w and w^2 coefficients are linear in x0, y0:
     * 2(x0 x2 - u y0 y2) = N1 and 2(y1 x0 - x1 y0) = -N2 with Ni = xi^2 - u yi^2 (the F_q4/F_q2
     * norms), so x0 = (x1 N1 + u y2 N2) / D and y0 = (x2 N2 + y1 N1) / D with D = 2(x1 x2 - u y1 y2).
     * One F_q2 inversion. Returns false, leaving r unchanged, if D = 0 (the identity, and otherwise
     * only with negligible probability): the caller then recomputes without compression. The
     * arithmetic is branch-free; only that degenerate case is a branch.
     */
    static boolean decompress(long[] r, int ro, Workspace w) {
        long[] t = w.f12;
        final int x1 = ro + 16;
        final int y1 = ro + 24;
        final int x2 = ro + 32;
        final int y2 = ro + 40;
        Fq2.sqr(t, 0, r, x1, w);
        Fq2.sqr(t, 8, r, y1, w);
        Fq2.mulU(t, 8, t, 8, w);
        Fq2.sub(t, 0, t, 0, t, 8);               // N1
        Fq2.sqr(t, 8, r, x2, w);
        Fq2.sqr(t, 16, r, y2, w);
        Fq2.mulU(t, 16, t, 16, w);
        Fq2.sub(t, 8, t, 8, t, 16);              // N2
        Fq2.mul(t, 16, r, x1, r, x2, w);
        Fq2.mul(t, 24, r, y1, r, y2, w);
        Fq2.mulU(t, 24, t, 24, w);
        Fq2.sub(t, 16, t, 16, t, 24);
        Fq2.dbl(t, 16, t, 16);                   // D
        if (Fq2.isZero(t, 16) == 1) {
            return false;
        }
        Fq2.mul(t, 24, r, x1, t, 0, w);
        Fq2.mul(t, 32, r, y2, t, 8, w);
        Fq2.mulU(t, 32, t, 32, w);
        Fq2.add(t, 24, t, 24, t, 32);            // x1 N1 + u y2 N2
        Fq2.mul(t, 32, r, x2, t, 8, w);
        Fq2.mul(t, 40, r, y1, t, 0, w);
        Fq2.add(t, 32, t, 32, t, 40);            // x2 N2 + y1 N1
        Fq2.inv(t, 16, t, 16, w);
        Fq2.mul(r, ro, t, 24, t, 16, w);
        Fq2.mul(r, ro + 8, t, 32, t, 16, w);
        return true;
    }

    /**
     * r = s3 + 2·sign·conj(x) for s3 = 3s (the squares come tripled from {@link Fq4#sqrTimes3}),
     * conj(x) = (x.x, -x.y): each F_q coefficient as (s3 ± x) ± x, two modular additions instead of
     * the three of s + 2(s ± x). x is read before r is written (r may alias x).
     */
    private static void cyclotomicCoefficient(long[] r, int ro, long[] s3, int so, long[] x, int xo, int sign,
            Workspace w) {
        long[] t = w.f12;
        if (sign > 0) { // the sign is a call-site constant, not data
            Fq2.add(t, 48, s3, so, x, xo);
            Fq2.sub(t, 56, s3, so + 8, x, xo + 8);
            Fq2.add(r, ro, t, 48, x, xo);              // x.x is read before r.x is written
            Fq2.sub(r, ro + 8, t, 56, x, xo + 8);
        } else {
            Fq2.sub(t, 48, s3, so, x, xo);
            Fq2.add(t, 56, s3, so + 8, x, xo + 8);
            Fq2.sub(r, ro, t, 48, x, xo);
            Fq2.add(r, ro + 8, t, 56, x, xo + 8);
        }
    }

    /**
     * r = v·s3 + 2conj(x) for s3 = 3a2^2 as {@link Fq4#sqrTimes3} leaves it (Granger-Scott's c1):
     * v·(S.x + S.y v) = u S.y + S.x v and u (y0 + y1 u) = -2 y1 + y0 u, so the multiplication by v
     * is read off the coefficients instead of computed: r.x = (2(x.x0 - S.y1), (S.y0 + x.x1) + x.x1),
     * r.y = (S.x - x.y) - x.y; eight modular additions as in {@link #cyclotomicCoefficient}. Each
     * part of x is read before the same part of r is written (r may alias x).
     */
    private static void cyclotomicCoefficientV(long[] r, int ro, long[] s3, int so, long[] x, int xo, Workspace w) {
        long[] t = w.f12;
        Fq.sub(r, ro, x, xo, s3, so + 12);
        Fq.dbl(r, ro, r, ro);
        Fq.add(t, 48, s3, so + 8, x, xo + 4);
        Fq.add(r, ro + 4, t, 48, x, xo + 4);
        Fq2.sub(t, 56, s3, so, x, xo + 8);
        Fq2.sub(r, ro + 8, t, 56, x, xo + 8);
    }

    /**
     * r = f * L for a line value L = (l0 + l1 v) + l2 w^2 (l0, l1, l2 in F_q2), stored as 24 longs
     * at lo: l0, l1, l2. 15 multiplications in F_q2 instead of 18.
     */
    static void mulLine(long[] r, int ro, long[] f, int fo, long[] l, int lo, Workspace w) {
        mulSparse(r, ro, f, fo, l, lo, l, lo + 16, false, w);
    }


    /**
     * r = f * L for a normalized line L = (l0 + l1 v) + x w^2 with l0, l1 in F_q2 (16 longs at lo)
     * and x in F_q (at xo): the w^2 products are F_q4 × F_q (4 multiplications instead of 6).
     */
    static void mulLineScalar(long[] r, int ro, long[] f, int fo, long[] l, int lo, long[] x, int xo, Workspace w) {
        mulSparse(r, ro, f, fo, l, lo, x, xo, true, w);
    }

    /**
     * r = f · (L0 + s w^2) for L0 in F_q4 and s in F_q2 (or in F_q if scalar; a public, per-line-form
     * flag): r0 = f0 L0 + v f1 s, r1 = f1 L0 + v f2 s, r2 = f2 L0 + f0 s, on unreduced column sums
     * (3 {@link Fq4#mulWide} and the f_i s products) with 12 reductions instead of 24 and no modular
     * additions. Output coefficients lie within ±10q^2 as integers; columns below 2^62.
     */
    private static void mulSparse(long[] r, int ro, long[] f, int fo, long[] l, int lo, long[] s, int so,
            boolean scalar, Workspace w) {
        long[] d = w.digits12;
        long[] c = w.wide12;
        for (int i = 0; i < 12; i++) {
            Fq.digits(d, 5 * i, f, fo + 4 * i);
        }
        for (int i = 0; i < 4; i++) {
            Fq.digits(d, 60 + 5 * i, l, lo + 4 * i);
        }
        Fq.digits(d, 80, s, so);
        if (!scalar) {
            Fq.digits(d, 85, s, so + 4);
        }
        for (int i = 0; i < 3; i++) {
            Fq4.mulWide(c, 40 * i, d, 20 * i, d, 60, d, 240, c, 240);          // P_i = f_i L0
            if (scalar) {
                for (int j = 0; j < 4; j++) {
                    Fq.mulWide(c, 120 + 40 * i + 10 * j, d, 20 * i + 5 * j, d, 80);
                }
            } else {
                Fq2.mulWide(c, 120 + 40 * i, d, 20 * i, d, 80, d, 240, c, 240);  // S_i = f_i s
                Fq2.mulWide(c, 140 + 40 * i, d, 20 * i + 10, d, 80, d, 240, c, 240);
            }
        }
        for (int k = 0; k < 10; k++) {
            // r0 = P0 + v S1, r1 = P1 + v S2 with v (x + y v) = u y + x v = (-2 y1, y0 | x0, x1);
            // r2 = P2 + S0
            c[k] -= 2 * c[190 + k];
            c[10 + k] += c[180 + k];
            c[20 + k] += c[160 + k];
            c[30 + k] += c[170 + k];
            c[40 + k] -= 2 * c[230 + k];
            c[50 + k] += c[220 + k];
            c[60 + k] += c[200 + k];
            c[70 + k] += c[210 + k];
            c[80 + k] += c[120 + k];
            c[90 + k] += c[130 + k];
            c[100 + k] += c[140 + k];
            c[110 + k] += c[150 + k];
        }
        for (int i = 0; i < 12; i++) {
            Fq.redc(r, ro + 4 * i, c, 10 * i);
        }
    }


    /** r = a^(q^e) for e in {1, 2, 3}. */
    static void frobenius(long[] r, int ro, long[] a, int ao, int e, Workspace w) {
        long[] c = FROB[e - 1];
        long[] sc = FROB_SCALARS[e - 1];
        long[] t = w.f12;
        for (int k = 0; k < 3; k++) {
            for (int j = 0; j < 2; j++) {
                int off = 16 * k + 8 * j;
                int m = k + 3 * j;
                if ((e & 1) != 0) {
                    Fq2.conj(r, ro + off, a, ao + off);
                } else {
                    Fq2.copy(r, ro + off, a, ao + off);
                }
                switch (FROB_FORM[e - 1][m]) { // public constants
                    case ONE:
                        break;
                    case REAL:
                        Fq.mul(r, ro + off, r, ro + off, sc, 8 * m);
                        Fq.mul(r, ro + off + 4, r, ro + off + 4, sc, 8 * m + 4);
                        break;
                    case IMAGINARY:
                        Fq.mul(t, 0, r, ro + off + 4, sc, 8 * m);
                        Fq.mul(r, ro + off + 4, r, ro + off, sc, 8 * m + 4);
                        Fq.copy(r, ro + off, t, 0);
                        break;
                    default:
                        Fq2.mul(r, ro + off, r, ro + off, c, m * Fq2.SIZE, w);
                        break;
                }
            }
        }
    }

    /** r = a^(q^6): negates the coefficients of w^m for odd m (w^(q^6) = -w). */
    static void conj(long[] r, int ro, long[] a, int ao) {
        Fq2.copy(r, ro, a, ao);
        Fq2.neg(r, ro + 8, a, ao + 8);
        Fq2.neg(r, ro + 16, a, ao + 16);
        Fq2.copy(r, ro + 24, a, ao + 24);
        Fq2.copy(r, ro + 32, a, ao + 32);
        Fq2.neg(r, ro + 40, a, ao + 40);
    }

    /** r = a^-1 via the norm to F_q4 (one inversion in F_q). */
    static void inv(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] t = w.f12;
        // A = a0^2 - v a1 a2
        Fq4.sqr(t, 0, a, ao, w);
        Fq4.mul(t, 48, a, ao + 16, a, ao + 32, w);
        Fq4.mulV(t, 48, t, 48, w);
        Fq4.sub(t, 0, t, 0, t, 48);
        // B = v a2^2 - a0 a1
        Fq4.sqr(t, 16, a, ao + 32, w);
        Fq4.mulV(t, 16, t, 16, w);
        Fq4.mul(t, 48, a, ao, a, ao + 16, w);
        Fq4.sub(t, 16, t, 16, t, 48);
        // C = a1^2 - a0 a2
        Fq4.sqr(t, 32, a, ao + 16, w);
        Fq4.mul(t, 48, a, ao, a, ao + 32, w);
        Fq4.sub(t, 32, t, 32, t, 48);
        // F = a0 A + v(a2 B + a1 C)
        Fq4.mul(t, 48, a, ao + 32, t, 16, w);
        Fq4.mul(t, 64, a, ao + 16, t, 32, w);
        Fq4.add(t, 48, t, 48, t, 64);
        Fq4.mulV(t, 48, t, 48, w);
        Fq4.mul(t, 64, a, ao, t, 0, w);
        Fq4.add(t, 48, t, 48, t, 64);
        Fq4.inv(t, 48, t, 48, w);
        Fq4.mul(r, ro, t, 0, t, 48, w);
        Fq4.mul(r, ro + 16, t, 16, t, 48, w);
        Fq4.mul(r, ro + 32, t, 32, t, 48, w);
    }

    static void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, SIZE);
    }

    static void setOne(long[] r, int ro) {
        java.util.Arrays.fill(r, ro, ro + SIZE, 0L);
        Fq.setOne(r, ro);
    }

    static long eq(long[] a, int ao, long[] b, int bo) {
        long e = 1;
        for (int i = 0; i < SIZE; i += 4) {
            e &= Fq.eq(a, ao + i, b, bo + i);
        }
        return e;
    }

    /**
     * The standard's 384-byte form (GM/T 0044.5 / GmSSL / BouncyCastle): the w^2, w, 1 coefficients in
     * that order; within each, the v coefficient first; within each F_q2 value, the u coefficient first.
     */
    static void toBytes(byte[] out, int off, long[] a, int ao) {
        int p = off;
        for (int k = 2; k >= 0; k--) {
            for (int j = 1; j >= 0; j--) {
                int base = ao + 16 * k + 8 * j;
                Fq.toBytes(out, p, a, base + 4);
                Fq.toBytes(out, p + 32, a, base);
                p += 64;
            }
        }
    }

    /** Inverse of {@link #toBytes}; false unless every component is &lt; q. */
    static boolean fromBytes(long[] r, int ro, byte[] in, int off) {
        int p = off;
        boolean ok = true;
        for (int k = 2; k >= 0; k--) {
            for (int j = 1; j >= 0; j--) {
                int base = ro + 16 * k + 8 * j;
                ok &= Fq.fromBytes(r, base + 4, in, p);
                ok &= Fq.fromBytes(r, base, in, p + 32);
                p += 64;
            }
        }
        return ok;
    }
}
