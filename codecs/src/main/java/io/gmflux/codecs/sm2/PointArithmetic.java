package io.gmflux.codecs.sm2;

/**
 * Point arithmetic on sm2p256v1 in Jacobian coordinates (a = -3 formulas), with its own scratch
 * registers so that no field or point operation allocates.
 *
 * <p>Not thread-safe: each signer, verifier or cipher owns one. Scalars are four 64-bit
 * little-endian limbs, plain (not Montgomery), in [0, n).
 *
 * <p>Constant time: {@link #mulBase}/{@link #mulComb} (comb, 6-bit signed digits for G, 5-bit for
 * prepared keys) and {@link #mul} (5-bit signed windows from the top); every table lookup reads
 * the whole row and keeps the wanted entry by mask, and no branch depends on the scalar.
 * {@link #mulBaseAddPublic} (verification) handles public scalars and may branch on them.
 *
 * <p>Why the constant-time paths never need the doubling case of the addition formulas: in
 * {@link #mul} it can arise at the last digit only, for one scalar, and is handled there by mask
 * (see its comment); in {@link #mulComb} with width w and B = 2^(w·i), the accumulator S is the
 * Booth recoding of k's low w·i bits, |S| &lt;= B / 2, while the added multiple is ±d·B with
 * 1 &lt;= d &lt;= 2^(w-1), so S ∓ d·B is a non-zero integer, of absolute value below n except at the
 * top position (w = 5: B = 2^255; w = 6: B = 2^252), where S - d·B ≡ 0 (mod n) would need
 * S = d·B - n with |S| &lt;= B / 2 and k = S + d·B &lt; n, i.e. a multiple d·B of B in [n - B / 2, n):
 * there is none for these B (n = 2^256 - 2^224 - ...). Hence P1 = P2 never
 * occurs for k in [0, n). A partial sum that is the point at infinity (P1 = -P2, or nothing added
 * yet) is handled by the formulas and the masks.
 */
final class PointArithmetic {

    private static final Sm2FieldP F = Sm2Curve.FP;

    private final long[] t0 = new long[4];
    private final long[] t1 = new long[4];
    private final long[] t2 = new long[4];
    private final long[] t3 = new long[4];
    private final long[] t4 = new long[4];
    private final long[] t5 = new long[4];
    private final long[] t6 = new long[4];
    private final long[] t7 = new long[4];
    private final long[] t8 = new long[4];
    private final long[] t9 = new long[4];
    private final long[] t10 = new long[4];
    private final long[] sx = new long[4];
    private final long[] sy = new long[4];
    private final JacobianPoint sum = new JacobianPoint();
    private final JacobianPoint acc2 = new JacobianPoint();
    /** Window table for variable-base multiplication: entries 1..16 of d·P. */
    private final JacobianPoint[] window = new JacobianPoint[17];
    private final long[] negY = new long[4];
    /** The window's affine entries 1..16·P (8 longs each) and the scratch that makes them affine. */
    private final long[] windowAffine = new long[WINDOW * 8];
    private final long[] windowPrefix = new long[WINDOW * 4];
    /** Points of {@link #mulComb}'s affine pairing: at most 51 (width 5: 52 positions, the top one apart). */
    private static final int MAX_POINTS = 51;
    /**
     * Levels of affine pairing in {@link #mulComb}: each costs one inversion (~2 us) and turns a mixed
     * addition (~0.51 us) into an affine one (~0.23 us) per pair; the second level (10 pairs for G)
     * still gains, a third (5) would not.
     */
    private static final int PAIR_LEVELS = 2;
    private final long[][] ptX = new long[MAX_POINTS][4];
    private final long[][] ptY = new long[MAX_POINTS][4];
    /** -1 where the point is the point at infinity (its coordinates are then no point). */
    private final long[] ptZero = new long[MAX_POINTS];
    private final long[][] pairDen = new long[MAX_POINTS / 2][4];
    private final long[][] pairPrefix = new long[MAX_POINTS / 2][4];

    PointArithmetic() {
        for (int i = 0; i < window.length; i++) {
            window[i] = new JacobianPoint();
        }
    }

