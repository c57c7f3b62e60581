package io.gmflux.codecs.arith;

/**
 * Montgomery arithmetic (R = 2^256) modulo an odd 256-bit modulus m with 2^255 < m, on four
 * little-endian 64-bit limbs stored at an offset of a {@code long[]}. The modulus is passed as
 * limbs so that one body serves every such modulus: SM9's base field q and group order N
 * ({@code io.gmflux.codecs.sm9.Fq}, {@code ScalarN}) and SM2's group order n and the generic curves
 * of its test vectors ({@code io.gmflux.codecs.sm2.Montgomery256}). Public only so that both
 * packages can call it (see the package's javadoc): not part of gmflux's API.
 *
 * <p>Every method is branch-free and allocation-free (carries by bit formulas, the final conditional
 * subtraction by mask), so the running time does not depend on the values. Inputs must be reduced
 * ({@code < m}); outputs are reduced. The result may alias an input. Stateless and thread-safe.
 */
public final class Mont256 {

    private Mont256() {
    }

    /**
     * r = a * b * 2^-256 mod m: CIOS (Koc, Acar, Kaliski 1996), unrolled; the intermediate stays
     * below 2m &lt; 2^257, whose top bit is carried in a separate word.
     */
    public static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo,
            long m0, long m1, long m2, long m3, long n0) {
        long a0 = a[ao];
        long a1 = a[ao + 1];
        long a2 = a[ao + 2];
        long a3 = a[ao + 3];
        long b0 = b[bo];
        long b1 = b[bo + 1];
        long b2 = b[bo + 2];
        long b3 = b[bo + 3];
        long l1 = a0 * b0;
        long h2 = UnsignedProducts.multiplyHigh(a0, b0);
        long l3 = a1 * b0;
        long h4 = UnsignedProducts.multiplyHigh(a1, b0);
        long s5 = l3 + h2;
        h4 += ((l3 & h2) | ((l3 | h2) & ~s5)) >>> 63;
        long l6 = a2 * b0;
        long h7 = UnsignedProducts.multiplyHigh(a2, b0);
        long s8 = l6 + h4;
        h7 += ((l6 & h4) | ((l6 | h4) & ~s8)) >>> 63;
        long l9 = a3 * b0;
        long h10 = UnsignedProducts.multiplyHigh(a3, b0);
        long s11 = l9 + h7;
        h10 += ((l9 & h7) | ((l9 | h7) & ~s11)) >>> 63;
        long q12 = l1 * n0;
        long l13 = q12 * m0;
        long h14 = UnsignedProducts.multiplyHigh(q12, m0);
        long s15 = l13 + l1;
        h14 += ((l13 & l1) | ((l13 | l1) & ~s15)) >>> 63;
        long l16 = q12 * m1;
        long h17 = UnsignedProducts.multiplyHigh(q12, m1);
        long s18 = l16 + s5;
        h17 += ((l16 & s5) | ((l16 | s5) & ~s18)) >>> 63;
        long s19 = s18 + h14;
        h17 += ((s18 & h14) | ((s18 | h14) & ~s19)) >>> 63;
        long l20 = q12 * m2;
        long h21 = UnsignedProducts.multiplyHigh(q12, m2);
        long s22 = l20 + s8;
        h21 += ((l20 & s8) | ((l20 | s8) & ~s22)) >>> 63;
        long s23 = s22 + h17;
        h21 += ((s22 & h17) | ((s22 | h17) & ~s23)) >>> 63;
        long l24 = q12 * m3;
        long h25 = UnsignedProducts.multiplyHigh(q12, m3);
        long s26 = l24 + s11;
        h25 += ((l24 & s11) | ((l24 | s11) & ~s26)) >>> 63;
        long s27 = s26 + h21;
        h25 += ((s26 & h21) | ((s26 | h21) & ~s27)) >>> 63;
        long s28 = h10 + h25;
        long c29 = ((h10 & h25) | ((h10 | h25) & ~s28)) >>> 63;
        long l30 = a0 * b1;
        long h31 = UnsignedProducts.multiplyHigh(a0, b1);
        long s32 = l30 + s19;
        h31 += ((l30 & s19) | ((l30 | s19) & ~s32)) >>> 63;
        long l33 = a1 * b1;
        long h34 = UnsignedProducts.multiplyHigh(a1, b1);
        long s35 = l33 + s23;
        h34 += ((l33 & s23) | ((l33 | s23) & ~s35)) >>> 63;
        long s36 = s35 + h31;
        h34 += ((s35 & h31) | ((s35 | h31) & ~s36)) >>> 63;
        long l37 = a2 * b1;
        long h38 = UnsignedProducts.multiplyHigh(a2, b1);
        long s39 = l37 + s27;
        h38 += ((l37 & s27) | ((l37 | s27) & ~s39)) >>> 63;
        long s40 = s39 + h34;
        h38 += ((s39 & h34) | ((s39 | h34) & ~s40)) >>> 63;
        long l41 = a3 * b1;
        long h42 = UnsignedProducts.multiplyHigh(a3, b1);
        long s43 = l41 + s28;
        h42 += ((l41 & s28) | ((l41 | s28) & ~s43)) >>> 63;
        long s44 = s43 + h38;
        h42 += ((s43 & h38) | ((s43 | h38) & ~s44)) >>> 63;
        long s45 = c29 + h42;
        long c46 = ((c29 & h42) | ((c29 | h42) & ~s45)) >>> 63;
        long q47 = s32 * n0;
        long l48 = q47 * m0;
        long h49 = UnsignedProducts.multiplyHigh(q47, m0);
        long s50 = l48 + s32;
        h49 += ((l48 & s32) | ((l48 | s32) & ~s50)) >>> 63;
        long l51 = q47 * m1;
        long h52 = UnsignedProducts.multiplyHigh(q47, m1);
        long s53 = l51 + s36;
        h52 += ((l51 & s36) | ((l51 | s36) & ~s53)) >>> 63;
        long s54 = s53 + h49;
        h52 += ((s53 & h49) | ((s53 | h49) & ~s54)) >>> 63;
        long l55 = q47 * m2;
        long h56 = UnsignedProducts.multiplyHigh(q47, m2);
        long s57 = l55 + s40;
        h56 += ((l55 & s40) | ((l55 | s40) & ~s57)) >>> 63;
        long s58 = s57 + h52;
        h56 += ((s57 & h52) | ((s57 | h52) & ~s58)) >>> 63;
        long l59 = q47 * m3;
        long h60 = UnsignedProducts.multiplyHigh(q47, m3);
        long s61 = l59 + s44;
        h60 += ((l59 & s44) | ((l59 | s44) & ~s61)) >>> 63;
        long s62 = s61 + h56;
        h60 += ((s61 & h56) | ((s61 | h56) & ~s62)) >>> 63;
        long s63 = s45 + h60;
        long c64 = ((s45 & h60) | ((s45 | h60) & ~s63)) >>> 63;
        long c65 = c64 + c46;
        long l66 = a0 * b2;
        long h67 = UnsignedProducts.multiplyHigh(a0, b2);
        long s68 = l66 + s54;
        h67 += ((l66 & s54) | ((l66 | s54) & ~s68)) >>> 63;
        long l69 = a1 * b2;
        long h70 = UnsignedProducts.multiplyHigh(a1, b2);
        long s71 = l69 + s58;
        h70 += ((l69 & s58) | ((l69 | s58) & ~s71)) >>> 63;
        long s72 = s71 + h67;
        h70 += ((s71 & h67) | ((s71 | h67) & ~s72)) >>> 63;
        long l73 = a2 * b2;
        long h74 = UnsignedProducts.multiplyHigh(a2, b2);
        long s75 = l73 + s62;
        h74 += ((l73 & s62) | ((l73 | s62) & ~s75)) >>> 63;
        long s76 = s75 + h70;
        h74 += ((s75 & h70) | ((s75 | h70) & ~s76)) >>> 63;
        long l77 = a3 * b2;
        long h78 = UnsignedProducts.multiplyHigh(a3, b2);
        long s79 = l77 + s63;
        h78 += ((l77 & s63) | ((l77 | s63) & ~s79)) >>> 63;
        long s80 = s79 + h74;
        h78 += ((s79 & h74) | ((s79 | h74) & ~s80)) >>> 63;
        long s81 = c65 + h78;
        long c82 = ((c65 & h78) | ((c65 | h78) & ~s81)) >>> 63;
        long q83 = s68 * n0;
        long l84 = q83 * m0;
        long h85 = UnsignedProducts.multiplyHigh(q83, m0);
        long s86 = l84 + s68;
        h85 += ((l84 & s68) | ((l84 | s68) & ~s86)) >>> 63;
        long l87 = q83 * m1;
        long h88 = UnsignedProducts.multiplyHigh(q83, m1);
        long s89 = l87 + s72;
        h88 += ((l87 & s72) | ((l87 | s72) & ~s89)) >>> 63;
        long s90 = s89 + h85;
        h88 += ((s89 & h85) | ((s89 | h85) & ~s90)) >>> 63;
        long l91 = q83 * m2;
        long h92 = UnsignedProducts.multiplyHigh(q83, m2);
        long s93 = l91 + s76;
        h92 += ((l91 & s76) | ((l91 | s76) & ~s93)) >>> 63;
        long s94 = s93 + h88;
        h92 += ((s93 & h88) | ((s93 | h88) & ~s94)) >>> 63;
        long l95 = q83 * m3;
        long h96 = UnsignedProducts.multiplyHigh(q83, m3);
        long s97 = l95 + s80;
        h96 += ((l95 & s80) | ((l95 | s80) & ~s97)) >>> 63;
        long s98 = s97 + h92;
        h96 += ((s97 & h92) | ((s97 | h92) & ~s98)) >>> 63;
        long s99 = s81 + h96;
        long c100 = ((s81 & h96) | ((s81 | h96) & ~s99)) >>> 63;
        long c101 = c100 + c82;
        long l102 = a0 * b3;
        long h103 = UnsignedProducts.multiplyHigh(a0, b3);
        long s104 = l102 + s90;
        h103 += ((l102 & s90) | ((l102 | s90) & ~s104)) >>> 63;
        long l105 = a1 * b3;
        long h106 = UnsignedProducts.multiplyHigh(a1, b3);
        long s107 = l105 + s94;
        h106 += ((l105 & s94) | ((l105 | s94) & ~s107)) >>> 63;
        long s108 = s107 + h103;
        h106 += ((s107 & h103) | ((s107 | h103) & ~s108)) >>> 63;
        long l109 = a2 * b3;
        long h110 = UnsignedProducts.multiplyHigh(a2, b3);
        long s111 = l109 + s98;
        h110 += ((l109 & s98) | ((l109 | s98) & ~s111)) >>> 63;
        long s112 = s111 + h106;
        h110 += ((s111 & h106) | ((s111 | h106) & ~s112)) >>> 63;
        long l113 = a3 * b3;
        long h114 = UnsignedProducts.multiplyHigh(a3, b3);
        long s115 = l113 + s99;
        h114 += ((l113 & s99) | ((l113 | s99) & ~s115)) >>> 63;
        long s116 = s115 + h110;
        h114 += ((s115 & h110) | ((s115 | h110) & ~s116)) >>> 63;
        long s117 = c101 + h114;
        long c118 = ((c101 & h114) | ((c101 | h114) & ~s117)) >>> 63;
        long q119 = s104 * n0;
        long l120 = q119 * m0;
        long h121 = UnsignedProducts.multiplyHigh(q119, m0);
        long s122 = l120 + s104;
        h121 += ((l120 & s104) | ((l120 | s104) & ~s122)) >>> 63;
        long l123 = q119 * m1;
        long h124 = UnsignedProducts.multiplyHigh(q119, m1);
        long s125 = l123 + s108;
        h124 += ((l123 & s108) | ((l123 | s108) & ~s125)) >>> 63;
        long s126 = s125 + h121;
        h124 += ((s125 & h121) | ((s125 | h121) & ~s126)) >>> 63;
        long l127 = q119 * m2;
        long h128 = UnsignedProducts.multiplyHigh(q119, m2);
        long s129 = l127 + s112;
        h128 += ((l127 & s112) | ((l127 | s112) & ~s129)) >>> 63;
        long s130 = s129 + h124;
        h128 += ((s129 & h124) | ((s129 | h124) & ~s130)) >>> 63;
        long l131 = q119 * m3;
        long h132 = UnsignedProducts.multiplyHigh(q119, m3);
        long s133 = l131 + s116;
        h132 += ((l131 & s116) | ((l131 | s116) & ~s133)) >>> 63;
        long s134 = s133 + h128;
        h132 += ((s133 & h128) | ((s133 | h128) & ~s134)) >>> 63;
        long s135 = s117 + h132;
        long c136 = ((s117 & h132) | ((s117 | h132) & ~s135)) >>> 63;
        long c137 = c136 + c118;
        long d0 = s126 - m0;
        long w0 = ((~s126 & m0) | ((~s126 | m0) & d0)) >>> 63;
        long x1 = s130 - m1;
        long y1 = ((~s130 & m1) | ((~s130 | m1) & x1)) >>> 63;
        long d1 = x1 - w0;
        long w1 = y1 | (((~x1 & w0) | ((~x1 | w0) & d1)) >>> 63);
        long x2 = s134 - m2;
        long y2 = ((~s134 & m2) | ((~s134 | m2) & x2)) >>> 63;
        long d2 = x2 - w1;
        long w2 = y2 | (((~x2 & w1) | ((~x2 | w1) & d2)) >>> 63);
        long x3 = s135 - m3;
        long y3 = ((~s135 & m3) | ((~s135 | m3) & x3)) >>> 63;
        long d3 = x3 - w2;
        long w3 = y3 | (((~x3 & w2) | ((~x3 | w2) & d3)) >>> 63);
        long keep = -(w3 & ~c137);
        r[ro + 0] = (s126 & keep) | (d0 & ~keep);
        r[ro + 1] = (s130 & keep) | (d1 & ~keep);
        r[ro + 2] = (s134 & keep) | (d2 & ~keep);
        r[ro + 3] = (s135 & keep) | (d3 & ~keep);
    }

    /*
     * Carries and borrows below use the full-adder identities on the top bit, valid for any carry
     * (borrow) into bit 63, so one formula covers x + y + c (x - y - c) with c in {0, 1}:
     *   carry(x + y + c)  = ((x & y) | ((x | y) & ~s)) >>> 63,   s = x + y + c
     *   borrow(x - y - c) = ((~x & y) | ((~x | y) & d)) >>> 63,  d = x - y - c
     * (bit 63 of s is x63 ^ y63 ^ c63; where x63 != y63 the carry out is c63 = ~s63, where they are
     * equal it is x63). This is 5 operations per limb instead of two separate formulas.
     */

    /** r = a + b mod m. */
    public static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo, long m0, long m1, long m2, long m3) {
        long x0 = a[ao];
        long y0 = b[bo];
        long s0 = x0 + y0;
        long c0 = ((x0 & y0) | ((x0 | y0) & ~s0)) >>> 63;
        long x1 = a[ao + 1];
        long y1 = b[bo + 1];
        long s1 = x1 + y1 + c0;
        long c1 = ((x1 & y1) | ((x1 | y1) & ~s1)) >>> 63;
        long x2 = a[ao + 2];
        long y2 = b[bo + 2];
        long s2 = x2 + y2 + c1;
        long c2 = ((x2 & y2) | ((x2 | y2) & ~s2)) >>> 63;
        long x3 = a[ao + 3];
        long y3 = b[bo + 3];
        long s3 = x3 + y3 + c2;
        long c3 = ((x3 & y3) | ((x3 | y3) & ~s3)) >>> 63;
        reduceOnce(r, ro, s0, s1, s2, s3, c3, m0, m1, m2, m3);
    }

    /** Writes (s + top * 2^256) - m if that is non-negative, else s; requires s + top * 2^256 &lt; 2m. */
    public static void reduceOnce(long[] r, int ro, long s0, long s1, long s2, long s3, long top,
            long m0, long m1, long m2, long m3) {
        long d0 = s0 - m0;
        long w0 = ((~s0 & m0) | ((~s0 | m0) & d0)) >>> 63;
        long d1 = s1 - m1 - w0;
        long w1 = ((~s1 & m1) | ((~s1 | m1) & d1)) >>> 63;
        long d2 = s2 - m2 - w1;
        long w2 = ((~s2 & m2) | ((~s2 | m2) & d2)) >>> 63;
        long d3 = s3 - m3 - w2;
        long w3 = ((~s3 & m3) | ((~s3 | m3) & d3)) >>> 63;
        long keep = -(w3 & ~top & 1);
        r[ro] = d0 ^ ((s0 ^ d0) & keep);
        r[ro + 1] = d1 ^ ((s1 ^ d1) & keep);
        r[ro + 2] = d2 ^ ((s2 ^ d2) & keep);
        r[ro + 3] = d3 ^ ((s3 ^ d3) & keep);
    }

    /** r = a - b mod m. */
    public static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo, long m0, long m1, long m2, long m3) {
        long x0 = a[ao];
        long y0 = b[bo];
        long d0 = x0 - y0;
        long w0 = ((~x0 & y0) | ((~x0 | y0) & d0)) >>> 63;
        long x1 = a[ao + 1];
        long y1 = b[bo + 1];
        long d1 = x1 - y1 - w0;
        long w1 = ((~x1 & y1) | ((~x1 | y1) & d1)) >>> 63;
        long x2 = a[ao + 2];
        long y2 = b[bo + 2];
        long d2 = x2 - y2 - w1;
        long w2 = ((~x2 & y2) | ((~x2 | y2) & d2)) >>> 63;
        long x3 = a[ao + 3];
        long y3 = b[bo + 3];
        long d3 = x3 - y3 - w2;
        long w3 = ((~x3 & y3) | ((~x3 | y3) & d3)) >>> 63;
        // On borrow add m back (mask select, no branch).
        long mask = -w3;
        long k0 = m0 & mask;
        long k1 = m1 & mask;
        long k2 = m2 & mask;
        long k3 = m3 & mask;
        long s0 = d0 + k0;
        long c0 = ((d0 & k0) | ((d0 | k0) & ~s0)) >>> 63;
        long s1 = d1 + k1 + c0;
        long c1 = ((d1 & k1) | ((d1 | k1) & ~s1)) >>> 63;
        long s2 = d2 + k2 + c1;
        long c2 = ((d2 & k2) | ((d2 | k2) & ~s2)) >>> 63;
        r[ro] = s0;
        r[ro + 1] = s1;
        r[ro + 2] = s2;
        r[ro + 3] = d3 + k3 + c2;
    }
}
