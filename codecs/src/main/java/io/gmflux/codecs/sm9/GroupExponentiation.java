package io.gmflux.codecs.sm9;

/**
 * Scalar multiplication in G1 and G2 and exponentiation in G_T, written once over {@link Group}.
 * Scalars are 32-byte big-endian integers in [0, N) (callers reduce them).
 *
 * <ul>
 *   <li>{@link #variableBase}: fixed 4-bit windows, 252 squarings and 64 operations, each table entry
 *       read by scanning all 16 with masks. Constant-time in the scalar.</li>
 *   <li>{@link Comb}: a per-base table j·64^i·B (i &lt; 43, j &lt;= 32) for signed 6-bit digits,
 *       43 operations and no squaring, every lookup scanning the 33 entries of its window and
 *       negating by mask. Constant-time in the scalar.</li>
 * </ul>
 *
 * <p>Why no exceptional case arises (equal non-identity operands) in {@link #variableBase}: with
 * k &lt; N, the partial value before adding digit d is a multiple 16k' that can equal d only when
 * both are zero, i.e. identities, which {@link Group#op} handles; see {@link Comb} for the comb.
 */
final class GroupExponentiation {

    private GroupExponentiation() {
    }

    static int nibble(byte[] k, int i) {
        int b = k[31 - (i >>> 1)] & 0xff;
        return (i & 1) == 0 ? b & 15 : b >>> 4;
    }

    /** r = [k]base (constant-time in k). */
    static void variableBase(Group g, long[] r, int ro, long[] base, int bo, byte[] k, Workspace w) {
        int s = g.size;
        long[] table = new long[16 * s];
        long[] acc = new long[2 * s];
        g.setIdentity(table, 0);
        System.arraycopy(base, bo, table, s, s);
        for (int j = 2; j < 16; j++) {
            if ((j & 1) == 0) {
                g.square(table, j * s, table, (j >>> 1) * s, w);
            } else {
                g.op(table, j * s, table, (j - 1) * s, table, s, w);
            }
        }
        g.setIdentity(acc, 0);
        for (int i = 63; i >= 0; i--) {
            if (i != 63) {
                g.square(acc, 0, acc, 0, w);
                g.square(acc, 0, acc, 0, w);
                g.square(acc, 0, acc, 0, w);
                g.square(acc, 0, acc, 0, w);
            }
            select(acc, s, table, 0, s, nibble(k, i), 16);
            g.op(acc, 0, acc, 0, acc, s, w);
        }
        System.arraycopy(acc, 0, r, ro, s);
        java.util.Arrays.fill(table, 0L);
        java.util.Arrays.fill(acc, 0L);
    }

    /** r = [k]base for a public k: the same schedule without the masked lookup (variable time). */
    static void variableBasePublic(Group g, long[] r, int ro, long[] base, int bo, byte[] k, Workspace w) {
        int s = g.size;
        long[] acc = new long[s];
        g.setIdentity(acc, 0);
        boolean started = false;
        for (int i = 255; i >= 0; i--) {
            if (started) {
                g.square(acc, 0, acc, 0, w);
            }
            if (((k[31 - (i >>> 3)] >>> (i & 7)) & 1) != 0) {
                g.opPublic(acc, 0, acc, 0, base, bo, w);
                started = true;
            }
        }
        System.arraycopy(acc, 0, r, ro, s);
    }

    /**
     * dst[do..do+s) = table[d] (row of n entries at to), reading every entry. Entries are taken
     * three at a time, so dst is read and written once per three entries instead of once per entry.
     */
    static void select(long[] dst, int dOff, long[] table, int to, int s, int d, int n) {
        java.util.Arrays.fill(dst, dOff, dOff + s, 0L);
        int j = 0;
        for (; j + 3 <= n; j += 3) {
            long m0 = -(long) (((j ^ d) - 1) >>> 31); // all ones iff j == d
            long m1 = -(long) ((((j + 1) ^ d) - 1) >>> 31);
            long m2 = -(long) ((((j + 2) ^ d) - 1) >>> 31);
            int e0 = to + j * s;
            int e1 = e0 + s;
            int e2 = e1 + s;
            for (int x = 0; x < s; x++) {
                dst[dOff + x] |= (table[e0 + x] & m0) | (table[e1 + x] & m1) | (table[e2 + x] & m2);
            }
        }
        for (; j < n; j++) {
            long mask = -(long) (((j ^ d) - 1) >>> 31);
            int e = to + j * s;
            for (int x = 0; x < s; x++) {
                dst[dOff + x] |= table[e + x] & mask;
            }
        }
    }

