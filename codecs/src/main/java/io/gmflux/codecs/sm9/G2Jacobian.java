package io.gmflux.codecs.sm9;

/**
 * Group law of G2, the order-N subgroup of the twist E'(F_q2): y^2 = x^3 + 5u (GM/T 0044.5 §1), in
 * Jacobian coordinates: a point is 24 longs at an offset (X, Y, Z in {@link Fq2}); Z = 0 is the
 * point at infinity. An affine point is 16 longs (x, y).
 *
 * <p>{@link #dbl} and {@link #add} are branch-free and handle infinity by masked selection but not
 * P == Q (never met by the scalar-multiplication schedule of {@link GroupExponentiation});
 * {@link #addPublic} handles every case with branches and is for public points only. Temporaries
 * live in {@link Workspace#pt}.
 */
final class G2Jacobian {

    static final int SIZE = 24;

    /** 5u in Montgomery form (the twist's b). */
    static final long[] B = new long[Fq2.SIZE];

    static {
        Fq.copy(B, 4, G1Jacobian.B, 0);
    }

    private G2Jacobian() {
    }

    /** r = 2p (dbl-2009-l; a = 0). Infinity maps to infinity. */
    static void dbl(long[] r, int ro, long[] p, int po, Workspace w) {
        long[] t = w.pt;
        Fq2.sqr(t, 0, p, po, w);                 // A = X^2
        Fq2.sqr(t, 8, p, po + 8, w);             // B = Y^2
        Fq2.sqr(t, 16, t, 8, w);                  // C = B^2
        Fq2.add(t, 24, p, po, t, 8);
        Fq2.sqr(t, 24, t, 24, w);
        Fq2.sub(t, 24, t, 24, t, 0);
        Fq2.sub(t, 24, t, 24, t, 16);
        Fq2.dbl(t, 24, t, 24);                // D = 2((X + B)^2 - A - C)
        Fq2.dbl(t, 32, t, 0);
        Fq2.add(t, 32, t, 32, t, 0);          // E = 3A
        Fq2.sqr(t, 40, t, 32, w);                // F = E^2
        Fq2.mul(t, 48, p, po + 8, p, po + 16, w);
        Fq2.dbl(r, ro + 16, t, 48);            // Z3 = 2YZ
        Fq2.dbl(t, 48, t, 24);
        Fq2.sub(r, ro, t, 40, t, 48);         // X3 = F - 2D
        Fq2.sub(t, 48, t, 24, r, ro);
        Fq2.mul(t, 48, t, 48, t, 32, w);
        Fq2.dbl(t, 16, t, 16);
        Fq2.dbl(t, 16, t, 16);
        Fq2.dbl(t, 16, t, 16);
        Fq2.sub(r, ro + 8, t, 48, t, 16);      // Y3 = E(D - X3) - 8C
    }

    /** r = p + q (add-2007-bl), infinity handled by mask; p != ±q unless one is infinity. */
    static void add(long[] r, int ro, long[] p, int po, long[] q, int qo, Workspace w) {
        long[] t = w.pt;
        // r may alias p or q: keep both for the masked selection at the end.
        System.arraycopy(p, po, t, 200, SIZE);
        System.arraycopy(q, qo, t, 224, SIZE);
        Fq2.sqr(t, 0, p, po + 16, w);             // Z1Z1
        Fq2.sqr(t, 8, q, qo + 16, w);             // Z2Z2
        Fq2.mul(t, 16, p, po, t, 8, w);           // U1 = X1 Z2Z2
        Fq2.mul(t, 24, q, qo, t, 0, w);          // U2 = X2 Z1Z1
        Fq2.mul(t, 32, p, po + 8, q, qo + 16, w);
        Fq2.mul(t, 32, t, 32, t, 8, w);          // S1 = Y1 Z2 Z2Z2
        Fq2.mul(t, 40, q, qo + 8, p, po + 16, w);
        Fq2.mul(t, 40, t, 40, t, 0, w);          // S2 = Y2 Z1 Z1Z1
        Fq2.add(t, 48, p, po + 16, q, qo + 16);
        Fq2.sqr(t, 48, t, 48, w);
        Fq2.sub(t, 48, t, 48, t, 0);
        Fq2.sub(t, 48, t, 48, t, 8);          // (Z1 + Z2)^2 - Z1Z1 - Z2Z2 = 2 Z1 Z2
        finishAdd(r, ro, p, po, q, qo, 24, w);
        long pInf = -Fq2.isZero(t, 216);
        long qInf = -Fq2.isZero(t, 240);
        cmov(r, ro, t, 224, pInf);
        cmov(r, ro, t, 200, qInf & ~pInf);
    }