    /** r = 2p (r may be p); dbl-2001-b for a = -3. Infinity stays infinity. */
    void twice(JacobianPoint r, JacobianPoint p) {
        F.sqr(t0, p.z); // delta
        F.sqr(t1, p.y); // gamma
        F.mul(t2, p.x, t1); // beta
        F.sub(t3, p.x, t0);
        F.add(t4, p.x, t0);
        F.mul(t3, t3, t4);
        F.mulSmall(t3, t3, 3); // alpha = 3(X - delta)(X + delta)
        F.add(t4, p.y, p.z);
        F.sqr(t4, t4);
        F.sub(t4, t4, t1);
        F.sub(t4, t4, t0); // Z3 = (Y + Z)^2 - gamma - delta
        F.mulSmall(t2, t2, 4); // 4 beta
        F.sqr(t5, t3);
        F.sub(t5, t5, t2);
        F.sub(r.x, t5, t2); // X3 = alpha^2 - 8 beta
        F.sub(t6, t2, r.x);
        F.mul(t6, t3, t6);
        F.sqr(t1, t1);
        F.mulSmall(t1, t1, 8); // 8 gamma^2
        F.sub(r.y, t6, t1);
        System.arraycopy(t4, 0, r.z, 0, 4);
    }

    /**
     * r = p + (ax, ay) with (ax, ay) affine (r may be p); madd-2007-bl. If p is infinity the
     * result is (ax, ay) (selected by mask). Returns -1 when p equals (ax, ay), a case these formulas
     * do not cover (the caller must double instead), else 0.
     */
    long addAffine(JacobianPoint r, JacobianPoint p, long[] ax, long[] ay) {
        long pInfinity = Sm2Curve.isZeroMask(p.z);
        F.sqr(t0, p.z); // Z1Z1
        F.mul(t1, ax, t0); // U2
        F.mul(t2, p.z, t0);
        F.mul(t2, ay, t2); // S2
        F.sub(t3, t1, p.x); // H
        F.sqr(t4, t3); // HH
        F.mulSmall(t5, t4, 4); // I = 4 HH
        F.mul(t6, t3, t5); // J
        F.sub(t7, t2, p.y);
        F.add(t7, t7, t7); // r = 2(S2 - Y1)
        long degenerate = Sm2Curve.isZeroMask(t3) & Sm2Curve.isZeroMask(t7) & ~pInfinity;
        F.mul(t1, p.x, t5); // V
        F.sqr(t8, t7);
        F.sub(t8, t8, t6);
        F.sub(t8, t8, t1);
        F.sub(t8, t8, t1); // X3
        F.sub(t2, t1, t8);
        F.mul(t2, t7, t2);
        F.mul(t9, p.y, t6);
        F.add(t9, t9, t9);
        F.sub(t2, t2, t9); // Y3
        F.add(t10, p.z, t3);
        F.sqr(t10, t10);
        F.sub(t10, t10, t0);
        F.sub(r.z, t10, t4); // Z3
        System.arraycopy(t8, 0, r.x, 0, 4);
        System.arraycopy(t2, 0, r.y, 0, 4);
        Sm2Curve.select(r.x, ax, pInfinity);
        Sm2Curve.select(r.y, ay, pInfinity);
        F.one(t0);
        Sm2Curve.select(r.z, t0, pInfinity);
        return degenerate;
    }

