package io.gmflux.codecs.sm9;

/**
 * Scalar multiplication in G1 and G2 and exponentiation in G_T, written once over {@link Group}.
 * Scalars are 32-byte big-endian integers in [0, N) (callers reduce them).
 *
 * <ul>
 *   <li>{@link #variableBase}: fixed 4-bit windows, 252 squarings and 64 operations, each table entry
 *       read by scanning all 16 with masks. Constant-time in the scalar.</li>
 *   <li>{@link Comb}: a per-base table d·16^i·B (i &lt; 64, d &lt; 16), 64 operations and no squaring,
 *       every lookup scanning the 16 entries of its row. Constant-time in the scalar.</li>
 * </ul>
 *
 * <p>Why no exceptional case arises (equal non-identity operands): with k &lt; N, the partial value
 * before adding digit d is a multiple 16k' (variable base) or a prefix sum &lt; 16^i (comb) that can
 * equal d (or d·16^i) only when both are zero, i.e. identities, which {@link Group#op} handles.
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
            select(acc, s, table, 0, s, nibble(k, i));
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

    /** dst[do..do+s) = table[d] (row of 16 entries at to), reading every entry. */
    static void select(long[] dst, int dOff, long[] table, int to, int s, int d) {
        java.util.Arrays.fill(dst, dOff, dOff + s, 0L);
        for (int j = 0; j < 16; j++) {
            long mask = -(long) (((j ^ d) - 1) >>> 31); // all ones iff j == d
            int e = to + j * s;
            for (int x = 0; x < s; x++) {
                dst[dOff + x] |= table[e + x] & mask;
            }
        }
    }

    /** A fixed-base table for one base element; immutable after construction and thread-safe. */
    static final class Comb {
        private final Group g;
        private final long[] table;
        /** Whether the entries are normalized (affine for G1: mixed additions). */
        private final boolean normalized;

        Comb(Group g, long[] base, int bo) {
            this.g = g;
            int s = g.size;
            Workspace w = new Workspace();
            table = new long[64 * 16 * s];
            long[] rowBase = new long[s];
            System.arraycopy(base, bo, rowBase, 0, s);
            for (int i = 0; i < 64; i++) {
                int row = i * 16 * s;
                g.setIdentity(table, row);
                System.arraycopy(rowBase, 0, table, row + s, s);
                for (int j = 2; j < 16; j++) {
                    if ((j & 1) == 0) {
                        g.square(table, row + j * s, table, row + (j >>> 1) * s, w);
                    } else {
                        g.op(table, row + j * s, table, row + (j - 1) * s, table, row + s, w);
                    }
                }
                for (int d = 0; d < 4; d++) {
                    g.square(rowBase, 0, rowBase, 0, w);
                }
            }
            normalized = g.normalize(table, 64 * 16);
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
         * acc[0, size) = acc · [k]base, with acc[size, 2 size) as scratch (constant-time in k). Used to
         * sum two combs, [k1]B1 + [k2]B2; adding an entry equal to the running sum then requires a
         * discrete-logarithm relation between B1 and B2 and has negligible probability.
         */
        void accumulate(long[] acc, byte[] k, Workspace w) {
            int s = g.size;
            for (int i = 0; i < 64; i++) {
                select(acc, s, table, i * 16 * s, s, nibble(k, i));
                if (normalized) {
                    g.opNormalized(acc, 0, acc, 0, acc, s, w);
                } else {
                    g.op(acc, 0, acc, 0, acc, s, w);
                }
            }
        }
    }
}