    /**
     * dst[dOff..dOff+s) = rows[first + d], reading every one of the n rows rows[first..first+n) with
     * masks (constant-time in d), three rows per pass. Each row is its own array, indexed from 0 like
     * the scratch array it is accumulated into: with both at offset 0 C2 vectorizes the inner loop,
     * which it does not do for the flat-table form of {@link #select} (unrelated runtime offsets);
     * for G_T entries (48 longs) this is about 3x faster.
     */
    static void selectRow(long[] dst, int dOff, long[] scratch, long[][] rows, int first, int s, int d, int n) {
        java.util.Arrays.fill(scratch, 0, s, 0L);
        int j = 0;
        for (; j + 3 <= n; j += 3) {
            long m0 = -(long) (((j ^ d) - 1) >>> 31); // all ones iff j == d
            long m1 = -(long) ((((j + 1) ^ d) - 1) >>> 31);
            long m2 = -(long) ((((j + 2) ^ d) - 1) >>> 31);
            long[] e0 = rows[first + j];
            long[] e1 = rows[first + j + 1];
            long[] e2 = rows[first + j + 2];
            for (int x = 0; x < s; x++) {
                scratch[x] |= (e0[x] & m0) | (e1[x] & m1) | (e2[x] & m2);
            }
        }
        for (; j < n; j++) {
            long m = -(long) (((j ^ d) - 1) >>> 31);
            long[] e = rows[first + j];
            for (int x = 0; x < s; x++) {
                scratch[x] |= e[x] & m;
            }
        }
        System.arraycopy(scratch, 0, dst, dOff, s);
    }

    /** Comb window width in bits (signed digits in [-32, 32]). */
    static final int COMB_WIDTH = 6;
    /** Windows covering 257 bits (a scalar below 2^256 plus the recoding's final carry). */
    static final int COMB_WINDOWS = 43;
    /** Entries per window: 0..32 times the window's base. */
    static final int COMB_ENTRIES = 33;

    /**
     * The signed base-64 digits of k (k = sum d_i 64^i, d_i in [-32, 32]), computed with arithmetic
     * only (no branch or index depends on k).
     */
    static int[] signedDigits(byte[] k) {
        int[] d = new int[COMB_WINDOWS];
        int carry = 0;
        for (int i = 0; i < COMB_WINDOWS; i++) {
            int p = COMB_WIDTH * i;
            int lo = p >>> 3;
            int b0 = lo < 32 ? k[31 - lo] & 0xff : 0;      // positions are public
            int b1 = lo + 1 < 32 ? k[30 - lo] & 0xff : 0;
            int v = (((b1 << 8) | b0) >>> (p & 7) & 63) + carry;
            carry = (32 - v) >>> 31;                         // 1 iff v > 32
            d[i] = v - (carry << COMB_WIDTH);
        }
        return d;
    }

    /**
     * A fixed-base table for one base element B: for each of 43 windows i, the entries j·64^i·B for
     * j = 0..32 (normalized to affine for G1), so that [k]B is 43 group operations on signed digits,
     * each entry read by scanning its window's 33 entries with masks and negated by mask. About
     * 1,419 entries: 136 KiB for G1, 272 KiB for G2, 545 KiB for G_T. Immutable after construction
     * and thread-safe.
     *
     * <p>No exceptional addition: the running sum before window i is the recoded value s of k's
     * low 6i bits, |s| &lt; 64^i, and s = ±d·64^i mod N with 0 &lt; k &lt; N has no solution.
     */
    static final class Comb {
        private final Group g;
        /** Entry j of window i at rows[i * COMB_ENTRIES + j], one array per entry ({@link #selectRow}). */
        private final long[][] rows;
        /** Whether the entries are normalized (affine for G1: mixed additions). */
        private final boolean normalized;