    /**
     * r = p + q (r may be p or q); add-2007-bl. Infinity on either side is handled by mask.
     * Returns -1 when p equals q (neither infinity), which these formulas do not cover, else 0.
     */
    long add(JacobianPoint r, JacobianPoint p, JacobianPoint q) {
        long pInfinity = Sm2Curve.isZeroMask(p.z);
        long qInfinity = Sm2Curve.isZeroMask(q.z);
        F.sqr(t0, p.z); // Z1Z1
        F.sqr(t1, q.z); // Z2Z2
        F.mul(t2, p.x, t1); // U1
        F.mul(t3, q.x, t0); // U2
        F.mul(t4, q.z, t1);
        F.mul(t4, p.y, t4); // S1
        F.mul(t5, p.z, t0);
        F.mul(t5, q.y, t5); // S2
        F.sub(t3, t3, t2); // H
        F.sub(t5, t5, t4);
        F.add(t5, t5, t5); // r
        long degenerate = Sm2Curve.isZeroMask(t3) & Sm2Curve.isZeroMask(t5) & ~pInfinity & ~qInfinity;
        F.add(t6, t3, t3);
        F.sqr(t6, t6); // I
        F.mul(t7, t3, t6); // J
        F.mul(t2, t2, t6); // V
        F.add(t8, p.z, q.z);
        F.sqr(t8, t8);
        F.sub(t8, t8, t0);
        F.sub(t8, t8, t1);
        F.mul(t8, t8, t3); // Z3
        F.sqr(t9, t5);
        F.sub(t9, t9, t7);
        F.sub(t9, t9, t2);
        F.sub(t9, t9, t2); // X3
        F.sub(t2, t2, t9);
        F.mul(t2, t5, t2);
        F.mul(t4, t4, t7);
        F.add(t4, t4, t4);
        F.sub(t2, t2, t4); // Y3
        // q may alias r: take q's coordinates into scratch before overwriting r
        System.arraycopy(q.x, 0, t0, 0, 4);
        System.arraycopy(q.y, 0, t1, 0, 4);
        System.arraycopy(q.z, 0, t3, 0, 4);
        long keepP = qInfinity;
        long takeQ = pInfinity & ~qInfinity;
        // p may alias r as well: select from p before writing the computed coordinates
        System.arraycopy(p.x, 0, t4, 0, 4);
        System.arraycopy(p.y, 0, t5, 0, 4);
        System.arraycopy(p.z, 0, t6, 0, 4);
        System.arraycopy(t9, 0, r.x, 0, 4);
        System.arraycopy(t2, 0, r.y, 0, 4);
        System.arraycopy(t8, 0, r.z, 0, 4);
        Sm2Curve.select(r.x, t4, keepP);
        Sm2Curve.select(r.y, t5, keepP);
        Sm2Curve.select(r.z, t6, keepP);
        Sm2Curve.select(r.x, t0, takeQ);
        Sm2Curve.select(r.y, t1, takeQ);
        Sm2Curve.select(r.z, t3, takeQ);
        return degenerate;
    }

    /**
     * Affine coordinates of p into (ax, ay); returns -1 if p is infinity (then
     * ax = ay = 0), else 0. Constant time.
     */
    long toAffine(long[] ax, long[] ay, JacobianPoint p) {
        long infinity = Sm2Curve.isZeroMask(p.z);
        invert(t0, p.z);
        F.sqr(t1, t0);
        F.mul(ax, p.x, t1);
        F.mul(t1, t1, t0);
        F.mul(ay, p.y, t1);
        return infinity;
    }

    /**
     * Affine coordinates of two points that are not the point at infinity, with
     * one inversion of Z_p·Z_q instead of two (Montgomery's trick). Constant time. The outputs must
     * be distinct arrays, none of them a coordinate of p or q.
     */
    void toAffine2(long[] px, long[] py, JacobianPoint p, long[] qx, long[] qy, JacobianPoint q) {
        F.mul(t2, p.z, q.z);
        invert(t3, t2); // 1 / (Zp Zq)
        F.mul(t4, t3, q.z); // 1 / Zp
        F.mul(t5, t3, p.z); // 1 / Zq
        F.sqr(t1, t4);
        F.mul(px, p.x, t1);
        F.mul(t1, t1, t4);
        F.mul(py, p.y, t1);
        F.sqr(t1, t5);
        F.mul(qx, q.x, t1);
        F.mul(t1, t1, t5);
        F.mul(qy, q.y, t1);
    }

    /**
     * r = a^-1 mod p (0 maps to 0) by safegcd ({@link io.gmflux.codecs.arith.SafeGcd}): constant
     * time; r may be a. Allocates the inversion's scratch (once per scalar multiplication).
     */
    void invert(long[] r, long[] a) {
        Sm2Curve.P_INVERSE.invert(r, 0, a, 0);
    }

    /** Whether the affine (x, y) satisfies y^2 = x^3 - 3x + b. */
    boolean isOnCurve(long[] x, long[] y) {
        F.sqr(t0, x);
        F.mul(t0, t0, x);
        F.add(t1, x, x);
        F.add(t1, t1, x);
        F.sub(t0, t0, t1);
        F.add(t0, t0, Sm2Curve.B);
        F.sqr(t1, y);
        return Sm2Curve.equalMask(t0, t1) != 0;
    }

