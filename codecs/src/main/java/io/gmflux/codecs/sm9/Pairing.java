package io.gmflux.codecs.sm9;

/**
 * The R-ate pairing of SM9 (GM/T 0044.1 Annex / GB/T 38635.1 §B): e(P, Q) = f^((q^12 - 1)/N) with
 * f = f_{a,Q}(P) · l_{aQ,π(Q)}(P) · l_{aQ+π(Q),-π²(Q)}(P), a = 6t + 2, P in G1, Q in G2.
 *
 * <p>Q is first "prepared" ({@link #prepare}): the Miller loop's doublings and additions on the twist
 * run once in Jacobian coordinates and leave, for every step, the line's three F_q2 coefficients
 * (c0, c1, c2) such that the line evaluated at P = (xP, yP) is, up to a factor in a proper subfield
 * (which the final exponentiation removes), (c0 + c1·yP·v) + c2·xP·w^2 — a sparse F_q12 element.
 * A fixed Q (P2, a master public key, a user key) is prepared once and reused; the Miller loop then
 * only evaluates lines ({@link #miller}), for one pair or several at once (multi-pairing).
 *
 * <p>Derivation of the line: with the twist map (x', y') -> (x' w^-2, y' w^-3), the line through T
 * with slope λ' on E' evaluated at P, times w^3, is (λ' xT - yT) + yP·v - λ'·xP·w^2.
 *
 * <p>Not constant-time in Q (the loop schedule is public and fixed; arithmetic is branch-free, so it
 * is in practice constant-time in P and in Q's coordinates too). Stateless and thread-safe.
 */
final class Pairing {

    /**
     * Lines: one per doubling, one per non-zero digit of 6t + 2 in non-adjacent form below the top
     * (adding Q or -Q; the vertical lines the signed digits would also need lie in F_q6 and vanish in
     * the final exponentiation), and two final ones.
     */
    static final int LINES;
    static final int LINE_SIZE = 3 * Fq2.SIZE;
    /** π on E': x -> conj(x)·GX1, y -> conj(y)·GY1; π²: x -> x·GX2, y -> y·GY2. */
    private static final long[] GX1 = new long[8];
    private static final long[] GY1 = new long[8];
    private static final long[] GX2 = new long[8];
    private static final long[] GY2 = new long[8];

    static {
        int n = Sm9Curve.LOOP_NAF.length - 1;
        for (int i = 1; i < Sm9Curve.LOOP_NAF.length; i++) {
            n += Sm9Curve.LOOP_NAF[i] & 1;
        }
        LINES = n + 2;
        Workspace w = new Workspace();
        // (x' w^-2)^q w^2 = x'^q w^(-2(q-1)) = conj(x') u^(-(q-1)/3); likewise y with u^(-(q-1)/2).
        Fq12.frobeniusConstant(GX1, 0, 1, 2);
        Fq2.inv(GX1, 0, GX1, 0, w);
        Fq12.frobeniusConstant(GY1, 0, 1, 3);
        Fq2.inv(GY1, 0, GY1, 0, w);
        Fq12.frobeniusConstant(GX2, 0, 2, 2);
        Fq2.inv(GX2, 0, GX2, 0, w);
        Fq12.frobeniusConstant(GY2, 0, 2, 3);
        Fq2.inv(GY2, 0, GY2, 0, w);
    }

    private Pairing() {
    }

    /** r = π(q) (the q-power Frobenius endomorphism on E'), affine. */
    static void frobenius(long[] r, int ro, long[] q, int qo, Workspace w) {
        Fq2.conj(r, ro, q, qo);
        Fq2.mul(r, ro, r, ro, GX1, 0, w);
        Fq2.conj(r, ro + 8, q, qo + 8);
        Fq2.mul(r, ro + 8, r, ro + 8, GY1, 0, w);
    }

    /** r = π²(q), affine. */
    static void frobenius2(long[] r, int ro, long[] q, int qo, Workspace w) {
        Fq2.mul(r, ro, q, qo, GX2, 0, w);
        Fq2.mul(r, ro + 8, q, qo + 8, GY2, 0, w);
    }