        Comb(Group g, long[] base, int bo) {
            this.g = g;
            int s = g.size;
            Workspace w = new Workspace();
            long[] table = new long[COMB_WINDOWS * COMB_ENTRIES * s];
            long[] rowBase = new long[s];
            System.arraycopy(base, bo, rowBase, 0, s);
            for (int i = 0; i < COMB_WINDOWS; i++) {
                int row = i * COMB_ENTRIES * s;
                g.setIdentity(table, row);
                System.arraycopy(rowBase, 0, table, row + s, s);
                for (int j = 2; j < COMB_ENTRIES; j++) {
                    if ((j & 1) == 0) {
                        g.square(table, row + j * s, table, row + (j >>> 1) * s, w);
                    } else {
                        g.op(table, row + j * s, table, row + (j - 1) * s, table, row + s, w);
                    }
                }
                for (int d = 0; d < COMB_WIDTH; d++) {
                    g.square(rowBase, 0, rowBase, 0, w);
                }
            }
            normalized = g.normalize(table, COMB_WINDOWS * COMB_ENTRIES);
            rows = new long[COMB_WINDOWS * COMB_ENTRIES][];
            for (int k = 0; k < rows.length; k++) {
                rows[k] = java.util.Arrays.copyOfRange(table, k * s, (k + 1) * s);
            }
        }

        /** r = [k]base (constant-time in k). */
        void multiply(long[] r, int ro, byte[] k, Workspace w) {
            long[] acc = new long[2 * g.size];
            g.setIdentity(acc, 0);
            accumulate(acc, k, w);
            System.arraycopy(acc, 0, r, ro, g.size);
            java.util.Arrays.fill(acc, 0L);
        }

        /**
         * r = [k]base for a public k (variable time): the same digits and sum as {@link #multiply},
         * but each window reads only the entry its digit names and zero digits are skipped, so one
         * exponentiation touches 43 entries instead of scanning all 1,419 (for G_T 545 KiB, more
         * than the L2 cache). Only for public scalars, e.g. the h of a signature being verified.
         */
        void multiplyPublic(long[] r, int ro, byte[] k, Workspace w) {
            int s = g.size;
            long[] acc = new long[2 * s];
            g.setIdentity(acc, 0);
            int[] digits = signedDigits(k);
            for (int i = 0; i < COMB_WINDOWS; i++) {
                int d = digits[i];
                if (d == 0) {
                    continue;
                }
                System.arraycopy(rows[i * COMB_ENTRIES + Math.abs(d)], 0, acc, s, s);
                if (d < 0) {
                    g.negate(acc, s, -1L, w);
                }
                if (normalized) {
                    g.opNormalized(acc, 0, acc, 0, acc, s, w);
                } else {
                    g.op(acc, 0, acc, 0, acc, s, w);
                }
            }
            System.arraycopy(acc, 0, r, ro, s);
        }

        /**
         * acc[0, size) = acc · [k]base, with acc[size, 2 size) as scratch (constant-time in k). Used to
         * sum two combs, [k1]B1 + [k2]B2; adding an entry equal to the running sum then requires a
         * discrete-logarithm relation between B1 and B2 and has negligible probability.
         */
        void accumulate(long[] acc, byte[] k, Workspace w) {
            int s = g.size;
            int[] digits = signedDigits(k);
            long[] scratch = new long[s];
            for (int i = 0; i < COMB_WINDOWS; i++) {
                int d = digits[i];
                int negative = d >>> 31;
                int magnitude = (d ^ -negative) + negative;
                selectRow(acc, s, scratch, rows, i * COMB_ENTRIES, s, magnitude, COMB_ENTRIES);
                g.negate(acc, s, -(long) negative, w);
                if (normalized) {
                    g.opNormalized(acc, 0, acc, 0, acc, s, w);
                } else {
                    g.op(acc, 0, acc, 0, acc, s, w);
                }
            }
            java.util.Arrays.fill(digits, 0);
            java.util.Arrays.fill(scratch, 0L);
        }
    }
}
