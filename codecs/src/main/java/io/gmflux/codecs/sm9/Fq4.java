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
     * r = a * b = (ax bx + ay by u) + ((ax + ay)(bx + by) - ax bx - ay by) v on unreduced products:
     * three {@link Fq2#mulWide} (9 digit products), the combinations on column sums, and one
     * Montgomery reduction per output coefficient (4 instead of 6, no modular additions). Bounds:
     * for reduced inputs each output coefficient, as an integer, lies within ±6q^2 (ax bx + u ay by:
     * c0 = (ax bx)_0 - 2 (ay by)_1 in (-6q^2, q^2)), inside {@link Fq#redc}'s range; digits of
     * ax + ay stay below 2^53 and columns below 2^62.
     */
    static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
        long[] d = w.digits;
        long[] c = w.wide;
        for (int i = 0; i < 4; i++) {
            Fq.digits(d, 5 * i, a, ao + 4 * i);
            Fq.digits(d, 20 + 5 * i, b, bo + 4 * i);
        }
        for (int i = 0; i < 10; i++) {
            d[40 + i] = d[i] + d[10 + i];
            d[50 + i] = d[20 + i] + d[30 + i];
        }
        Fq2.mulWide(c, 0, d, 0, d, 20, d, 60, c, 60);      // A = ax bx
        Fq2.mulWide(c, 20, d, 10, d, 30, d, 60, c, 60);    // B = ay by
        Fq2.mulWide(c, 40, d, 40, d, 50, d, 60, c, 60);    // C = (ax + ay)(bx + by)
        for (int k = 0; k < 10; k++) {
            long a0 = c[k];
            long a1 = c[10 + k];
            long b0 = c[20 + k];
            long b1 = c[30 + k];
            c[40 + k] -= a0 + b0;
            c[50 + k] -= a1 + b1;
            c[k] = a0 - 2 * b1;                             // u (b0 + b1 u) = -2 b1 + b0 u
            c[10 + k] = a1 + b0;
        }
        Fq.redc(r, ro, c, 0);
        Fq.redc(r, ro + 4, c, 10);
        Fq.redc(r, ro + 8, c, 40);
        Fq.redc(r, ro + 12, c, 50);
    }

    /**
     * r = a^2 = (x^2 + y^2 u) + ((x + y)^2 - x^2 - y^2) v on unreduced squares: three
     * {@link Fq2#sqrWide} (6 digit products) and 4 reductions, no modular additions. Output
     * coefficients lie within ±8q^2 as integers, columns below 2^62.
     */
    static void sqr(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] d = w.digits;
        long[] c = w.wide;
        for (int i = 0; i < 4; i++) {
            Fq.digits(d, 5 * i, a, ao + 4 * i);
        }
        for (int i = 0; i < 10; i++) {
            d[20 + i] = d[i] + d[10 + i];
        }
        Fq2.sqrWide(c, 0, d, 0, d, 30);       // X = x^2
        Fq2.sqrWide(c, 20, d, 10, d, 30);     // Y = y^2
        Fq2.sqrWide(c, 40, d, 20, d, 30);     // S = (x + y)^2
        for (int k = 0; k < 10; k++) {
            long x0 = c[k];
            long x1 = c[10 + k];
            long y0 = c[20 + k];
            long y1 = c[30 + k];
            c[40 + k] -= x0 + y0;
            c[50 + k] -= x1 + y1;
            c[k] = x0 - 2 * y1;                // u (y0 + y1 u) = -2 y1 + y0 u
            c[10 + k] = x1 + y0;
        }
        Fq.redc(r, ro, c, 0);
        Fq.redc(r, ro + 4, c, 10);
        Fq.redc(r, ro + 8, c, 40);
        Fq.redc(r, ro + 12, c, 50);
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
