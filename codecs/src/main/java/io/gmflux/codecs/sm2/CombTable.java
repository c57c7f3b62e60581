package io.gmflux.codecs.sm2;

/**
 * Fixed-base tables for k·P: for each of the 64 base-16 digit positions i and each digit d in
 * 1..15, the affine point d·16^i·P (Montgomery form), 8 longs (x then y) per entry, 64 × 15
 * entries (60 KiB). {@link #BASE} is the table of G, built once when first used; tables of other
 * points back {@link Sm2PreparedPublicKey}. Tables hold public data only and are read-only after
 * construction, so they are safe to share between threads.
 */
final class CombTable {

    static final int ENTRIES = 64 * 15;

    /** The table of the base point G. */
    static final long[] BASE = build(Sm2Curve.GX_MONT, Sm2Curve.GY_MONT);

    private CombTable() {
    }

    /**
     * The table of the affine point (px, py) (Montgomery form, on the curve, of order n): 256
     * doublings and 896 additions in Jacobian coordinates, then one shared inversion (Montgomery's
     * trick) to make all 960 entries affine.
     */
    static long[] build(long[] px, long[] py) {
        PointArithmetic pa = new PointArithmetic();
        JacobianPoint[] points = new JacobianPoint[ENTRIES];
        JacobianPoint base = new JacobianPoint();
        base.setAffine(px, py);
        for (int i = 0; i < 64; i++) {
            for (int d = 1; d <= 15; d++) {
                JacobianPoint e = new JacobianPoint();
                if (d == 1) {
                    e.set(base);
                } else if (d == 2) {
                    pa.twice(e, base);
                } else {
                    pa.add(e, points[i * 15 + d - 2], base); // (d-1)P + P with d-1 >= 2: never the doubling case
                }
                points[i * 15 + d - 1] = e;
            }
            for (int j = 0; j < 4; j++) {
                pa.twice(base, base);
            }
        }
        return toAffine(points, pa);
    }

    /**
     * The affine coordinates (Montgomery form, x then y, 8 longs per point) of Jacobian points none
     * of which is the point at infinity, with one shared inversion (Montgomery's trick).
     */
    static long[] toAffine(JacobianPoint[] points, PointArithmetic pa) {
        Montgomery256 f = Sm2Curve.FP;
        int count = points.length;
        long[][] prefix = new long[count][4];
        System.arraycopy(points[0].z, 0, prefix[0], 0, 4);
        for (int i = 1; i < count; i++) {
            f.mul(prefix[i], prefix[i - 1], points[i].z);
        }
        long[] inv = new long[4];
        pa.invert(inv, prefix[count - 1]);
        long[] zInv = new long[4];
        long[] zInv2 = new long[4];
        long[] t = new long[4];
        long[] table = new long[count * 8];
        for (int i = count - 1; i >= 0; i--) {
            if (i > 0) {
                f.mul(zInv, inv, prefix[i - 1]);
                f.mul(inv, inv, points[i].z);
            } else {
                System.arraycopy(inv, 0, zInv, 0, 4);
            }
            f.sqr(zInv2, zInv);
            f.mul(t, points[i].x, zInv2);
            System.arraycopy(t, 0, table, i * 8, 4);
            f.mul(zInv2, zInv2, zInv);
            f.mul(t, points[i].y, zInv2);
            System.arraycopy(t, 0, table, i * 8 + 4, 4);
        }
        return table;
    }
}
