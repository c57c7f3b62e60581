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

    /**
     * r = a * b * 2^-256 mod q: {@link Mont256#mul}'s CIOS schedule with q's limbs as constants.
     * Mont256.mul is too large for HotSpot to inline, so its modulus arrives as arguments and the
     * unsigned-high corrections on the modulus limbs stay in the code; here they fold (q0, q2, q3
     * have the top bit set, q1 does not), which takes 16 of the 36 corrections out of the hot path.
     */
    static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long a0 = a[ao];
        long a1 = a[ao + 1];
        long a2 = a[ao + 2];
        long a3 = a[ao + 3];
        long b0 = b[bo];
        long b1 = b[bo + 1];
        long b2 = b[bo + 2];
        long b3 = b[bo + 3];
        long l1 = a0 * b0;
        long h2 = Math.multiplyHigh(a0, b0) + ((a0 >> 63) & b0) + ((b0 >> 63) & a0);
        long l3 = a1 * b0;
        long h4 = Math.multiplyHigh(a1, b0) + ((a1 >> 63) & b0) + ((b0 >> 63) & a1);
        long s5 = l3 + h2;
        h4 += ((l3 & h2) | ((l3 | h2) & ~s5)) >>> 63;
        long l6 = a2 * b0;
        long h7 = Math.multiplyHigh(a2, b0) + ((a2 >> 63) & b0) + ((b0 >> 63) & a2);
        long s8 = l6 + h4;
        h7 += ((l6 & h4) | ((l6 | h4) & ~s8)) >>> 63;
        long l9 = a3 * b0;
        long h10 = Math.multiplyHigh(a3, b0) + ((a3 >> 63) & b0) + ((b0 >> 63) & a3);
        long s11 = l9 + h7;
        h10 += ((l9 & h7) | ((l9 | h7) & ~s11)) >>> 63;
        long q12 = l1 * N0;
        long h14 = Math.multiplyHigh(q12, Q0) + ((q12 >> 63) & Q0) + q12;
        h14 += (l1 | -l1) >>> 63; // q·q0 = -l1 mod 2^64: the low word is 0, carrying iff l1 != 0
        long l16 = q12 * Q1;
        long h17 = Math.multiplyHigh(q12, Q1) + ((q12 >> 63) & Q1);
        long s18 = l16 + s5;
        h17 += ((l16 & s5) | ((l16 | s5) & ~s18)) >>> 63;
        long s19 = s18 + h14;
        h17 += ((s18 & h14) | ((s18 | h14) & ~s19)) >>> 63;
        long l20 = q12 * Q2;
        long h21 = Math.multiplyHigh(q12, Q2) + ((q12 >> 63) & Q2) + q12;
        long s22 = l20 + s8;
        h21 += ((l20 & s8) | ((l20 | s8) & ~s22)) >>> 63;
        long s23 = s22 + h17;
        h21 += ((s22 & h17) | ((s22 | h17) & ~s23)) >>> 63;
        long l24 = q12 * Q3;
        long h25 = Math.multiplyHigh(q12, Q3) + ((q12 >> 63) & Q3) + q12;
        long s26 = l24 + s11;
        h25 += ((l24 & s11) | ((l24 | s11) & ~s26)) >>> 63;
        long s27 = s26 + h21;
        h25 += ((s26 & h21) | ((s26 | h21) & ~s27)) >>> 63;
        long s28 = h10 + h25;
        long c29 = ((h10 & h25) | ((h10 | h25) & ~s28)) >>> 63;
        long l30 = a0 * b1;
        long h31 = Math.multiplyHigh(a0, b1) + ((a0 >> 63) & b1) + ((b1 >> 63) & a0);
        long s32 = l30 + s19;
        h31 += ((l30 & s19) | ((l30 | s19) & ~s32)) >>> 63;
        long l33 = a1 * b1;
        long h34 = Math.multiplyHigh(a1, b1) + ((a1 >> 63) & b1) + ((b1 >> 63) & a1);
        long s35 = l33 + s23;
        h34 += ((l33 & s23) | ((l33 | s23) & ~s35)) >>> 63;
        long s36 = s35 + h31;
        h34 += ((s35 & h31) | ((s35 | h31) & ~s36)) >>> 63;
        long l37 = a2 * b1;
        long h38 = Math.multiplyHigh(a2, b1) + ((a2 >> 63) & b1) + ((b1 >> 63) & a2);
        long s39 = l37 + s27;
        h38 += ((l37 & s27) | ((l37 | s27) & ~s39)) >>> 63;
        long s40 = s39 + h34;
        h38 += ((s39 & h34) | ((s39 | h34) & ~s40)) >>> 63;
        long l41 = a3 * b1;
        long h42 = Math.multiplyHigh(a3, b1) + ((a3 >> 63) & b1) + ((b1 >> 63) & a3);
        long s43 = l41 + s28;
        h42 += ((l41 & s28) | ((l41 | s28) & ~s43)) >>> 63;
        long s44 = s43 + h38;
        h42 += ((s43 & h38) | ((s43 | h38) & ~s44)) >>> 63;
        long s45 = c29 + h42;
        long c46 = ((c29 & h42) | ((c29 | h42) & ~s45)) >>> 63;
        long q47 = s32 * N0;
        long h49 = Math.multiplyHigh(q47, Q0) + ((q47 >> 63) & Q0) + q47;
        h49 += (s32 | -s32) >>> 63; // q·q0 = -s32 mod 2^64: the low word is 0, carrying iff s32 != 0
        long l51 = q47 * Q1;
        long h52 = Math.multiplyHigh(q47, Q1) + ((q47 >> 63) & Q1);
        long s53 = l51 + s36;
        h52 += ((l51 & s36) | ((l51 | s36) & ~s53)) >>> 63;
        long s54 = s53 + h49;
        h52 += ((s53 & h49) | ((s53 | h49) & ~s54)) >>> 63;
        long l55 = q47 * Q2;
        long h56 = Math.multiplyHigh(q47, Q2) + ((q47 >> 63) & Q2) + q47;
        long s57 = l55 + s40;
        h56 += ((l55 & s40) | ((l55 | s40) & ~s57)) >>> 63;
        long s58 = s57 + h52;
        h56 += ((s57 & h52) | ((s57 | h52) & ~s58)) >>> 63;
        long l59 = q47 * Q3;
        long h60 = Math.multiplyHigh(q47, Q3) + ((q47 >> 63) & Q3) + q47;
        long s61 = l59 + s44;
        h60 += ((l59 & s44) | ((l59 | s44) & ~s61)) >>> 63;
        long s62 = s61 + h56;
        h60 += ((s61 & h56) | ((s61 | h56) & ~s62)) >>> 63;
        long s63 = s45 + h60;
        long c64 = ((s45 & h60) | ((s45 | h60) & ~s63)) >>> 63;
        long c65 = c64 + c46;
        long l66 = a0 * b2;
        long h67 = Math.multiplyHigh(a0, b2) + ((a0 >> 63) & b2) + ((b2 >> 63) & a0);
        long s68 = l66 + s54;
        h67 += ((l66 & s54) | ((l66 | s54) & ~s68)) >>> 63;
        long l69 = a1 * b2;
        long h70 = Math.multiplyHigh(a1, b2) + ((a1 >> 63) & b2) + ((b2 >> 63) & a1);
        long s71 = l69 + s58;
        h70 += ((l69 & s58) | ((l69 | s58) & ~s71)) >>> 63;
        long s72 = s71 + h67;
        h70 += ((s71 & h67) | ((s71 | h67) & ~s72)) >>> 63;
        long l73 = a2 * b2;
        long h74 = Math.multiplyHigh(a2, b2) + ((a2 >> 63) & b2) + ((b2 >> 63) & a2);
        long s75 = l73 + s62;
        h74 += ((l73 & s62) | ((l73 | s62) & ~s75)) >>> 63;
        long s76 = s75 + h70;
        h74 += ((s75 & h70) | ((s75 | h70) & ~s76)) >>> 63;
        long l77 = a3 * b2;
        long h78 = Math.multiplyHigh(a3, b2) + ((a3 >> 63) & b2) + ((b2 >> 63) & a3);
        long s79 = l77 + s63;
        h78 += ((l77 & s63) | ((l77 | s63) & ~s79)) >>> 63;
        long s80 = s79 + h74;
        h78 += ((s79 & h74) | ((s79 | h74) & ~s80)) >>> 63;
        long s81 = c65 + h78;
        long c82 = ((c65 & h78) | ((c65 | h78) & ~s81)) >>> 63;
        long q83 = s68 * N0;
        long h85 = Math.multiplyHigh(q83, Q0) + ((q83 >> 63) & Q0) + q83;
        h85 += (s68 | -s68) >>> 63; // q·q0 = -s68 mod 2^64: the low word is 0, carrying iff s68 != 0
        long l87 = q83 * Q1;
        long h88 = Math.multiplyHigh(q83, Q1) + ((q83 >> 63) & Q1);
        long s89 = l87 + s72;
        h88 += ((l87 & s72) | ((l87 | s72) & ~s89)) >>> 63;
        long s90 = s89 + h85;
        h88 += ((s89 & h85) | ((s89 | h85) & ~s90)) >>> 63;
        long l91 = q83 * Q2;
        long h92 = Math.multiplyHigh(q83, Q2) + ((q83 >> 63) & Q2) + q83;
        long s93 = l91 + s76;
        h92 += ((l91 & s76) | ((l91 | s76) & ~s93)) >>> 63;
        long s94 = s93 + h88;
        h92 += ((s93 & h88) | ((s93 | h88) & ~s94)) >>> 63;
        long l95 = q83 * Q3;
        long h96 = Math.multiplyHigh(q83, Q3) + ((q83 >> 63) & Q3) + q83;
        long s97 = l95 + s80;
        h96 += ((l95 & s80) | ((l95 | s80) & ~s97)) >>> 63;
        long s98 = s97 + h92;
        h96 += ((s97 & h92) | ((s97 | h92) & ~s98)) >>> 63;
        long s99 = s81 + h96;
        long c100 = ((s81 & h96) | ((s81 | h96) & ~s99)) >>> 63;
        long c101 = c100 + c82;
        long l102 = a0 * b3;
        long h103 = Math.multiplyHigh(a0, b3) + ((a0 >> 63) & b3) + ((b3 >> 63) & a0);
        long s104 = l102 + s90;
        h103 += ((l102 & s90) | ((l102 | s90) & ~s104)) >>> 63;
        long l105 = a1 * b3;
        long h106 = Math.multiplyHigh(a1, b3) + ((a1 >> 63) & b3) + ((b3 >> 63) & a1);
        long s107 = l105 + s94;
        h106 += ((l105 & s94) | ((l105 | s94) & ~s107)) >>> 63;
        long s108 = s107 + h103;
        h106 += ((s107 & h103) | ((s107 | h103) & ~s108)) >>> 63;
        long l109 = a2 * b3;
        long h110 = Math.multiplyHigh(a2, b3) + ((a2 >> 63) & b3) + ((b3 >> 63) & a2);
        long s111 = l109 + s98;
        h110 += ((l109 & s98) | ((l109 | s98) & ~s111)) >>> 63;
        long s112 = s111 + h106;
        h110 += ((s111 & h106) | ((s111 | h106) & ~s112)) >>> 63;
        long l113 = a3 * b3;
        long h114 = Math.multiplyHigh(a3, b3) + ((a3 >> 63) & b3) + ((b3 >> 63) & a3);
        long s115 = l113 + s99;
        h114 += ((l113 & s99) | ((l113 | s99) & ~s115)) >>> 63;
        long s116 = s115 + h110;
        h114 += ((s115 & h110) | ((s115 | h110) & ~s116)) >>> 63;
        long s117 = c101 + h114;
        long c118 = ((c101 & h114) | ((c101 | h114) & ~s117)) >>> 63;
        long q119 = s104 * N0;
        long h121 = Math.multiplyHigh(q119, Q0) + ((q119 >> 63) & Q0) + q119;
        h121 += (s104 | -s104) >>> 63; // q·q0 = -s104 mod 2^64: the low word is 0, carrying iff s104 != 0
        long l123 = q119 * Q1;
        long h124 = Math.multiplyHigh(q119, Q1) + ((q119 >> 63) & Q1);
        long s125 = l123 + s108;
        h124 += ((l123 & s108) | ((l123 | s108) & ~s125)) >>> 63;
        long s126 = s125 + h121;
        h124 += ((s125 & h121) | ((s125 | h121) & ~s126)) >>> 63;
        long l127 = q119 * Q2;
        long h128 = Math.multiplyHigh(q119, Q2) + ((q119 >> 63) & Q2) + q119;
        long s129 = l127 + s112;
        h128 += ((l127 & s112) | ((l127 | s112) & ~s129)) >>> 63;
        long s130 = s129 + h124;
        h128 += ((s129 & h124) | ((s129 | h124) & ~s130)) >>> 63;
        long l131 = q119 * Q3;
        long h132 = Math.multiplyHigh(q119, Q3) + ((q119 >> 63) & Q3) + q119;
        long s133 = l131 + s116;
        h132 += ((l131 & s116) | ((l131 | s116) & ~s133)) >>> 63;
        long s134 = s133 + h128;
        h132 += ((s133 & h128) | ((s133 | h128) & ~s134)) >>> 63;
        long s135 = s117 + h132;
        long c136 = ((s117 & h132) | ((s117 | h132) & ~s135)) >>> 63;
        long c137 = c136 + c118;
        long d0 = s126 - Q0;
        long w0 = ((~s126 & Q0) | ((~s126 | Q0) & d0)) >>> 63;
        long d1 = s130 - Q1 - w0;
        long w1 = ((~s130 & Q1) | ((~s130 | Q1) & d1)) >>> 63;
        long d2 = s134 - Q2 - w1;
        long w2 = ((~s134 & Q2) | ((~s134 | Q2) & d2)) >>> 63;
        long d3 = s135 - Q3 - w2;
        long w3 = ((~s135 & Q3) | ((~s135 | Q3) & d3)) >>> 63;
        long keep = -(w3 & ~c137);
        r[ro + 0] = (s126 & keep) | (d0 & ~keep);
        r[ro + 1] = (s130 & keep) | (d1 & ~keep);
        r[ro + 2] = (s134 & keep) | (d2 & ~keep);
        r[ro + 3] = (s135 & keep) | (d3 & ~keep);
    }

    static void sqr(long[] r, int ro, long[] a, int ao) {
        mul(r, ro, a, ao, a, ao);
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
        long d1 = Q1 - a1 - w0;
        long w1 = ((~Q1 & a1) | ((~Q1 | a1) & d1)) >>> 63;
        long d2 = Q2 - a2 - w1;
        long w2 = ((~Q2 & a2) | ((~Q2 | a2) & d2)) >>> 63;
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
