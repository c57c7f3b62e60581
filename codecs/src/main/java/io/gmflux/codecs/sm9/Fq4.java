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

    /** r = a * b = (ax bx + ay by u) + ((ax + ay)(bx + by) - ax bx - ay by) v. */
    static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
        long[] t = w.f4;
        Fq2.mul(t, 0, a, ao, b, bo, w);
        Fq2.mul(t, 8, a, ao + 8, b, bo + 8, w);
        Fq2.add(t, 16, a, ao, a, ao + 8);
        Fq2.add(t, 24, b, bo, b, bo + 8);
        Fq2.mul(t, 16, t, 16, t, 24, w);
        Fq2.sub(t, 16, t, 16, t, 0);
        Fq2.sub(r, ro + 8, t, 16, t, 8);
        Fq2.mulU(t, 8, t, 8, w);
        Fq2.add(r, ro, t, 0, t, 8);
    }

    /** r = a^2 = (x^2 + y^2 u) + 2xy v. */
    static void sqr(long[] r, int ro, long[] a, int ao, Workspace w) {
        long[] t = w.f4;
        Fq2.sqr(t, 0, a, ao, w);
        Fq2.sqr(t, 8, a, ao + 8, w);
        Fq2.mul(t, 16, a, ao, a, ao + 8, w);
        Fq2.dbl(r, ro + 8, t, 16);
        Fq2.mulU(t, 8, t, 8, w);
        Fq2.add(r, ro, t, 0, t, 8);
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

    static void neg(long[] r, int ro, long[] a, int ao) {
        Fq2.neg(r, ro, a, ao);
        Fq2.neg(r, ro + 8, a, ao + 8);
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

    static void copy(long[] r, int ro, long[] a, int ao) {
        System.arraycopy(a, ao, r, ro, SIZE);
    }

    static void setZero(long[] r, int ro) {
        java.util.Arrays.fill(r, ro, ro + SIZE, 0L);
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