    /** The line coefficients of the Miller loop for an affine Q in G2 (not the point at infinity). */
    static long[] prepare(long[] q, int qo, Workspace w) {
        long[] lines = new long[LINES * LINE_SIZE + 1];
        long[] s = new long[24 + 16 + 16 + 16];
        int tp = 0;
        G2Jacobian.fromAffine(s, tp, q, qo);
        Fq2.copy(s, 56, q, qo);
        Fq2.neg(s, 64, q, qo + 8);                    // -Q
        int li = 0;
        for (int i = 1; i < Sm9Curve.LOOP_NAF.length; i++) {
            doublingStep(s, tp, lines, li * LINE_SIZE, w);
            li++;
            int d = Sm9Curve.LOOP_NAF[i];
            if (d != 0) { // public loop digits
                if (d > 0) {
                    additionStep(s, tp, q, qo, lines, li * LINE_SIZE, w);
                } else {
                    additionStep(s, tp, s, 56, lines, li * LINE_SIZE, w);
                }
                li++;
            }
        }
        frobenius(s, 24, q, qo, w);
        additionStep(s, tp, s, 24, lines, li++ * LINE_SIZE, w);
        frobenius2(s, 40, q, qo, w);
        Fq2.neg(s, 48, s, 48);
        additionStep(s, tp, s, 40, lines, li * LINE_SIZE, w);
        return lines;
    }

    /**
     * {@link #prepare} for a Q that will be paired many times (keys): every line is divided by its
     * c2 (a factor in F_q2, which the final exponentiation removes), so that its w^2 coefficient is
     * xP itself and each evaluation saves 8 multiplications. One batched inversion (Montgomery's
     * trick) pays for it after a few pairings. Falls back to the plain form if some c2 is zero
     * (not met in practice).
     */
    static long[] prepareNormalized(long[] q, int qo, Workspace w) {
        long[] lines = prepare(q, qo, w);
        long[] prefix = new long[LINES * Fq2.SIZE];
        long[] acc = new long[2 * Fq2.SIZE];
        Fq2.setOne(acc, 0);
        for (int i = 0; i < LINES; i++) {
            int c2 = i * LINE_SIZE + 16;
            if (Fq2.isZero(lines, c2) == 1) { // public: Q's own line data
                return lines;
            }
            Fq2.copy(prefix, i * Fq2.SIZE, acc, 0);
            Fq2.mul(acc, 0, acc, 0, lines, c2, w);
        }
        Fq2.inv(acc, 0, acc, 0, w);
        for (int i = LINES - 1; i >= 0; i--) {
            int lo = i * LINE_SIZE;
            Fq2.mul(acc, 8, acc, 0, prefix, i * Fq2.SIZE, w);    // 1 / c2_i
            Fq2.mul(acc, 0, acc, 0, lines, lo + 16, w);
            Fq2.mul(lines, lo, lines, lo, acc, 8, w);
            Fq2.mul(lines, lo + 8, lines, lo + 8, acc, 8, w);
            Fq2.setOne(lines, lo + 16);
        }
        lines[LINES * LINE_SIZE] = 1;
        return lines;
    }