    /**
     * Shared tail of {@link #add}: with U1 at t[16], U2 at t[u2], S1 at t[32], S2 at t[40] and 2 Z1 Z2
     * at t[48], writes X3, Y3, Z3 = 2 Z1 Z2 H.
     */
    private static void finishAdd(long[] r, int ro, long[] p, int po, long[] q, int qo, int u2, Workspace w) {
        long[] t = w.pt;
        Fq2.sub(t, 56, t, u2, t, 16);          // H = U2 - U1
        Fq2.dbl(t, 64, t, 56);
        Fq2.sqr(t, 64, t, 64, w);                // I = (2H)^2
        Fq2.mul(t, 72, t, 56, t, 64, w);         // J = H I
        Fq2.sub(t, 80, t, 40, t, 32);
        Fq2.dbl(t, 80, t, 80);                // rr = 2(S2 - S1)
        Fq2.mul(t, 88, t, 16, t, 64, w);          // V = U1 I
        Fq2.mul(r, ro + 16, t, 48, t, 56, w);     // Z3
        Fq2.sqr(t, 0, t, 80, w);
        Fq2.sub(t, 0, t, 0, t, 72);
        Fq2.dbl(t, 8, t, 88);
        Fq2.sub(r, ro, t, 0, t, 8);           // X3 = rr^2 - J - 2V
        Fq2.sub(t, 8, t, 88, r, ro);
        Fq2.mul(t, 8, t, 8, t, 80, w);
        Fq2.mul(t, 0, t, 32, t, 72, w);
        Fq2.dbl(t, 0, t, 0);
        Fq2.sub(r, ro + 8, t, 8, t, 0);       // Y3 = rr(V - X3) - 2 S1 J
    }

    /** r = p + q for public points, every case (equal, opposite, infinity) handled with branches. */
    static void addPublic(long[] r, int ro, long[] p, int po, long[] q, int qo, Workspace w) {
        if (Fq2.isZero(p, po + 16) == 1) {
            System.arraycopy(q, qo, r, ro, SIZE);
            return;
        }
        if (Fq2.isZero(q, qo + 16) == 1) {
            System.arraycopy(p, po, r, ro, SIZE);
            return;
        }
        long[] t = new long[48];
        // Compare affine images: X1 Z2^2 == X2 Z1^2, Y1 Z2^3 == Y2 Z1^3.
        Fq2.sqr(t, 0, p, po + 16, w);
        Fq2.sqr(t, 8, q, qo + 16, w);
        Fq2.mul(t, 16, p, po, t, 8, w);
        Fq2.mul(t, 24, q, qo, t, 0, w);
        if (Fq2.eq(t, 16, t, 24) == 1) {
            Fq2.mul(t, 8, t, 8, q, qo + 16, w);
            Fq2.mul(t, 0, t, 0, p, po + 16, w);
            Fq2.mul(t, 32, p, po + 8, t, 8, w);
            Fq2.mul(t, 40, q, qo + 8, t, 0, w);
            if (Fq2.eq(t, 32, t, 40) == 1) {
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
        Fq2.copy(r, ro, a, ao);
        Fq2.copy(r, ro + 8, a, ao + 8);
        Fq2.setOne(r, ro + 16);
    }


    /** Writes the affine form of p (16 longs); returns false if p is the point at infinity. */
    static boolean toAffine(long[] r, int ro, long[] p, int po, Workspace w) {
        if (Fq2.isZero(p, po + 16) == 1) {
            return false;
        }
        long[] t = new long[16];
        Fq2.inv(t, 0, p, po + 16, w);
        Fq2.sqr(t, 8, t, 0, w);
        Fq2.mul(r, ro, p, po, t, 8, w);
        Fq2.mul(t, 8, t, 8, t, 0, w);
        Fq2.mul(r, ro + 8, p, po + 8, t, 8, w);
        return true;
    }

    /** True if the affine point (x, y) satisfies y^2 = x^3 + 5u. */
    static boolean onCurve(long[] a, int ao, Workspace w) {
        long[] t = new long[16];
        Fq2.sqr(t, 0, a, ao, w);
        Fq2.mul(t, 0, t, 0, a, ao, w);
        Fq2.add(t, 0, t, 0, B, 0);
        Fq2.sqr(t, 8, a, ao + 8, w);
        return Fq2.eq(t, 0, t, 8) == 1;
    }

    static boolean isInfinity(long[] p, int po) {
        return Fq2.isZero(p, po + 16) == 1;
    }
}