    /**
     * r = k·G, constant time: {@link #mulComb} on the precomputed table d·64^i·G (43 signed 6-bit
     * digits: 21 + 10 affine pair additions in two levels of one inversion each, then 11 mixed
     * additions and the top position's), each table row scanned in full. k must be in [0, n).
     */
    void mulBase(JacobianPoint r, long[] k) {
        mulComb(r, CombTable.BASE, k);
    }

    /**
     * r = k·P from P's {@link CombTable}, constant time as {@link #mulBase}: per position the
     * Booth digit's magnitude selects the entry by a full masked scan, its sign negates y by mask,
     * and a zero digit counts as the point at infinity, by mask.
     *
     * <p>The positions below the top are summed in affine coordinates first, in {@link #PAIR_LEVELS}
     * levels of adjacent pairs (positions (2j, 2j + 1), then pairs of those sums), all pairs of a level
     * sharing one inversion (Montgomery's trick; an affine addition is then 5M + 1S against a mixed
     * addition's 7M + 4S); the resulting group sums, then the top position, are accumulated by mixed
     * additions from the bottom. Every sum is over a run of consecutive positions [a, b) below the top.
     * No affine pair meets P = ±Q: P ∓ Q = Σ ±d_i·2^(w·i) over the two runs is a non-zero integer when
     * a digit is (the lowest non-zero digit, |d| &lt;= 2^(w-1), is not a multiple of 2^w), and its
     * absolute value is below 2^(w·b) &lt;= 2^(w·(rows - 1)) &lt; n for w = 5 or 6, so not a multiple of n;
     * a pair with a zero side takes the other point by mask (its denominator replaced by one). In the
     * accumulation the sum S of the positions below a run [a, b) has |S| &lt;= 2^(w·a) / 2 while a
     * non-zero run sum T has |T| &gt;= 2^(w·a), so S ± T is neither zero nor, by the same bound, a
     * multiple of n; the top position is the class comment's case. k must be in [0, n); the table's
     * width must be 5 or 6.
     */
    void mulComb(JacobianPoint r, long[] table, long[] k) {
        int width = CombTable.width(table);
        int rows = CombTable.rows(width);
        int perRow = CombTable.perRow(width);
        int count = rows - 1; // the top position is added alone, last
        for (int i = 0; i < count; i++) {
            ptZero[i] = scanDigit(table, k, i, width, perRow);
            System.arraycopy(sx, 0, ptX[i], 0, 4);
            System.arraycopy(sy, 0, ptY[i], 0, 4);
        }
        for (int level = 0; level < PAIR_LEVELS; level++) {
            count = pairUp(count);
        }
        r.setAffine(ptX[0], ptY[0]);
        java.util.Arrays.fill(t0, 0);
        Sm2Curve.select(r.z, t0, ptZero[0]); // an empty first run: the point at infinity
        for (int i = 1; i < count; i++) {
            addAffine(sum, r, ptX[i], ptY[i]);
            r.select(sum, ~ptZero[i]);
        }
        long zero = scanDigit(table, k, rows - 1, width, perRow);
        addAffine(sum, r, sx, sy);
        r.select(sum, ~zero);
    }

