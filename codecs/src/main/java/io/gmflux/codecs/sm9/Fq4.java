package io.gmflux.codecs.sm9;

/**
 * F_q4 = F_q2[v]/(v^2 - u) (GM/T 0044.5 §1): an element x + y·v is 16 longs at an offset, x first.
 *
 * <p>Temporaries live in {@link Workspace#f4}; results may alias inputs. Branch-free and
 * allocation-free (except {@link #inv}).
 */
final class Fq4 {

    static final int SIZE = 16;

    private Fq4() {
    }

    /**
     * r = a * b = (ax bx + ay by u) + ((ax + ay)(bx + by) - ax bx - ay by) v on unreduced products
     * ({@link #mulWide}) and one Montgomery reduction per output coefficient (4 instead of 6, no
     * modular additions). For reduced inputs each output coefficient lies within ±6q^2 as an
     * integer (c0 = (ax bx)_0 - 2 (ay by)_1 in (-6q^2, q^2)), inside {@link Fq#redc}'s range.
     */
    static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
        long[] d = w.digits;
        long[] c = w.wide;
        for (int i = 0; i < 4; i++) {
            Fq.digits(d, 5 * i, a, ao + 4 * i);
            Fq.digits(d, 20 + 5 * i, b, bo + 4 * i);
        }
        mulWide(c, 0, d, 0, d, 20, d, 40, c, 40);
        for (int i = 0; i < 4; i++) {
            Fq.redc(r, ro + 4 * i, c, 10 * i);
        }
    }

    /**
     * Unreduced a * b for a, b given as 20 digits each (x then y, each 10 digits as in
     * {@link Fq2#mulWide}; digits below 2^52 in magnitude, as {@link Fq#digits} writes them): three
     * {@link Fq2#mulWide} (9 digit products) combined on column sums into 40 columns at c[co..]
     * (x.c0, x.c1, y.c0, y.c1), each below 2^62 in magnitude. Uses 30 scratch digits at s[so..] and
     * 30 scratch columns at t[to..].
     */
    static void mulWide(long[] c, int co, long[] x, int xo, long[] y, int yo, long[] s, int so, long[] t, int to) {
        for (int i = 0; i < 10; i++) {
            s[so + i] = x[xo + i] + x[xo + 10 + i];
            s[so + 10 + i] = y[yo + i] + y[yo + 10 + i];
        }
        Fq2.mulWide(c, co, x, xo, y, yo, s, so + 20, t, to + 20);            // A = ax bx
        Fq2.mulWide(c, co + 20, x, xo + 10, y, yo + 10, s, so + 20, t, to + 20); // B = ay by
        Fq2.mulWide(t, to, s, so, s, so + 10, s, so + 20, t, to + 20);       // C = (ax + ay)(bx + by)
        for (int k = 0; k < 10; k++) {
            long a0 = c[co + k];
            long a1 = c[co + 10 + k];
            long b0 = c[co + 20 + k];
            long b1 = c[co + 30 + k];
            c[co + k] = a0 - 2 * b1;                            // u (b0 + b1 u) = -2 b1 + b0 u
            c[co + 10 + k] = a1 + b0;
            c[co + 20 + k] = t[to + k] - a0 - b0;
            c[co + 30 + k] = t[to + 10 + k] - a1 - b1;
        }
    }

    /**
     * r = a^2 = (x^2 + y^2 u) + ((x + y)^2 - x^2 - y^2) v on unreduced squares ({@link #sqrWide})
     * and 4 reductions, no modular additions. Output coefficients lie within ±6q^2 as integers.
     */
    static void sqr(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] d = w.digits;
        long[] c = w.wide;
        for (int i = 0; i < 4; i++) {
            Fq.digits(d, 5 * i, a, ao + 4 * i);
        }
        sqrWide(c, 0, d, 0, d, 20, c, 40);
        for (int i = 0; i < 4; i++) {
            Fq.redc(r, ro + 4 * i, c, 10 * i);
        }
    }

    /**
     * r = 3a^2: {@link #sqr} with the column sums tripled before the reductions (the squarings of the
     * cyclotomic subgroup need 3a^2; tripling 40 columns costs less than two modular additions per
     * coefficient). For reduced a the tripled coefficients lie within ±18q^2 as integers (inside
     * {@link Fq#redc}'s ±20q^2) and the columns below 2^61.
     */
    static void sqrTimes3(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] d = w.digits;
        long[] c = w.wide;
        for (int i = 0; i < 4; i++) {
            Fq.digits(d, 5 * i, a, ao + 4 * i);
        }
        sqrWide(c, 0, d, 0, d, 20, c, 40);
        for (int k = 0; k < 40; k++) {
            c[k] *= 3;
        }
        for (int i = 0; i < 4; i++) {
            Fq.redc(r, ro + 4 * i, c, 10 * i);
        }
    }

    /**
     * Unreduced a^2 for a given as 20 digits (|digit| &lt; 2^53): three {@link Fq2#sqrWide} (6 digit
     * products) combined into 40 columns at c[co..] (x.c0, x.c1, y.c0, y.c1), each below 2^62 in
     * magnitude. Uses 20 scratch digits at s[so..] and 20 scratch columns at t[to..].
     */
    static void sqrWide(long[] c, int co, long[] x, int xo, long[] s, int so, long[] t, int to) {
        for (int i = 0; i < 10; i++) {
            s[so + i] = x[xo + i] + x[xo + 10 + i];
        }
        Fq2.sqrWide(c, co, x, xo, s, so + 10);          // X = x^2
        Fq2.sqrWide(c, co + 20, x, xo + 10, s, so + 10); // Y = y^2
        Fq2.sqrWide(t, to, s, so, s, so + 10);          // S = (x + y)^2
        for (int k = 0; k < 10; k++) {
            long x0 = c[co + k];
            long x1 = c[co + 10 + k];
            long y0 = c[co + 20 + k];
            long y1 = c[co + 30 + k];
            c[co + k] = x0 - 2 * y1;                     // u (y0 + y1 u) = -2 y1 + y0 u
            c[co + 10 + k] = x1 + y0;
            c[co + 20 + k] = t[to + k] - x0 - y0;
            c[co + 30 + k] = t[to + 10 + k] - x1 - y1;
        }
    }



    static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fq2.add(r, ro, a, ao, b, bo);
        Fq2.add(r, ro + 8, a, ao + 8, b, bo + 8);
    }

    static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Fq2.sub(r, ro, a, ao, b, bo);
        Fq2.sub(r, ro + 8, a, ao + 8, b, bo + 8);
    }

    static void dbl(long[] r, int ro, long[] a, int ao) {
        Fq2.dbl(r, ro, a, ao);
        Fq2.dbl(r, ro + 8, a, ao + 8);
    }

    /** r = a * v = y u + x v. */
    static void mulV(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] t = w.f4;
        Fq2.mulU(t, 0, a, ao + 8, w);
        Fq2.copy(r, ro + 8, a, ao);
        Fq2.copy(r, ro, t, 0);
    }

    /** r = a * s for s in F_q2. */
    static void mulFq2(long[] r, int ro, long[] a, int ao, long[] s, int so, Workspace w) {
        Fq2.mul(r, ro, a, ao, s, so, w);
        Fq2.mul(r, ro + 8, a, ao + 8, s, so, w);
    }

    /** r = a * s for s in F_q. */
    static void mulFq(long[] r, int ro, long[] a, int ao, long[] s, int so) {
        Fq2.mulFq(r, ro, a, ao, s, so);
        Fq2.mulFq(r, ro + 8, a, ao + 8, s, so);
    }

    static void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, SIZE);
    }

    /** r = a^-1 = (x - y v) / (x^2 - y^2 u). */
    static void inv(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] t = w.f4;
        Fq2.sqr(t, 0, a, ao, w);
        Fq2.sqr(t, 8, a, ao + 8, w);
        Fq2.mulU(t, 8, t, 8, w);
        Fq2.sub(t, 0, t, 0, t, 8);
        Fq2.inv(t, 0, t, 0, w);
        Fq2.mul(r, ro, a, ao, t, 0, w);
        Fq2.mul(t, 8, a, ao + 8, t, 0, w);
        Fq2.neg(r, ro + 8, t, 8);
    }
}
