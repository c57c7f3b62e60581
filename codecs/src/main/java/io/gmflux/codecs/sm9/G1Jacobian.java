package io.gmflux.codecs.sm9;

/**
 * Group law of G1 = E(F_q), E: y^2 = x^3 + 5, in Jacobian coordinates (x = X/Z^2, y = Y/Z^3): a point
 * is 12 longs at an offset (X, Y, Z in Montgomery {@link Fq}); Z = 0 is the point at infinity. An
 * affine point is 8 longs (x, y); affine inputs are never the point at infinity.
 *
 * <p>{@link #dbl}, {@link #add} and {@link #addAffine} are branch-free and handle the point at
 * infinity by masked selection; they do not handle P == Q (the callers' scalar-multiplication
 * schedules never add equal points, see {@link GroupExponentiation}). {@link #addPublic} handles every case
 * with branches and is for public points only. Temporaries live in {@link Workspace#pt}.
 */
final class G1Jacobian {

    static final int SIZE = 12;

    private G1Jacobian() {
    }

    /** r = 2p (dbl-2009-l; a = 0). Infinity maps to infinity. */
    static void dbl(long[] r, int ro, long[] p, int po, Workspace w) {
        long[] t = w.pt;
        Fq.sqr(t, 0, p, po);                 // A = X^2
        Fq.sqr(t, 4, p, po + 4);             // B = Y^2
        Fq.sqr(t, 8, t, 4);                  // C = B^2
        Fq.add(t, 12, p, po, t, 4);
        Fq.sqr(t, 12, t, 12);
        Fq.sub(t, 12, t, 12, t, 0);
        Fq.sub(t, 12, t, 12, t, 8);
        Fq.dbl(t, 12, t, 12);                // D = 2((X + B)^2 - A - C)
        Fq.dbl(t, 16, t, 0);
        Fq.add(t, 16, t, 16, t, 0);          // E = 3A
        Fq.sqr(t, 20, t, 16);                // F = E^2
        Fq.mul(t, 24, p, po + 4, p, po + 8);
        Fq.dbl(r, ro + 8, t, 24);            // Z3 = 2YZ
        Fq.dbl(t, 24, t, 12);
        Fq.sub(r, ro, t, 20, t, 24);         // X3 = F - 2D
        Fq.sub(t, 24, t, 12, r, ro);
        Fq.mul(t, 24, t, 24, t, 16);
        Fq.dbl(t, 8, t, 8);
        Fq.dbl(t, 8, t, 8);
        Fq.dbl(t, 8, t, 8);
        Fq.sub(r, ro + 4, t, 24, t, 8);      // Y3 = E(D - X3) - 8C
    }

    /** r = p + q (add-2007-bl), infinity handled by mask; p != ±q unless one is infinity. */
    static void add(long[] r, int ro, long[] p, int po, long[] q, int qo, Workspace w) {
        long[] t = w.pt;
        // r may alias p or q: keep both for the masked selection at the end.
        System.arraycopy(p, po, t, 100, SIZE);
        System.arraycopy(q, qo, t, 112, SIZE);
        Fq.sqr(t, 0, p, po + 8);             // Z1Z1
        Fq.sqr(t, 4, q, qo + 8);             // Z2Z2
        Fq.mul(t, 8, p, po, t, 4);           // U1 = X1 Z2Z2
        Fq.mul(t, 12, q, qo, t, 0);          // U2 = X2 Z1Z1
        Fq.mul(t, 16, p, po + 4, q, qo + 8);
        Fq.mul(t, 16, t, 16, t, 4);          // S1 = Y1 Z2 Z2Z2
        Fq.mul(t, 20, q, qo + 4, p, po + 8);
        Fq.mul(t, 20, t, 20, t, 0);          // S2 = Y2 Z1 Z1Z1
        Fq.add(t, 24, p, po + 8, q, qo + 8);
        Fq.sqr(t, 24, t, 24);
        Fq.sub(t, 24, t, 24, t, 0);
        Fq.sub(t, 24, t, 24, t, 4);          // (Z1 + Z2)^2 - Z1Z1 - Z2Z2 = 2 Z1 Z2
        finishAdd(r, ro, p, po, q, qo, 12, w);
        long pInf = -Fq.isZero(t, 108);
        long qInf = -Fq.isZero(t, 120);
        cmov(r, ro, t, 112, pInf);
        cmov(r, ro, t, 100, qInf & ~pInf);
    }

    /**
     * Shared tail of {@link #add}: with U1 at t[8], U2 at t[u2], S1 at t[16], S2 at t[20] and 2 Z1 Z2 at
     * t[24], writes X3, Y3, Z3 = 2 Z1 Z2 H.
     */
    private static void finishAdd(long[] r, int ro, long[] p, int po, long[] q, int qo, int u2, Workspace w) {
        long[] t = w.pt;
        Fq.sub(t, 28, t, u2, t, 8);          // H = U2 - U1
        Fq.dbl(t, 32, t, 28);
        Fq.sqr(t, 32, t, 32);                // I = (2H)^2
        Fq.mul(t, 36, t, 28, t, 32);         // J = H I
        Fq.sub(t, 40, t, 20, t, 16);
        Fq.dbl(t, 40, t, 40);                // rr = 2(S2 - S1)
        Fq.mul(t, 44, t, 8, t, 32);          // V = U1 I
        Fq.mul(r, ro + 8, t, 24, t, 28);     // Z3
        Fq.sqr(t, 0, t, 40);
        Fq.sub(t, 0, t, 0, t, 36);
        Fq.dbl(t, 4, t, 44);
        Fq.sub(r, ro, t, 0, t, 4);           // X3 = rr^2 - J - 2V
        Fq.sub(t, 4, t, 44, r, ro);
        Fq.mul(t, 4, t, 4, t, 40);
        Fq.mul(t, 0, t, 16, t, 36);
        Fq.dbl(t, 0, t, 0);
        Fq.sub(r, ro + 4, t, 4, t, 0);       // Y3 = rr(V - X3) - 2 S1 J
    }