    /**
     * Replaces points 0..count-1 by the sums of the adjacent pairs (2j, 2j + 1), an odd last point
     * moving down as it is, in affine coordinates with one shared inversion; returns the new count.
     * Constant time (zero sides by mask; see {@link #mulComb} for why P = ±Q does not occur).
     */
    private int pairUp(int count) {
        int pairs = count / 2;
        for (int j = 0; j < pairs; j++) {
            F.sub(pairDen[j], ptX[2 * j + 1], ptX[2 * j]);
            F.one(t0);
            Sm2Curve.select(pairDen[j], t0, ptZero[2 * j] | ptZero[2 * j + 1]);
            if (j == 0) {
                System.arraycopy(pairDen[0], 0, pairPrefix[0], 0, 4);
            } else {
                F.mul(pairPrefix[j], pairPrefix[j - 1], pairDen[j]);
            }
        }
        invert(t6, pairPrefix[pairs - 1]); // 1 / (den_0 ... den_{pairs-1})
        for (int j = pairs - 1; j > 0; j--) {
            F.mul(t7, t6, pairPrefix[j - 1]); // 1 / den_j
            F.mul(t6, t6, pairDen[j]); // 1 / (den_0 ... den_{j-1})
            System.arraycopy(t7, 0, pairDen[j], 0, 4);
        }
        System.arraycopy(t6, 0, pairDen[0], 0, 4);
        // upwards: pair j reads points 2j and 2j + 1 (>= j) and writes point j
        for (int j = 0; j < pairs; j++) {
            long[] xp = ptX[2 * j];
            long[] yp = ptY[2 * j];
            long[] xq = ptX[2 * j + 1];
            long[] yq = ptY[2 * j + 1];
            long zeroP = ptZero[2 * j];
            long zeroQ = ptZero[2 * j + 1];
            F.sub(t1, yq, yp);
            F.mul(t1, t1, pairDen[j]); // lambda
            F.sqr(t2, t1);
            F.sub(t2, t2, xp);
            F.sub(t2, t2, xq); // x3 = lambda^2 - xP - xQ
            F.sub(t3, xp, t2);
            F.mul(t3, t1, t3);
            F.sub(t3, t3, yp); // y3 = lambda (xP - x3) - yP
            Sm2Curve.select(t2, xq, zeroP);
            Sm2Curve.select(t3, yq, zeroP);
            Sm2Curve.select(t2, xp, zeroQ & ~zeroP);
            Sm2Curve.select(t3, yp, zeroQ & ~zeroP);
            System.arraycopy(t2, 0, ptX[j], 0, 4);
            System.arraycopy(t3, 0, ptY[j], 0, 4);
            ptZero[j] = zeroP & zeroQ;
        }
        if ((count & 1) != 0) {
            System.arraycopy(ptX[count - 1], 0, ptX[pairs], 0, 4);
            System.arraycopy(ptY[count - 1], 0, ptY[pairs], 0, 4);
            ptZero[pairs] = ptZero[count - 1];
        }
        return pairs + (count & 1);
    }

    /**
     * sx, sy = the signed entry of position i for k's Booth digit there (its magnitude's entry by
     * a full row scan, y negated by mask for a negative digit); returns -1 when the digit is zero
     * (sx, sy are then no point), else 0. Constant time.
     */
    private long scanDigit(long[] table, long[] k, int i, int width, int perRow) {
        int digit = CombTable.boothDigit(k, i, width);
        int d = digit >>> 1;
        scanAffine(table, i * perRow * 8, perRow, d);
        F.neg(negY, sy);
        Sm2Curve.select(sy, negY, -(long) (digit & 1));
        return Sm2Curve.intEqualMask(d, 0);
    }

    /** sx, sy = row entry d (1..perRow) or zeros when d = 0, reading all the row's entries. */
    private void scanAffine(long[] table, int rowOffset, int perRow, int d) {
        long x0 = 0, x1 = 0, x2 = 0, x3 = 0, y0 = 0, y1 = 0, y2 = 0, y3 = 0;
        for (int j = 1; j <= perRow; j++) {
            long m = Sm2Curve.intEqualMask(j, d);
            int o = rowOffset + (j - 1) * 8;
            x0 |= table[o] & m;
            x1 |= table[o + 1] & m;
            x2 |= table[o + 2] & m;
            x3 |= table[o + 3] & m;
            y0 |= table[o + 4] & m;
            y1 |= table[o + 5] & m;
            y2 |= table[o + 6] & m;
            y3 |= table[o + 7] & m;
        }
        sx[0] = x0;
        sx[1] = x1;
        sx[2] = x2;
        sx[3] = x3;
        sy[0] = y0;
        sy[1] = y1;
        sy[2] = y2;
        sy[3] = y3;
    }