    /** T = 2T and the tangent line's coefficients: c0 = 3X^3 - 2Y^2, c1 = 2YZ·Z^2, c2 = -3X^2·Z^2. */
    private static void doublingStep(long[] p, int po, long[] l, int lo, Workspace w) {
        long[] t = w.pt;
        Fq2.sqr(t, 0, p, po, w);                 // A = X^2
        Fq2.sqr(t, 8, p, po + 8, w);             // B = Y^2
        Fq2.sqr(t, 16, t, 8, w);                 // C = B^2
        Fq2.sqr(t, 56, p, po + 16, w);           // ZZ = Z^2
        Fq2.add(t, 24, p, po, t, 8);
        Fq2.sqr(t, 24, t, 24, w);
        Fq2.sub(t, 24, t, 24, t, 0);
        Fq2.sub(t, 24, t, 24, t, 16);
        Fq2.dbl(t, 24, t, 24);                   // D = 2((X + B)^2 - A - C)
        Fq2.dbl(t, 32, t, 0);
        Fq2.add(t, 32, t, 32, t, 0);             // E = 3A
        Fq2.sqr(t, 40, t, 32, w);                // F = E^2
        Fq2.mul(l, lo, t, 32, p, po, w);
        Fq2.dbl(t, 64, t, 8);
        Fq2.sub(l, lo, l, lo, t, 64);            // c0 = E X - 2B
        Fq2.mul(l, lo + 16, t, 32, t, 56, w);
        Fq2.neg(l, lo + 16, l, lo + 16);         // c2 = -E ZZ
        Fq2.mul(t, 48, p, po + 8, p, po + 16, w);
        Fq2.dbl(p, po + 16, t, 48);              // Z3 = 2YZ
        Fq2.mul(l, lo + 8, p, po + 16, t, 56, w); // c1 = Z3 ZZ
        Fq2.dbl(t, 48, t, 24);
        Fq2.sub(p, po, t, 40, t, 48);            // X3 = F - 2D
        Fq2.sub(t, 48, t, 24, p, po);
        Fq2.mul(t, 48, t, 48, t, 32, w);
        Fq2.dbl(t, 16, t, 16);
        Fq2.dbl(t, 16, t, 16);
        Fq2.dbl(t, 16, t, 16);
        Fq2.sub(p, po + 8, t, 48, t, 16);        // Y3 = E(D - X3) - 8C
    }

    /**
     * T = T + Q for an affine Q (madd-2007-bl) and the chord's coefficients:
     * c0 = r·xQ - Z3·yQ, c1 = Z3, c2 = -r with r = 2(yQ Z^3 - Y), Z3 = 2 Z H.
     */
    private static void additionStep(long[] p, int po, long[] q, int qo, long[] l, int lo, Workspace w) {
        long[] t = w.pt;
        Fq2.sqr(t, 0, p, po + 16, w);            // ZZ
        Fq2.mul(t, 8, q, qo, t, 0, w);           // U2 = xQ ZZ
        Fq2.mul(t, 16, q, qo + 8, p, po + 16, w);
        Fq2.mul(t, 16, t, 16, t, 0, w);          // S2 = yQ Z ZZ
        Fq2.sub(t, 24, t, 8, p, po);             // H = U2 - X
        Fq2.sqr(t, 32, t, 24, w);                // HH
        Fq2.dbl(t, 40, t, 32);
        Fq2.dbl(t, 40, t, 40);                   // I = 4 HH
        Fq2.mul(t, 48, t, 24, t, 40, w);         // J = H I
        Fq2.sub(t, 56, t, 16, p, po + 8);
        Fq2.dbl(t, 56, t, 56);                   // r = 2(S2 - Y)
        Fq2.mul(t, 64, p, po, t, 40, w);         // V = X I
        Fq2.mul(t, 72, p, po + 16, t, 24, w);
        Fq2.dbl(p, po + 16, t, 72);              // Z3 = 2 Z H
        Fq2.sqr(t, 72, t, 56, w);
        Fq2.sub(t, 72, t, 72, t, 48);
        Fq2.dbl(t, 80, t, 64);
        Fq2.sub(t, 72, t, 72, t, 80);            // X3 = r^2 - J - 2V
        Fq2.mul(t, 80, p, po + 8, t, 48, w);
        Fq2.dbl(t, 80, t, 80);                   // 2 Y J
        Fq2.copy(p, po, t, 72);
        Fq2.sub(t, 64, t, 64, t, 72);
        Fq2.mul(t, 64, t, 64, t, 56, w);
        Fq2.sub(p, po + 8, t, 64, t, 80);        // Y3 = r(V - X3) - 2 Y J
        Fq2.mul(l, lo, t, 56, q, qo, w);
        Fq2.mul(t, 88, p, po + 16, q, qo + 8, w);
        Fq2.sub(l, lo, l, lo, t, 88);            // c0 = r xQ - Z3 yQ
        Fq2.copy(l, lo + 8, p, po + 16);         // c1 = Z3
        Fq2.neg(l, lo + 16, t, 56);              // c2 = -r
    }

