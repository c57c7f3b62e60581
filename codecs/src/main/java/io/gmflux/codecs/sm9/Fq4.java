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
     * {@link Fq2#mulWide}; digits below 2^52 in magnitude, as {@link Fq#digits} writes them): Karatsuba
     * over F_q2 (A = ax bx, B = ay by, C = (ax + ay)(bx + by)) and within each F_q2 product, so nine
     * {@link Fq#mulWide}, all written to scratch first and combined in one pass over the columns
     * (A, B, C and the output from the same nine columns: 9 loads and 4 stores per column instead of
     * two rounds of intermediate stores) into 40 columns at c[co..] (x.c0, x.c1, y.c0, y.c1), each
     * below 2^61 in magnitude. Uses 50 scratch digits at s[so..] and 90 scratch columns at t[to..].
     */
    static void mulWide(long[] c, int co, long[] x, int xo, long[] y, int yo, long[] s, int so, long[] t, int to) {
        for (int i = 0; i < 5; i++) {
            long ax0 = x[xo + i];
            long ax1 = x[xo + 5 + i];
            long ay0 = x[xo + 10 + i];
            long ay1 = x[xo + 15 + i];
            long bx0 = y[yo + i];
            long bx1 = y[yo + 5 + i];
            long by0 = y[yo + 10 + i];
            long by1 = y[yo + 15 + i];
            long cx0 = ax0 + ay0;
            long cx1 = ax1 + ay1;
            long cy0 = bx0 + by0;
            long cy1 = bx1 + by1;
            s[so + i] = ax0 + ax1;
            s[so + 5 + i] = bx0 + bx1;
            s[so + 10 + i] = ay0 + ay1;
            s[so + 15 + i] = by0 + by1;
            s[so + 20 + i] = cx0;
            s[so + 25 + i] = cx1;
            s[so + 30 + i] = cy0;
            s[so + 35 + i] = cy1;
            s[so + 40 + i] = cx0 + cx1;
            s[so + 45 + i] = cy0 + cy1;
        }
        Fq.mulWide(t, to, x, xo, y, yo);                  // ax0 bx0
        Fq.mulWide(t, to + 10, x, xo + 5, y, yo + 5);     // ax1 bx1
        Fq.mulWide(t, to + 20, s, so, s, so + 5);         // (ax0 + ax1)(bx0 + bx1)
        Fq.mulWide(t, to + 30, x, xo + 10, y, yo + 10);   // ay0 by0
        Fq.mulWide(t, to + 40, x, xo + 15, y, yo + 15);   // ay1 by1
        Fq.mulWide(t, to + 50, s, so + 10, s, so + 15);   // (ay0 + ay1)(by0 + by1)
        Fq.mulWide(t, to + 60, s, so + 20, s, so + 30);   // cx0 cy0
        Fq.mulWide(t, to + 70, s, so + 25, s, so + 35);   // cx1 cy1
        Fq.mulWide(t, to + 80, s, so + 40, s, so + 45);   // (cx0 + cx1)(cy0 + cy1)
        for (int k = 0; k < 10; k++) {
            long a00 = t[to + k];
            long a11 = t[to + 10 + k];
            long b00 = t[to + 30 + k];
            long b11 = t[to + 40 + k];
            long c00 = t[to + 60 + k];
            long c11 = t[to + 70 + k];
            long a0 = a00 - 2 * a11;                         // u^2 = -2
            long a1 = t[to + 20 + k] - a00 - a11;
            long b0 = b00 - 2 * b11;
            long b1 = t[to + 50 + k] - b00 - b11;
            long c0 = c00 - 2 * c11;
            long c1 = t[to + 80 + k] - c00 - c11;
            c[co + k] = a0 - 2 * b1;                          // A + u B, u (b0 + b1 u) = -2 b1 + b0 u
            c[co + 10 + k] = a1 + b0;
            c[co + 20 + k] = c0 - a0 - b0;                    // C - A - B
            c[co + 30 + k] = c1 - a1 - b1;
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
     * {@link Fq#redc}'s ±20q^2) and the tripled columns below 2^62.
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
     * Unreduced a^2 for a given as 20 digits (|digit| &lt; 2^53): X = x^2, Y = y^2, S = (x + y)^2,
     * each F_q2 square as (z0 + z1)(z0 - 2 z1) + z0 z1 and 2 z0 z1, so six {@link Fq#mulWide} written
     * to scratch and combined in one pass into 40 columns at c[co..] (x.c0, x.c1, y.c0, y.c1):
     * X + u Y and S - X - Y. Columns below 2^60 in magnitude. Uses 40 scratch digits at s[so..] and
     * 60 scratch columns at t[to..].
     */
    static void sqrWide(long[] c, int co, long[] x, int xo, long[] s, int so, long[] t, int to) {
        for (int i = 0; i < 5; i++) {
            long x0 = x[xo + i];
            long x1 = x[xo + 5 + i];
            long y0 = x[xo + 10 + i];
            long y1 = x[xo + 15 + i];
            long s0 = x0 + y0;
            long s1 = x1 + y1;
            s[so + i] = x0 + x1;
            s[so + 5 + i] = x0 - 2 * x1;
            s[so + 10 + i] = y0 + y1;
            s[so + 15 + i] = y0 - 2 * y1;
            s[so + 20 + i] = s0;
            s[so + 25 + i] = s1;
            s[so + 30 + i] = s0 + s1;
            s[so + 35 + i] = s0 - 2 * s1;
        }
        Fq.mulWide(t, to, x, xo, x, xo + 5);               // x0 x1
        Fq.mulWide(t, to + 10, s, so, s, so + 5);          // (x0 + x1)(x0 - 2 x1)
        Fq.mulWide(t, to + 20, x, xo + 10, x, xo + 15);    // y0 y1
        Fq.mulWide(t, to + 30, s, so + 10, s, so + 15);
        Fq.mulWide(t, to + 40, s, so + 20, s, so + 25);    // s0 s1
        Fq.mulWide(t, to + 50, s, so + 30, s, so + 35);
        for (int k = 0; k < 10; k++) {
            long px = t[to + k];
            long py = t[to + 20 + k];
            long ps = t[to + 40 + k];
            long x0 = t[to + 10 + k] + px;                 // x^2 = (x0^2 - 2 x1^2) + 2 x0 x1 u
            long x1 = 2 * px;
            long y0 = t[to + 30 + k] + py;
            long y1 = 2 * py;
            c[co + k] = x0 - 2 * y1;                       // u (y0 + y1 u) = -2 y1 + y0 u
            c[co + 10 + k] = x1 + y0;
            c[co + 20 + k] = t[to + 50 + k] + ps - x0 - y0;
            c[co + 30 + k] = 2 * ps - x1 - y1;
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