    /**
     * r = k·P for the affine point (px, py) (on the curve, of order n), constant
     * time: signed 5-bit (Booth) digits from the top, five doublings and one mixed addition per
     * digit, the window table 1..16·P (made affine with one shared inversion) scanned in full, the
     * sign applied to y by mask and a zero digit keeping r by mask. k must be in [0, n). r must not
     * be one of this object's internal points.
     *
     * <p>The addition never meets its doubling case except possibly at the last digit: before it the
     * accumulator is 32·H·P with H the value of the higher digits, and 32·H ≡ d (mod n) with |d| &lt;= 16
     * needs H = 0 (then the accumulator is infinity, handled by mask) or, at the last digit only,
     * 32·H - d = k - 2d = n, i.e. k = n - 6 with last digit -3 (n ≡ 3 mod 32). So the last step also
     * computes 2·d·P and takes it by mask when the addition reports the doubling case.
     */
    void mul(JacobianPoint r, long[] px, long[] py, long[] k) {
        buildWindow(px, py);
        r.setInfinity();
        int rows = CombTable.rows(CombTable.WIDTH);
        for (int i = rows - 1; i >= 0; i--) {
            if (i != rows - 1) {
                twice(r, r);
                twice(r, r);
                twice(r, r);
                twice(r, r);
                twice(r, r);
            }
            int digit = CombTable.boothDigit(k, i, CombTable.WIDTH);
            int d = digit >>> 1;
            scanAffine(windowAffine, 0, WINDOW, d);
            F.neg(negY, sy);
            Sm2Curve.select(sy, negY, -(long) (digit & 1));
            long degenerate = addAffine(sum, r, sx, sy);
            if (i == 0) {
                acc2.setAffine(sx, sy);
                twice(acc2, acc2);
                sum.select(acc2, degenerate);
            }
            r.select(sum, ~Sm2Curve.intEqualMask(d, 0));
        }
    }

    /** Entries of the variable-base window: 1..16·P. */
    private static final int WINDOW = 16;

    /** window[1..16] = 1..16·P (Jacobian), then their affine coordinates into windowAffine. */
    private void buildWindow(long[] px, long[] py) {
        window[1].setAffine(px, py);
        twice(window[2], window[1]);
        for (int j = 3; j <= WINDOW; j++) {
            addAffine(window[j], window[j - 1], px, py);
        }
        toAffine(window, 1, WINDOW, windowAffine, 0, windowPrefix);
    }

    /**
     * The affine coordinates (x then y, 8 longs per point, written from {@code out[outOff]}) of
     * {@code points[from .. from + count)}, none of which may be the point at infinity, with one
     * shared inversion (Montgomery's trick); {@code prefix} is scratch of at least 4·count longs.
     * Constant time; allocates only the inversion's scratch.
     */
    void toAffine(JacobianPoint[] points, int from, int count, long[] out, int outOff, long[] prefix) {
        System.arraycopy(points[from].z, 0, prefix, 0, 4);
        for (int i = 1; i < count; i++) {
            mulAt(prefix, i * 4, prefix, (i - 1) * 4, points[from + i].z);
        }
        System.arraycopy(prefix, (count - 1) * 4, t6, 0, 4);
        invert(t6, t6); // 1 / (Z_0 ... Z_{count-1})
        for (int i = count - 1; i >= 0; i--) {
            JacobianPoint p = points[from + i];
            if (i > 0) {
                System.arraycopy(prefix, (i - 1) * 4, t7, 0, 4);
                F.mul(t7, t6, t7); // 1 / Z_i
                F.mul(t6, t6, p.z); // 1 / (Z_0 ... Z_{i-1})
            } else {
                System.arraycopy(t6, 0, t7, 0, 4);
            }
            F.sqr(t8, t7);
            F.mul(t9, p.x, t8);
            System.arraycopy(t9, 0, out, outOff + i * 8, 4);
            F.mul(t8, t8, t7);
            F.mul(t9, p.y, t8);
            System.arraycopy(t9, 0, out, outOff + i * 8 + 4, 4);
        }
    }

    /** prefix[ro..ro+4) = prefix[ao..ao+4) · b, through the scratch registers. */
    private void mulAt(long[] prefix, int ro, long[] a, int ao, long[] b) {
        System.arraycopy(a, ao, t8, 0, 4);
        F.mul(t9, t8, b);
        System.arraycopy(t9, 0, prefix, ro, 4);
    }

    /** Chunks of the verification table: u2 is split into this many 16-bit pieces. */
    private static final int CHUNKS = 16;
    private static final int CHUNK_BITS = 256 / CHUNKS;