    /**
     * f = the product over pairs of the Miller values f_i(P_i) for prepared lines; ps holds affine
     * G1 points (8 longs each) at offsets 8i. f must not alias the workspace's pairing region.
     */
    static void miller(long[] f, int fo, long[][] lines, long[] ps, int pairs, Workspace w) {
        long[] ev = new long[LINE_SIZE];
        // f starts as 1: the first line of the first pair is f itself, not a product with 1
        lineValue(f, fo, lines[0], ps, 0);
        for (int k = 1; k < pairs; k++) {
            multiplyByLine(f, fo, ev, lines[k], 0, ps, 8 * k, w);
        }
        int li = 1;
        for (int i = 1; i < Sm9Curve.LOOP_NAF.length; i++) {
            if (i != 1) {
                Fq12.sqr(f, fo, f, fo, w);
                for (int k = 0; k < pairs; k++) {
                    multiplyByLine(f, fo, ev, lines[k], li, ps, 8 * k, w);
                }
                li++;
            }
            if (Sm9Curve.LOOP_NAF[i] != 0) {
                for (int k = 0; k < pairs; k++) {
                    multiplyByLine(f, fo, ev, lines[k], li, ps, 8 * k, w);
                }
                li++;
            }
        }
        for (int j = 0; j < 2; j++, li++) {
            for (int k = 0; k < pairs; k++) {
                multiplyByLine(f, fo, ev, lines[k], li, ps, 8 * k, w);
            }
        }
    }

    /**
     * f = line 0 evaluated at P (at ps[po..]) as an F_q12 element: c0 + c1·yP·v + (c2·xP or xP)·w^2
     * (coefficient of v^j w^k at 16k + 8j).
     */
    private static void lineValue(long[] f, int fo, long[] lines, long[] ps, int po) {
        java.util.Arrays.fill(f, fo, fo + Fq12.SIZE, 0L);
        Fq2.copy(f, fo, lines, 0);
        Fq2.mulFq(f, fo + 8, lines, 8, ps, po + 4);
        if (lines[LINES * LINE_SIZE] != 0) {
            Fq.copy(f, fo + 32, ps, po);
        } else {
            Fq2.mulFq(f, fo + 32, lines, 16, ps, po);
        }
    }

    /**
     * f = f · (line li evaluated at P): (c0, c1·yP, c2·xP), or (c0, c1·yP) and the scalar xP for
     * normalized lines ({@link #prepareNormalized}; the form is public).
     */
    private static void multiplyByLine(long[] f, int fo, long[] ev, long[] lines, int li, long[] ps, int po,
            Workspace w) {
        int lo = li * LINE_SIZE;
        Fq2.copy(ev, 0, lines, lo);
        Fq2.mulFq(ev, 8, lines, lo + 8, ps, po + 4);
        if (lines[LINES * LINE_SIZE] != 0) {
            Fq12.mulLineScalar(f, fo, f, fo, ev, 0, ps, po, w);
        } else {
            Fq2.mulFq(ev, 16, lines, lo + 16, ps, po);
            Fq12.mulLine(f, fo, f, fo, ev, 0, w);
        }
    }