    /**
     * r = p + a for an affine a (8 longs), with a "present" flag: when {@code aPresent == 0} the result
     * is p (used for comb digits equal to zero). Infinity p handled by mask. p != ±a otherwise.
     */
    static void addAffine(long[] r, int ro, long[] p, int po, long[] a, int ao, long aPresent, Workspace w) {
        long[] t = w.pt;
        // Keep the inputs needed for the masked selection at the end: r may alias p.
        long[] keep = w.pt;
        System.arraycopy(p, po, keep, 100, SIZE);
        Fq.sqr(t, 0, p, po + 8);             // Z1Z1
        Fq.copy(t, 8, p, po);                // U1 = X1
        Fq.mul(t, 12, a, ao, t, 0);          // U2 = x2 Z1Z1
        Fq.copy(t, 16, p, po + 4);           // S1 = Y1
        Fq.mul(t, 20, a, ao + 4, p, po + 8);
        Fq.mul(t, 20, t, 20, t, 0);          // S2 = y2 Z1 Z1Z1
        Fq.dbl(t, 24, p, po + 8);            // 2 Z1
        finishAdd(r, ro, p, po, a, ao, 12, w);
        long pInf = -Fq.isZero(keep, 108);
        // p at infinity: the result is a (Z = 1)
        Fq.cmov(r, ro, a, ao, pInf);
        Fq.cmov(r, ro + 4, a, ao + 4, pInf);
        Fq.cmov(r, ro + 8, Fq.ONE, 0, pInf);
        cmov(r, ro, keep, 100, -(aPresent ^ 1));
    }

    /** r = p + q for public points, every case (equal, opposite, infinity) handled with branches. */
    static void addPublic(long[] r, int ro, long[] p, int po, long[] q, int qo, Workspace w) {
        if (Fq.isZero(p, po + 8) == 1) {
            System.arraycopy(q, qo, r, ro, SIZE);
            return;
        }
        if (Fq.isZero(q, qo + 8) == 1) {
            System.arraycopy(p, po, r, ro, SIZE);
            return;
        }
        long[] t = new long[24];
        // Compare affine images: X1 Z2^2 == X2 Z1^2, Y1 Z2^3 == Y2 Z1^3.
        Fq.sqr(t, 0, p, po + 8);
        Fq.sqr(t, 4, q, qo + 8);
        Fq.mul(t, 8, p, po, t, 4);
        Fq.mul(t, 12, q, qo, t, 0);
        if (Fq.eq(t, 8, t, 12) == 1) {
            Fq.mul(t, 4, t, 4, q, qo + 8);
            Fq.mul(t, 0, t, 0, p, po + 8);
            Fq.mul(t, 16, p, po + 4, t, 4);
            Fq.mul(t, 20, q, qo + 4, t, 0);
            if (Fq.eq(t, 16, t, 20) == 1) {
                dbl(r, ro, p, po, w);
            } else {
                java.util.Arrays.fill(r, ro, ro + SIZE, 0L);
            }
            return;
        }
        add(r, ro, p, po, q, qo, w);
    }

    static void cmov(long[] r, int ro, long[] a, int ao, long mask) {
        for (int i = 0; i < SIZE; i++) {
            r[ro + i] ^= (r[ro + i] ^ a[ao + i]) & mask;
        }
    }

    static void fromAffine(long[] r, int ro, long[] a, int ao) {
        Fq.copy(r, ro, a, ao);
        Fq.copy(r, ro + 4, a, ao + 4);
        Fq.setOne(r, ro + 8);
    }

    /** Writes the affine form of p (8 longs); returns false if p is the point at infinity. */
    static boolean toAffine(long[] r, int ro, long[] p, int po) {
        if (Fq.isZero(p, po + 8) == 1) {
            return false;
        }
        long[] t = new long[8];
        Fq.inv(t, 0, p, po + 8);
        Fq.sqr(t, 4, t, 0);
        Fq.mul(r, ro, p, po, t, 4);
        Fq.mul(t, 4, t, 4, t, 0);
        Fq.mul(r, ro + 4, p, po + 4, t, 4);
        return true;
    }

    /** True if the affine point (x, y) satisfies y^2 = x^3 + 5. */
    static boolean onCurve(long[] a, int ao) {
        long[] t = new long[12];
        Fq.sqr(t, 0, a, ao);
        Fq.mul(t, 0, t, 0, a, ao);
        Fq.add(t, 0, t, 0, B, 0);
        Fq.sqr(t, 4, a, ao + 4);
        return Fq.eq(t, 0, t, 4) == 1;
    }

    /** b = 5 in Montgomery form. */
    static final long[] B = new long[4];

    static {
        Fq.toMont(B, 0, new long[] {5, 0, 0, 0}, 0);
    }
}
