package io.gmflux.codecs.sm2;

import io.gmflux.codecs.arith.SafeGcd;
import io.gmflux.codecs.bytes.Bytes;

/**
 * The constants of the recommended curve sm2p256v1 (GB/T 32918.5-2017):
 * y^2 = x^3 + ax + b over F_p with a = -3, and limb conversions.
 *
 * <p>Field elements are four 64-bit little-endian limbs ({@code long[4]}); coordinates of points
 * are plain residues modulo p ({@link Sm2FieldP}), scalars plain or in Montgomery form modulo n
 * ({@link Montgomery256}) as each field's javadoc says. Immutable and thread-safe.
 */
final class Sm2Curve {

    /** p = 2^256 - 2^224 - 2^96 + 2^64 - 1. */
    static final long[] P = {0xFFFFFFFFFFFFFFFFL, 0xFFFFFFFF00000000L, 0xFFFFFFFFFFFFFFFFL, 0xFFFFFFFEFFFFFFFFL};
    /** The order n of the base point G. */
    static final long[] N = {0x53BBF40939D54123L, 0x7203DF6B21C6052BL, 0xFFFFFFFFFFFFFFFFL, 0xFFFFFFFEFFFFFFFFL};

    static final Sm2FieldP FP = new Sm2FieldP();
    static final Montgomery256 FN = new Montgomery256(N);
    /** Constant-time inversion mod p and mod n (plain residues). */
    static final SafeGcd P_INVERSE = new SafeGcd(P);
    static final SafeGcd N_INVERSE = new SafeGcd(N);

    /** a = -3 and b, plain (for Z_A, GB/T 32918.2 §5.5). */
    static final byte[] A_BYTES = fromHex("fffffffeffffffffffffffffffffffffffffffff00000000fffffffffffffffc");
    static final byte[] B_BYTES = fromHex("28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93");
    static final byte[] GX_BYTES = fromHex("32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7");
    static final byte[] GY_BYTES = fromHex("bc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0");

    /** b as limbs (read-only). */
    static final long[] B = limbs(B_BYTES);
    /** G's affine coordinates as limbs (read-only). */
    static final long[] GX = limbs(GX_BYTES);
    static final long[] GY = limbs(GY_BYTES);

    private Sm2Curve() {
    }

    /** Big-endian 32 bytes at {@code off} to little-endian limbs. */
    static void toLimbs(long[] r, byte[] b, int off) {
        r[3] = Bytes.getLongBE(b, off);
        r[2] = Bytes.getLongBE(b, off + 8);
        r[1] = Bytes.getLongBE(b, off + 16);
        r[0] = Bytes.getLongBE(b, off + 24);
    }

    /**
     * Little-endian limbs to big-endian 32 bytes at {@code off}. Straight-line VarHandle stores: the
     * earlier byte loop, inlined twice in a row, gave C2 of JDK 17.0.15 a graph on which its
     * split-if pass (PhaseIdealLoop::identical_backtoback_ifs) crashed the JVM.
     */
    static void toBytes(long[] a, byte[] b, int off) {
        Bytes.putLongBEByBytes(b, off, a[3]);
        Bytes.putLongBEByBytes(b, off + 8, a[2]);
        Bytes.putLongBEByBytes(b, off + 16, a[1]);
        Bytes.putLongBEByBytes(b, off + 24, a[0]);
    }

    /** -1 if a is zero, else 0; constant time. */
    static long isZeroMask(long[] a) {
        long t = a[0] | a[1] | a[2] | a[3];
        return ~((t | -t) >> 63);
    }

    /** -1 if a == b, else 0; constant time. */
    static long equalMask(long[] a, long[] b) {
        long t = (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]);
        return ~((t | -t) >> 63);
    }

    /** r = mask ? a : r (mask is 0 or -1); constant time. */
    static void select(long[] r, long[] a, long mask) {
        r[0] ^= (r[0] ^ a[0]) & mask;
        r[1] ^= (r[1] ^ a[1]) & mask;
        r[2] ^= (r[2] ^ a[2]) & mask;
        r[3] ^= (r[3] ^ a[3]) & mask;
    }

    /** Whether a &lt; b as unsigned 256-bit numbers; constant time. */
    static boolean lessThan(long[] a, long[] b) {
        long bw = 0;
        for (int i = 0; i < 4; i++) {
            long d = a[i] - b[i] - bw;
            bw = ((~a[i] & b[i]) | ((~a[i] | b[i]) & d)) >>> 63;
        }
        return bw == 1;
    }

    /** n - 1: private keys lie in [1, n - 2] (GB/T 32918.1 §6.1). */
    static final long[] N_MINUS_1 = {0x53BBF40939D54122L, 0x7203DF6B21C6052BL, 0xFFFFFFFFFFFFFFFFL, 0xFFFFFFFEFFFFFFFFL};

    /** -1 if x == y, else 0, for small non-negative ints; constant time. */
    static long intEqualMask(int x, int y) {
        long t = x ^ y;
        return (t - 1) >> 63;
    }

    private static long[] limbs(byte[] be) {
        long[] r = new long[4];
        toLimbs(r, be, 0);
        return r;
    }

    private static byte[] fromHex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