    /** r = f^((q^12 - 1) / N): easy part by Frobenius and one inversion, hard part by Scott et al. */
    static void finalExponentiation(long[] r, int ro, long[] f, int fo, Workspace w) {
        long[] s = w.pr;
        final int f1 = 0;
        final int y0 = 48;
        final int fu = 96;
        final int fu2 = 144;
        final int fu3 = 192;
        final int y2 = 240;
        final int y3 = 288;
        final int y4 = 336;
        final int y5 = 384;
        final int y6 = 432;
        final int t0 = 480;
        final int t1 = 528;
        // f1 = f^((q^6 - 1)(q^2 + 1))
        Fq12.inv(s, t0, f, fo, w);
        Fq12.conj(s, f1, f, fo);
        Fq12.mul(s, f1, s, f1, s, t0, w);
        Fq12.frobenius(s, t0, s, f1, 2, w);
        Fq12.mul(s, f1, s, f1, s, t0, w);
        // Hard part (q^4 - q^2 + 1)/N = λ0 + λ1 q + λ2 q^2 + λ3 q^3 in t (Scott, Benger, Charlemagne,
        // Dominguez Perez, Kachisa 2009): y0 = f^(q + q^2 + q^3), y1 = 1/f, y2 = (f^(t^2))^(q^2),
        // y3 = 1/(f^t)^q, y4 = 1/(f^t (f^(t^2))^q), y5 = 1/f^(t^2), y6 = 1/(f^(t^3) (f^(t^3))^q);
        // result y0 y1^2 y2^6 y3^12 y4^18 y5^30 y6^36.
        Fq12.frobenius(s, y0, s, f1, 1, w);
        Fq12.frobenius(s, t0, s, f1, 2, w);
        Fq12.mul(s, y0, s, y0, s, t0, w);
        Fq12.frobenius(s, t0, s, f1, 3, w);
        Fq12.mul(s, y0, s, y0, s, t0, w);
        expT(s, fu, s, f1, w);
        expT(s, fu2, s, fu, w);
        expT(s, fu3, s, fu2, w);
        Fq12.frobenius(s, y3, s, fu, 1, w);
        Fq12.conj(s, y3, s, y3);
        Fq12.frobenius(s, y2, s, fu2, 2, w);
        Fq12.frobenius(s, t0, s, fu2, 1, w);
        Fq12.mul(s, y4, s, fu, s, t0, w);
        Fq12.conj(s, y4, s, y4);
        Fq12.conj(s, y5, s, fu2);
        Fq12.frobenius(s, t0, s, fu3, 1, w);
        Fq12.mul(s, y6, s, fu3, s, t0, w);
        Fq12.conj(s, y6, s, y6);
        Fq12.cyclotomicSqr(s, t0, s, y6, w);
        Fq12.mul(s, t0, s, t0, s, y4, w);
        Fq12.mul(s, t0, s, t0, s, y5, w);
        Fq12.mul(s, t1, s, y3, s, y5, w);
        Fq12.mul(s, t1, s, t1, s, t0, w);
        Fq12.mul(s, t0, s, t0, s, y2, w);
        Fq12.cyclotomicSqr(s, t1, s, t1, w);
        Fq12.mul(s, t1, s, t1, s, t0, w);
        Fq12.cyclotomicSqr(s, t1, s, t1, w);
        Fq12.conj(s, y6, s, f1);                  // y1 = 1/f1 (conjugate in the cyclotomic subgroup)
        Fq12.mul(s, t0, s, t1, s, y6, w);
        Fq12.mul(s, t1, s, t1, s, y0, w);
        Fq12.cyclotomicSqr(s, t0, s, t0, w);
        Fq12.mul(r, ro, s, t0, s, t1, w);
    }

    /**
     * Runs of squarings at least this long (between two digits of {@link #T_WINDOWS}) are done in
     * compressed form; t has one such run, 40 squarings between its digits 3·2^61 and 3·2^21.
     */
    private static final int COMPRESSED_RUN = 8;

    /**
     * t as signed digits in {±1, ±3}, most significant first, as pairs (position, digit): the
     * non-adjacent form of t with every pattern d 0 -d (d·4 - d = 3d) taken as one digit 3d at the
     * lower position. t's NAF has 11 non-zero digits; this form has 8 (3·2^61, 3·2^21, -2^19, 2^16,
     * -3·2^9, -2^7, 2^3, 2^1), so an exponentiation by t takes 7 multiplications plus one for a^3
     * (and one squaring fewer) instead of 10. Public (t is a curve constant).
     */
    static final int[] T_WINDOWS = windows(Sm9Curve.T_NAF);

