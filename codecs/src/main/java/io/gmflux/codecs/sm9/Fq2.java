package io.gmflux.codecs.sm9;

/**
 * F_q2 = F_q[u]/(u^2 + 2) (GM/T 0044.5 §1): an element a0 + a1·u is 8 longs at an offset, a0 first
 * (the standard prints the u coefficient first; {@link Sm9Codec} handles the byte order).
 *
 * <p>Temporaries live in {@link Workspace#f2}; results may alias inputs. Branch-free and
 * allocation-free (except {@link #inv}). Stateless; thread-safe as long as each thread passes its own
 * workspace.
 */
final class Fq2 {

    static final int SIZE = 8;

    private Fq2() {
    }

    /**
     * r = a * b: {@link #mulWide} on the digits of a and b, then one Montgomery reduction per
     * coefficient ({@link Fq#redc}): 2 reductions instead of 3 and no modular additions.
     */
    static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
        long[] d = w.digits;
        long[] c = w.wide;
        Fq.digits(d, 0, a, ao);
        Fq.digits(d, 5, a, ao + 4);
        Fq.digits(d, 10, b, bo);
        Fq.digits(d, 15, b, bo + 4);
        mulWide(c, 0, d, 0, d, 10, d, 20, c, 20);
        Fq.redc(r, ro, c, 0);
        Fq.redc(r, ro + 4, c, 10);
    }

    /**
     * Unreduced a * b for a, b given as 10 digits each (a0 then a1, {@link Fq#digits} form or sums
     * and differences of such, |digit| &lt; 2^53): Karatsuba on column sums ({@link Fq#mulWide};
     * digit sums are exact), c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 = a0 b1 + a1 b0 and
     * c0 = a0 b0 - 2 a1 b1 (u^2 = -2) as 20 columns at c[co..] (c0 first), each column below 2^60 in
     * magnitude. As integers |c0|, |c1| &lt; 2·A·B for digit vectors of values below A and B. Uses
     * 10 scratch digits at s[so..] and 10 scratch columns at t[to..].
     */
    static void mulWide(long[] c, int co, long[] x, int xo, long[] y, int yo, long[] s, int so, long[] t, int to) {
        for (int i = 0; i < 5; i++) {
            s[so + i] = x[xo + i] + x[xo + 5 + i];
            s[so + 5 + i] = y[yo + i] + y[yo + 5 + i];
        }
        Fq.mulWide(c, co, x, xo, y, yo);
        Fq.mulWide(c, co + 10, x, xo + 5, y, yo + 5);
        Fq.mulWide(t, to, s, so, s, so + 5);
        for (int k = 0; k < 10; k++) {
            long p0 = c[co + k];
            long p1 = c[co + 10 + k];
            c[co + 10 + k] = t[to + k] - p0 - p1;
            c[co + k] = p0 - 2 * p1;
        }
    }

    /** r = a^2: {@link #sqrWide} and one reduction per coefficient. */
    static void sqr(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] d = w.digits;
        long[] c = w.wide;
        Fq.digits(d, 0, a, ao);
        Fq.digits(d, 5, a, ao + 4);
        sqrWide(c, 0, d, 0, d, 10);
        Fq.redc(r, ro, c, 0);
        Fq.redc(r, ro + 4, c, 10);
    }

    /**
     * Unreduced a^2 for a given as 10 digits (|digit| &lt; 2^53): c1 = 2 a0 a1 and
     * c0 = (a0 + a1)(a0 - 2 a1) + a0 a1 = a0^2 - 2 a1^2, two digit products, as 20 columns at c[co..]
     * (each below 2^61 in magnitude; as integers |c0|, |c1| &lt; 2A^2 for a value below A). Uses 10
     * scratch digits at s[so..].
     */
    static void sqrWide(long[] c, int co, long[] x, int xo, long[] s, int so) {
        for (int i = 0; i < 5; i++) {
            long x0 = x[xo + i];
            long x1 = x[xo + 5 + i];
            s[so + i] = x0 + x1;
            s[so + 5 + i] = x0 - 2 * x1;
        }
        Fq.mulWide(c, co + 10, x, xo, x, xo + 5);
        Fq.mulWide(c, co, s, so, s, so + 5);
        for (int k = 0; k < 10; k++) {
            long p = c[co + 10 + k];
            c[co + k] += p;
            c[co + 10 + k] = 2 * p;
        }
    }


    static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fq.add(r, ro, a, ao, b, bo);
        Fq.add(r, ro + 4, a, ao + 4, b, bo + 4);
    }

    static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fq.sub(r, ro, a, ao, b, bo);
        Fq.sub(r, ro + 4, a, ao + 4, b, bo + 4);
    }

    static void dbl(long[] r, int ro, long[] a, int ao) {
        Fq.dbl(r, ro, a, ao);
        Fq.dbl(r, ro + 4, a, ao + 4);
    }

    static void neg(long[] r, int ro, long[] a, int ao) {
        Fq.neg(r, ro, a, ao);
        Fq.neg(r, ro + 4, a, ao + 4);
    }

    /** r = conjugate of a = a^q = a0 - a1 u. */
    static void conj(long[] r, int ro, long[] a, int ao) {
        Fq.copy(r, ro, a, ao);
        Fq.neg(r, ro + 4, a, ao + 4);
    }

    /** r = a * u = -2 a1 + a0 u. */
    static void mulU(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] t = w.f2;
        Fq.dbl(t, 0, a, ao + 4);
        Fq.copy(r, ro + 4, a, ao);
        Fq.neg(r, ro, t, 0);
    }

    /** r = a * s for s in F_q. */
    static void mulFq(long[] r, int ro, long[] a, int ao, long[] s, int so) {
        Fq.mul(r, ro, a, ao, s, so);
        Fq.mul(r, ro + 4, a, ao + 4, s, so);
    }

    static void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, SIZE);
    }

    static void setOne(long[] r, int ro) {
        Fq.setOne(r, ro);
        Fq.setZero(r, ro + 4);
    }

    static long isZero(long[] a, int ao) {
        return Fq.isZero(a, ao) & Fq.isZero(a, ao + 4);
    }

    static long eq(long[] a, int ao, long[] b, int bo) {
        return Fq.eq(a, ao, b, bo) & Fq.eq(a, ao + 4, b, bo + 4);
    }

    static void cmov(long[] r, int ro, long[] a, int ao, long mask) {
        Fq.cmov(r, ro, a, ao, mask);
        Fq.cmov(r, ro + 4, a, ao + 4, mask);
    }

    /** r = a^-1 = (a0 - a1 u) / (a0^2 + 2 a1^2). */
    static void inv(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] t = w.f2;
        Fq.sqr(t, 0, a, ao);
        Fq.sqr(t, 4, a, ao + 4);
        Fq.dbl(t, 4, t, 4);
        Fq.add(t, 0, t, 0, t, 4);
        Fq.inv(t, 0, t, 0);
        Fq.mul(r, ro, a, ao, t, 0);
        Fq.mul(t, 4, a, ao + 4, t, 0);
        Fq.neg(r, ro + 4, t, 4);
    }
}
