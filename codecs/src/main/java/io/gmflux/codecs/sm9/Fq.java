package io.gmflux.codecs.sm9;

/**
 * The SM9 base field F_q (GB/T 38635.1 / GM/T 0044.5 §1, q the 256-bit BN prime) in Montgomery form:
 * an element is four little-endian 64-bit limbs at an offset of a {@code long[]}, holding a·2^256 mod q.
 *
 * <p>All operations are branch-free and allocation-free except {@link #inv} (a fixed addition chain
 * over the public exponent q - 2, so still constant-time). Results may alias inputs. Stateless and
 * thread-safe; the arrays belong to the caller.
 */
final class Fq {

    static final long Q0 = 0xe56f9b27e351457dL;
    static final long Q1 = 0x21f2934b1a7aeedbL;
    static final long Q2 = 0xd603ab4ff58ec745L;
    static final long Q3 = 0xb640000002a3a6f1L;
    /** -q^-1 mod 2^64. */
    private static final long N0 = 0x892bc42c2f2ee42bL;
    /** 2^512 mod q (converts into Montgomery form). */
    private static final long[] R2 = {0x27dea312b417e2d2L, 0x88f8105fae1a5d3fL, 0xe479b522d6706e7bL, 0x2ea795a656f62fbdL};
    /** The Montgomery form of 1. Read-only. */
    static final long[] ONE = {0x1a9064d81caeba83L, 0xde0d6cb4e5851124L, 0x29fc54b00a7138baL, 0x49bffffffd5c590eL};
    private static final long[] PLAIN_ONE = {1, 0, 0, 0};
    /** q as limbs, read-only. */
    static final long[] Q = {Q0, Q1, Q2, Q3};

    private Fq() {
    }

    static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Mont256.mul(r, ro, a, ao, b, bo, Q0, Q1, Q2, Q3, N0);
    }

    static void sqr(long[] r, int ro, long[] a, int ao) {
        Mont256.mul(r, ro, a, ao, a, ao, Q0, Q1, Q2, Q3, N0);
    }

    static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Mont256.add(r, ro, a, ao, b, bo, Q0, Q1, Q2, Q3);
    }

    static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Mont256.sub(r, ro, a, ao, b, bo, Q0, Q1, Q2, Q3);
    }

    static void dbl(long[] r, int ro, long[] a, int ao) {
        Mont256.add(r, ro, a, ao, a, ao, Q0, Q1, Q2, Q3);
    }

    /** r = -a (0 stays 0). */
    static void neg(long[] r, int ro, long[] a, int ao) {
        long a0 = a[ao];
        long a1 = a[ao + 1];
        long a2 = a[ao + 2];
        long a3 = a[ao + 3];
        long nz = -((a0 | a1 | a2 | a3 | -(a0 | a1 | a2 | a3)) >>> 63); // all ones unless a == 0
        long d0 = Q0 - a0;
        long w0 = ((~Q0 & a0) | ((~Q0 | a0) & d0)) >>> 63;
        long e1 = Q1 - a1;
        long d1 = e1 - w0;
        long w1 = (((~Q1 & a1) | ((~Q1 | a1) & e1)) | ((~e1 & w0) | ((~e1 | w0) & d1))) >>> 63;
        long e2 = Q2 - a2;
        long d2 = e2 - w1;
        long w2 = (((~Q2 & a2) | ((~Q2 | a2) & e2)) | ((~e2 & w1) | ((~e2 | w1) & d2))) >>> 63;
        r[ro] = d0 & nz;
        r[ro + 1] = d1 & nz;
        r[ro + 2] = d2 & nz;
        r[ro + 3] = (Q3 - a3 - w2) & nz;
    }

    static void copy(long[] r, int ro, long[] a, int ao) {
        r[ro] = a[ao];
        r[ro + 1] = a[ao + 1];
        r[ro + 2] = a[ao + 2];
        r[ro + 3] = a[ao + 3];
    }

    static void setZero(long[] r, int ro) {
        r[ro] = 0;
        r[ro + 1] = 0;
        r[ro + 2] = 0;
        r[ro + 3] = 0;
    }

    static void setOne(long[] r, int ro) {
        copy(r, ro, ONE, 0);
    }

    /** 1 if a == 0 else 0, without branching. */
    static long isZero(long[] a, int ao) {
        long x = a[ao] | a[ao + 1] | a[ao + 2] | a[ao + 3];
        return ((x | -x) >>> 63) ^ 1;
    }

    /** 1 if a == b else 0, without branching. */
    static long eq(long[] a, int ao, long[] b, int bo) {
        long x = (a[ao] ^ b[bo]) | (a[ao + 1] ^ b[bo + 1]) | (a[ao + 2] ^ b[bo + 2]) | (a[ao + 3] ^ b[bo + 3]);
        return ((x | -x) >>> 63) ^ 1;
    }

    /** r = (mask == -1) ? a : r, for mask in {0, -1}. */
    static void cmov(long[] r, int ro, long[] a, int ao, long mask) {
        r[ro] ^= (r[ro] ^ a[ao]) & mask;
        r[ro + 1] ^= (r[ro + 1] ^ a[ao + 1]) & mask;
        r[ro + 2] ^= (r[ro + 2] ^ a[ao + 2]) & mask;
        r[ro + 3] ^= (r[ro + 3] ^ a[ao + 3]) & mask;
    }

    /** r = a^-1 (0 maps to 0) by Fermat: a^(q-2), square-and-multiply over the public exponent. */
    static void inv(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[8];
        copy(t, 4, a, ao);
        setOne(t, 0);
        long[] e = {Q0 - 2, Q1, Q2, Q3};
        for (int i = 255; i >= 0; i--) {
            sqr(t, 0, t, 0);
            if (((e[i >>> 6] >>> (i & 63)) & 1) != 0) { // public exponent bits
                mul(t, 0, t, 0, t, 4);
            }
        }
        copy(r, ro, t, 0);
    }

    /** Reads a 32-byte big-endian integer; returns false (r unspecified) unless it is &lt; q. */
    static boolean fromBytes(long[] r, int ro, byte[] in, int off) {
        for (int i = 0; i < 4; i++) {
            long v = 0;
            for (int j = 0; j < 8; j++) {
                v = (v << 8) | (in[off + 8 * (3 - i) + j] & 0xff);
            }
            r[ro + i] = v;
        }
        if (!lessThan(r, ro, Q)) {
            return false;
        }
        mul(r, ro, r, ro, R2, 0);
        return true;
    }

    /** Writes a (out of Montgomery form) as 32 big-endian bytes. */
    static void toBytes(byte[] out, int off, long[] a, int ao) {
        long[] t = new long[4];
        mul(t, 0, a, ao, PLAIN_ONE, 0);
        for (int i = 0; i < 4; i++) {
            long v = t[i];
            for (int j = 7; j >= 0; j--) {
                out[off + 8 * (3 - i) + j] = (byte) v;
                v >>>= 8;
            }
        }
    }

    /** Converts plain limbs (&lt; q) into Montgomery form. */
    static void toMont(long[] r, int ro, long[] plain, int po) {
        mul(r, ro, plain, po, R2, 0);
    }

    /** Converts out of Montgomery form into plain limbs. */
    static void fromMont(long[] r, int ro, long[] a, int ao) {
        mul(r, ro, a, ao, PLAIN_ONE, 0);
    }

    /** Unsigned comparison a &lt; m of 4-limb values (used on public inputs only). */
    static boolean lessThan(long[] a, int ao, long[] m) {
        for (int i = 3; i >= 0; i--) {
            int c = Long.compareUnsigned(a[ao + i], m[i]);
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }
}
