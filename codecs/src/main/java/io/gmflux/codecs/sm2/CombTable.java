package io.gmflux.codecs.sm2;

/**
 * Fixed-base tables for k·P with signed w-bit digits (Booth recoding): for each digit position i
 * and each magnitude d in 1..2^(w-1), the affine point d·2^(w·i)·P, 8 longs (x
 * then y) per entry; the last long of the array holds w. A negative digit uses the entry with y
 * negated, so k·P costs one addition per position (see {@link PointArithmetic#mulComb}).
 *
 * <p>{@link #BASE}, the table of G, has w = 6: 43 positions × 32 entries (86 KiB, built once when
 * first used). Tables of other points ({@link Sm2PreparedPublicKey}) have w = 5: 52 × 16 entries
 * (52 KiB), cheaper to build and to keep. (Unsigned 4-bit digits needed 64 positions.) Tables hold public data only and are read-only after construction, so they are
 * safe to share between threads.
 */
final class CombTable {

    /** The window width of {@link #BASE}. */
    static final int BASE_WIDTH = 6;
    /** The window width of tables of other points, and of variable-base multiplication. */
    static final int WIDTH = 5;

    /** The table of the base point G. */
    static final long[] BASE = build(Sm2Curve.GX, Sm2Curve.GY, BASE_WIDTH);

    private CombTable() {
    }

    /**
     * A width-7 table of G (37 positions × 64 entries, 148 KiB) for verification, where scalars are
     * public and entries are read directly: 37 additions per u1·G. Built on first use.
     */
    static long[] verificationBase() {
        return VerificationBase.TABLE;
    }

    /** Holds the verification table until a verifier needs it. */
    private static final class VerificationBase {
        static final long[] TABLE = build(Sm2Curve.GX, Sm2Curve.GY, 7);
    }

    /**
     * Digit positions for width w: enough to cover 257 bits (a 256-bit scalar and the recoding's
     * final carry): 52 for w = 5, 43 for w = 6.
     */
    static int rows(int width) {
        return (256 + width) / width;
    }

    /** Magnitudes 1..2^(w-1) per position. */
    static int perRow(int width) {
        return 1 << (width - 1);
    }

    /** The window width of a table. */
    static int width(long[] table) {
        return (int) table[table.length - 1];
    }

    /** Offset in a table of width w of the entry d·2^(w·row)·P, d in 1..2^(w-1). */
    static int offset(int row, int d, int width) {
        return (row * perRow(width) + d - 1) * 8;
    }

    /** The width-5 table of the affine point (px, py); see {@link #build(long[], long[], int)}. */
    static long[] build(long[] px, long[] py) {
        return build(px, py, WIDTH);
    }

    /**
     * The table of width w of the affine point (px, py) (on the curve, of order n):
     * doublings and additions in Jacobian coordinates, then one shared inversion (Montgomery's
     * trick) to make all entries affine.
     */
    static long[] build(long[] px, long[] py, int width) {
        int rows = rows(width);
        int perRow = perRow(width);
        PointArithmetic pa = new PointArithmetic();
        JacobianPoint[] points = new JacobianPoint[rows * perRow];
        JacobianPoint base = new JacobianPoint();
        base.setAffine(px, py);
        for (int i = 0; i < rows; i++) {
            for (int d = 1; d <= perRow; d++) {
                JacobianPoint e = new JacobianPoint();
                if (d == 1) {
                    e.set(base);
                } else if (d == 2) {
                    pa.twice(e, base);
                } else {
                    pa.add(e, points[i * perRow + d - 2], base); // (d-1)P + P with d-1 >= 2: never the doubling case
                }
                points[i * perRow + d - 1] = e;
            }
            if (i + 1 < rows) {
                for (int j = 0; j < width; j++) {
                    pa.twice(base, base);
                }
            }
        }
        long[] affine = toAffine(points, pa);
        long[] table = java.util.Arrays.copyOf(affine, affine.length + 1);
        table[affine.length] = width;
        return table;
    }

    /**
     * The signed digit of position i of the scalar k for window width w (public index and width,
     * secret value), Booth recoded from the w + 1 bits w·i - 1 .. w·i + w - 1 (bit -1 and bits above
     * 255 are 0): returns {@code magnitude << 1 | sign} with magnitude in 0..2^(w-1) and sign 1 for a
     * negative digit. Branch-free (the recoding of OpenSSL's ecp_nistz256, as arithmetic on masks),
     * so the digit's value does not reach the timing. The digits satisfy
     * k = Σ (-1)^sign · magnitude · 2^(w·i).
     */
    static int boothDigit(long[] k, int i, int width) {
        int in = window(k, width * i - 1, width + 1);
        int s = ~((in >>> width) - 1); // all ones when the window's top bit is set
        int d = (1 << (width + 1)) - in - 1;
        d = (d & s) | (in & ~s);
        d = (d >>> 1) + (d & 1);
        return (d << 1) | (s & 1);
    }

    /**
     * The {@code bits} (at most 31: the mask is an int) bits of k starting at bit {@code start}
     * (may be -1: a 0 bit below the scalar); public positions only.
     */
    private static int window(long[] k, int start, int bits) {
        int mask = (1 << bits) - 1;
        if (start < 0) {
            return (int) (k[0] << 1) & mask;
        }
        int limb = start >>> 6;
        if (limb > 3) {
            return 0;
        }
        int shift = start & 63;
        long v = k[limb] >>> shift;
        if (shift > 64 - bits && limb < 3) {
            v |= k[limb + 1] << (64 - shift);
        }
        return (int) v & mask;
    }

    /**
     * The affine coordinates (x then y, 8 longs per point) of Jacobian points none
     * of which is the point at infinity, with one shared inversion (Montgomery's trick).
     */
    static long[] toAffine(JacobianPoint[] points, PointArithmetic pa) {
        long[] table = new long[points.length * 8];
        pa.toAffine(points, 0, points.length, table, 0, new long[points.length * 4]);
        return table;
    }
}