    /**
     * The verification table of a public point P: d·2^(16j)·P for j = 0..15 and d = 1..15, affine
     * (8 longs per entry, entry {@code j * 15 + d - 1}, 15 KiB). Built once per
     * verifier key with 240 doublings, 208 additions and one shared inversion; it turns [u]P into 12
     * doublings and at most 64 mixed additions.
     */
    long[] publicTable(long[] px, long[] py) {
        JacobianPoint[] points = new JacobianPoint[CHUNKS * 15];
        JacobianPoint base = new JacobianPoint();
        base.setAffine(px, py);
        for (int j = 0; j < CHUNKS; j++) {
            if (j > 0) {
                for (int i = 0; i < CHUNK_BITS; i++) {
                    twice(base, base);
                }
            }
            for (int d = 1; d <= 15; d++) {
                JacobianPoint e = new JacobianPoint();
                if (d == 1) {
                    e.set(base);
                } else if (d == 2) {
                    twice(e, base);
                } else {
                    add(e, points[j * 15 + d - 2], base);
                }
                points[j * 15 + d - 1] = e;
            }
        }
        return CombTable.toAffine(points, this);
    }

    /**
     * r = u1·G + u2·P for public scalars (signature verification): u1·G from the width-7 comb of G
     * ({@link CombTable#verificationBase()}, 37 additions) and u2·P from P's {@link #publicTable} by
     * sixteen interleaved 16-bit chunks (12 doublings), both reading only the entries they need. Not
     * constant time (everything is public); r must not be one of this object's internal points.
     */
    void mulBaseAddPublic(JacobianPoint r, long[] u1, long[] u2, long[] table) {
        JacobianPoint acc = acc2;
        acc.setInfinity();
        int perLimb = 64 / CHUNK_BITS;
        for (int i = CHUNK_BITS / 4 - 1; i >= 0; i--) {
            if (i != CHUNK_BITS / 4 - 1) {
                twice(acc, acc);
                twice(acc, acc);
                twice(acc, acc);
                twice(acc, acc);
            }
            for (int j = 0; j < CHUNKS; j++) {
                int d = (int) (u2[j / perLimb] >>> ((j % perLimb) * CHUNK_BITS + (i << 2))) & 15;
                if (d != 0) {
                    System.arraycopy(table, (j * 15 + d - 1) * 8, sx, 0, 4);
                    System.arraycopy(table, (j * 15 + d - 1) * 8 + 4, sy, 0, 4);
                    addAffinePublic(acc);
                }
            }
        }
        long[] base = CombTable.verificationBase();
        int width = CombTable.width(base);
        r.setInfinity();
        for (int i = 0, rows = CombTable.rows(width); i < rows; i++) {
            int digit = CombTable.boothDigit(u1, i, width);
            if (digit >>> 1 != 0) {
                int o = CombTable.offset(i, digit >>> 1, width);
                System.arraycopy(base, o, sx, 0, 4);
                System.arraycopy(base, o + 4, sy, 0, 4);
                if ((digit & 1) != 0) {
                    F.neg(sy, sy);
                }
                addAffinePublic(r);
            }
        }
        if (add(sum, r, acc) != 0) {
            twice(sum, acc);
        }
        r.set(sum);
    }

    /** r += (sx, sy), doubling when they are equal (public values only). */
    private void addAffinePublic(JacobianPoint r) {
        if (addAffine(r, r, sx, sy) != 0) {
            r.setAffine(sx, sy);
            twice(r, r);
        }
    }

    /** Wipes the scratch registers (they may hold secret intermediates). */
    void wipe() {
        for (long[] t : new long[][] {t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, sx, sy, negY}) {
            java.util.Arrays.fill(t, 0);
        }
        sum.wipe();
        acc2.wipe();
        for (JacobianPoint w : window) {
            w.wipe();
        }
        java.util.Arrays.fill(windowAffine, 0);
        java.util.Arrays.fill(windowPrefix, 0);
        for (long[][] rows : new long[][][] {ptX, ptY, pairDen, pairPrefix}) {
            for (long[] t : rows) {
                java.util.Arrays.fill(t, 0);
            }
        }
        java.util.Arrays.fill(ptZero, 0);
    }
}