    /** The (position, digit) pairs of {@link #T_WINDOWS} for a NAF given most significant digit first. */
    static int[] windows(int[] naf) {
        int[] out = new int[2 * naf.length];
        int n = 0;
        int top = naf.length - 1;
        for (int i = 0; i < naf.length; i++) {
            if (naf[i] == 0) {
                continue;
            }
            if (i + 2 < naf.length && naf[i + 1] == 0 && naf[i + 2] == -naf[i]) {
                out[n++] = top - (i + 2);
                out[n++] = 3 * naf[i];
                i += 2;
            } else {
                out[n++] = top - i;
                out[n++] = naf[i];
            }
        }
        java.math.BigInteger v = java.math.BigInteger.ZERO;
        for (int k = 0; k < n; k += 2) {
            v = v.add(java.math.BigInteger.valueOf(out[k + 1]).shiftLeft(out[k]));
        }
        if (!v.equals(java.math.BigInteger.valueOf(Sm9Curve.T)) || out[1] <= 0) {
            throw new IllegalStateException("signed-digit form of t");
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Offsets in the workspace's pairing region above {@link #finalExponentiation}'s temporaries. */
    private static final int EXP_INV = 576;
    private static final int EXP_CUBE = 624;
    private static final int EXP_CUBE_INV = 672;
    private static final int EXP_START = 720;

    /**
     * r = a^t for a in the cyclotomic subgroup, on the signed digits {@link #T_WINDOWS} (public), with
     * a^-1 = conj(a), a^3 = a^2·a and a^-3 = conj(a^3); a and r must not lie in the workspace's
     * pairing region at or above offset 576 (its four temporaries). Long runs of squarings
     * ({@link #COMPRESSED_RUN}) use {@link Fq12#compressedCyclotomicSqr} (2/3 of a Granger-Scott
     * squaring) and one {@link Fq12#decompress} (one F_q inversion) before the next multiplication;
     * if decompression meets its degenerate case the run is redone uncompressed. The schedule
     * depends only on t.
     */
    private static void expT(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] s = w.pr;
        Fq12.conj(s, EXP_INV, a, ao);
        Fq12.cyclotomicSqr(s, EXP_CUBE, a, ao, w);
        Fq12.mul(s, EXP_CUBE, s, EXP_CUBE, a, ao, w);
        Fq12.conj(s, EXP_CUBE_INV, s, EXP_CUBE);
        int[] digits = T_WINDOWS;
        Fq12.copy(r, ro, digits[1] == 3 ? s : a, digits[1] == 3 ? EXP_CUBE : ao);
        for (int k = 2; k < digits.length; k += 2) {
            int squarings = digits[k - 2] - digits[k];
            if (squarings >= COMPRESSED_RUN) {
                Fq12.copy(s, EXP_START, r, ro);
                for (int j = 0; j < squarings; j++) {
                    Fq12.compressedCyclotomicSqr(r, ro, r, ro, w);
                }
                if (!Fq12.decompress(r, ro, w)) {
                    Fq12.copy(r, ro, s, EXP_START);
                    for (int j = 0; j < squarings; j++) {
                        Fq12.cyclotomicSqr(r, ro, r, ro, w);
                    }
                }
            } else {
                for (int j = 0; j < squarings; j++) {
                    Fq12.cyclotomicSqr(r, ro, r, ro, w);
                }
            }
            int d = digits[k + 1];
            if (d == 1) {
                Fq12.mul(r, ro, r, ro, a, ao, w);
            } else if (d == -1) {
                Fq12.mul(r, ro, r, ro, s, EXP_INV, w);
            } else if (d == 3) {
                Fq12.mul(r, ro, r, ro, s, EXP_CUBE, w);
            } else {
                Fq12.mul(r, ro, r, ro, s, EXP_CUBE_INV, w);
            }
        }
        for (int j = digits[digits.length - 2]; j > 0; j--) { // t is even: its lowest digit is not at 2^0
            Fq12.cyclotomicSqr(r, ro, r, ro, w);
        }
        java.util.Arrays.fill(s, EXP_START, EXP_START + Fq12.SIZE, 0L);
    }

    /** r = e(P, Q) for an affine P (8 longs) and prepared Q. */
    static void pair(long[] r, int ro, long[] p, int po, long[] preparedQ, Workspace w) {
        long[] f = new long[Fq12.SIZE];
        long[] ps = new long[8];
        System.arraycopy(p, po, ps, 0, 8);
        miller(f, 0, new long[][] {preparedQ}, ps, 1, w);
        finalExponentiation(r, ro, f, 0, w);
    }
}
