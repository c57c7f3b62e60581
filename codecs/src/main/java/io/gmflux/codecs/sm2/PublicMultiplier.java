package io.gmflux.codecs.sm2;

/**
 * u1·G + u2·P for public scalars (signature verification) from two combs without doublings: G's
 * static width-8 {@link CombTable} ({@link #baseTable()}, 33 positions × 128 entries, 264 KiB,
 * built once per JVM on first use, about 6 ms) and a {@link CombTable} of P of any width
 * ({@link #keyTable}: width 8 too), so that the sum costs one mixed addition per non-zero signed
 * digit (at most 33 + 33).
 *
 * <p>Variable time, for public data only: entries are read directly by digit, zero digits are
 * skipped, and the addition branches on the point at infinity and on its doubling case. Not
 * thread-safe: each verifier owns one (scratch registers); the tables are shared read-only.
 */
final class PublicMultiplier {

    /** The width of G's table and of the per-key tables built by {@link #keyTable}. */
    static final int WIDTH = 8;

    private static final Sm2FieldP F = Sm2Curve.FP;

    /** For the rare doubling case only. */
    private final PointArithmetic pa;
    private final long[] z1z1 = new long[4];
    private final long[] u2 = new long[4];
    private final long[] s2 = new long[4];
    private final long[] h = new long[4];
    private final long[] hh = new long[4];
    private final long[] i4 = new long[4];
    private final long[] j = new long[4];
    private final long[] rr = new long[4];
    private final long[] v = new long[4];
    private final long[] t = new long[4];
    private final long[] ex = new long[4];
    private final long[] ey = new long[4];

    PublicMultiplier() {
        this(new PointArithmetic());
    }

    /** A multiplier that borrows {@code pa} (its owner's, not used concurrently) for doublings. */
    PublicMultiplier(PointArithmetic pa) {
        this.pa = pa;
    }

    /** G's width-8 table (public, shared, read-only). */
    static long[] baseTable() {
        return Base.TABLE;
    }

    /** Holds G's table until the first verification that needs it. */
    private static final class Base {
        static final long[] TABLE = CombTable.build(Sm2Curve.GX, Sm2Curve.GY, WIDTH);
    }

    /**
     * The width-8 comb of the public point (px, py), on the curve and of order n: 4224 affine entries,
     * 264 KiB, about 4,500 point operations and one shared inversion to build.
     */
    static long[] keyTable(long[] px, long[] py) {
        return CombTable.build(px, py, WIDTH);
    }

    /** r = u1·G + u2·P with {@code keyTable} a {@link CombTable} of P; u1, u2 in [0, n). */
    void mulAdd(JacobianPoint r, long[] u1, long[] u2, long[] keyTable) {
        mulAdd(r, baseTable(), u1, keyTable, u2);
    }

    /** r = a·A + b·B from {@link CombTable}s of A and B of any widths; a, b in [0, n). */
    void mulAdd(JacobianPoint r, long[] tableA, long[] a, long[] tableB, long[] b) {
        r.setInfinity();
        addComb(r, tableA, a);
        addComb(r, tableB, b);
    }

    /** r += k·P from P's comb: one mixed addition per non-zero signed digit. */
    private void addComb(JacobianPoint r, long[] table, long[] k) {
        int width = CombTable.width(table);
        for (int i = 0, rows = CombTable.rows(width); i < rows; i++) {
            int digit = CombTable.boothDigit(k, i, width);
            if (digit >>> 1 != 0) {
                addEntry(r, table, CombTable.offset(i, digit >>> 1, width), (digit & 1) != 0);
            }
        }
    }

    /**
     * r += ±(x, y), the affine entry at {@code table[o..o+8)} (y negated when {@code negative}):
     * madd-2007-bl (7M + 4S); infinity on the left and the doubling case by branches.
     */
    private void addEntry(JacobianPoint r, long[] table, int o, boolean negative) {
        System.arraycopy(table, o, ex, 0, 4);
        System.arraycopy(table, o + 4, ey, 0, 4);
        if (Sm2Curve.isZeroMask(r.z) != 0) {
            if (negative) {
                F.neg(ey, ey);
            }
            r.setAffine(ex, ey);
            return;
        }
        F.sqr(z1z1, r.z);
        F.mul(u2, ex, z1z1);
        F.mul(s2, r.z, z1z1);
        F.mul(s2, ey, s2); // S2 for +y; -S2 for -y
        F.sub(h, u2, r.x);
        if (negative) {
            F.add(rr, s2, r.y);
            F.neg(rr, rr);
        } else {
            F.sub(rr, s2, r.y);
        }
        if (Sm2Curve.isZeroMask(h) != 0) {
            if (Sm2Curve.isZeroMask(rr) != 0) { // r equals the entry: double it
                if (negative) {
                    F.neg(ey, ey);
                }
                r.setAffine(ex, ey);
                pa.twice(r, r);
            } else { // r is minus the entry
                r.setInfinity();
            }
            return;
        }
        F.add(rr, rr, rr);
        F.sqr(hh, h);
        F.add(i4, hh, hh);
        F.add(i4, i4, i4);
        F.mul(j, h, i4);
        F.mul(v, r.x, i4);
        F.add(t, r.z, h);
        F.sqr(t, t);
        F.sub(t, t, z1z1);
        F.sub(r.z, t, hh); // Z3 = (Z1 + H)^2 - Z1Z1 - HH
        F.mul(t, r.y, j);
        F.add(t, t, t); // 2 Y1 J
        F.sqr(r.x, rr);
        F.sub(r.x, r.x, j);
        F.sub(r.x, r.x, v);
        F.sub(r.x, r.x, v); // X3 = rr^2 - J - 2V
        F.sub(v, v, r.x);
        F.mul(v, rr, v);
        F.sub(r.y, v, t); // Y3 = rr (V - X3) - 2 Y1 J
    }
}
