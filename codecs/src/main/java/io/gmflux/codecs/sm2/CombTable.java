package io.gmflux.codecs.sm2;

/**
 * Fixed-base tables for k·P with signed 5-bit digits (Booth recoding): for each of the 52 digit
 * positions i and each magnitude d in 1..16, the affine point d·32^i·P (Montgomery form), 8 longs
 * (x then y) per entry, 52 × 16 entries (52 KiB). A negative digit uses the entry with y negated, so
 * k·P costs 52 mixed additions (against 64 with unsigned 4-bit digits and a 60 KiB table).
 * {@link #BASE} is the table of G, built once when first used; tables of other points back
 * {@link Sm2PreparedPublicKey}. Tables hold public data only and are read-only after construction,
 * so they are safe to share between threads.
 */
final class CombTable {

    /** Digit positions: 52 × 5 = 260 bits cover a 256-bit scalar and the recoding's final carry. */
    static final int ROWS = 52;
    /** Magnitudes 1..16 per position. */
    static final int PER_ROW = 16;
    static final int ENTRIES = ROWS * PER_ROW;

    /** The table of the base point G. */
    static final long[] BASE = build(Sm2Curve.GX_MONT, Sm2Curve.GY_MONT);

    private CombTable() {
    }

    /** Offset in a table of the entry d·32^row·P, d in 1..16. */
    static int offset(int row, int d) {
        return (row * PER_ROW + d - 1) * 8;
    }

    /**
     * The table of the affine point (px, py) (Montgomery form, on the curve, of order n): 255
     * doublings and 780 additions in Jacobian coordinates, then one shared inversion (Montgomery's
     * trick) to make all 832 entries affine.
     */
    static long[] build(long[] px, long[] py) {
        PointArithmetic pa = new PointArithmetic();
        JacobianPoint[] points = new JacobianPoint[ENTRIES];
        JacobianPoint base = new JacobianPoint();
        base.setAffine(px, py);
        for (int i = 0; i < ROWS; i++) {
            for (int d = 1; d <= PER_ROW; d++) {
                JacobianPoint e = new JacobianPoint();
                if (d == 1) {
                    e.set(base);
                } else if (d == 2) {
                    pa.twice(e, base);
                } else {
                    pa.add(e, points[i * PER_ROW + d - 2], base); // (d-1)P + P with d-1 >= 2: never the doubling case
                }
                points[i * PER_ROW + d - 1] = e;
            }
            if (i + 1 < ROWS) {
                for (int j = 0; j < 5; j++) {
                    pa.twice(base, base);
                }
            }
        }
        return toAffine(points, pa);
    }

    /**
     * The signed digit of position i (0..51) of the scalar k (public index, secret value), Booth
     * recoded from the six bits 5i-1 .. 5i+4 (bit -1 and bits above 255 are 0): returns
     * {@code magnitude << 1 | sign} with magnitude in 0..16 and sign 1 for a negative digit.
     * Branch-free (the recoding of OpenSSL's ecp_nistz256, as arithmetic on masks), so the digit's
     * value does not reach the timing. The digits satisfy k = Σ (-1)^sign · magnitude · 32^i.
     */
    static int boothDigit(long[] k, int i) {
        int in = window6(k, 5 * i - 1);
        int s = ~((in >>> 5) - 1); // all ones when the window's top bit is set
        int d = (1 << 6) - in - 1;
        d = (d & s) | (in & ~s);
        d = (d >>> 1) + (d & 1);
        return (d << 1) | (s & 1);
    }

    /** The six bits of k starting at bit {@code start} (may be -1: a 0 bit below the scalar); public indices only. */
    private static int window6(long[] k, int start) {
        if (start < 0) {
            return (int) (k[0] << 1) & 63;
        }
        int limb = start >>> 6;
        int shift = start & 63;
        long bits = k[limb] >>> shift;
        if (shift > 58 && limb < 3) {
            bits |= k[limb + 1] << (64 - shift);
        }
        return (int) bits & 63;
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
