package io.gmflux.codecs.sm2;

/**
 * Arithmetic modulo an odd 256-bit modulus m in Montgomery form (R = 2^256), on four 64-bit
 * little-endian limbs held in {@code long[4]} arrays.
 *
 * <p>Every operation is branch-free and allocation-free: carries are computed with bit formulas and
 * the final conditional subtraction selects by mask, so the running time does not depend on the
 * values. Inputs must be fully reduced ({@code < m}); outputs are fully reduced. The result array may
 * alias an input. Instances are immutable and thread-safe; the arrays passed in belong to the caller.
 *
 * <p>Used as it is for the group order n. {@link Sm2FieldP} overrides it for p with a plain
 * representation (its "Montgomery form" is the value itself) and Solinas reduction; callers go
 * through toMontgomery/fromMontgomery/one and never depend on which.
 */
class Montgomery256 {

    /** Read-only constants (never written). */
    private static final long[] ZERO = new long[4];
    private static final long[] PLAIN_ONE = {1, 0, 0, 0};

    private final long m0;
    private final long m1;
    private final long m2;
    private final long m3;
    /** -m^-1 mod 2^64. */
    private final long n0;
    /** R^2 mod m, for conversion into Montgomery form. */
    private final long[] rr;
    /** R mod m: the Montgomery form of 1. */
    private final long[] one;
    /** m - 2, the Fermat inversion exponent (public). */
    private final long[] mMinus2;

    Montgomery256(long[] modulus) {
        if (modulus.length != 4 || (modulus[0] & 1) == 0 || modulus[3] >= 0) {
            throw new IllegalArgumentException("modulus must be odd and 256 bits long");
        }
        m0 = modulus[0];
        m1 = modulus[1];
        m2 = modulus[2];
        m3 = modulus[3];
        // Newton iteration for m^-1 mod 2^64: each step doubles the number of correct bits.
        long inv = m0;
        for (int i = 0; i < 6; i++) {
            inv *= 2 - m0 * inv;
        }
        n0 = -inv;
        // R mod m = 2^256 - m (since 2^255 <= m < 2^256); R^2 mod m by 256 doublings of R mod m.
        one = new long[4];
        sub(one, new long[4], modulus, false);
        long[] r = one.clone();
        for (int i = 0; i < 256; i++) {
            add(r, r, r);
        }
        rr = r;
        mMinus2 = modulus.clone();
        mMinus2[0] -= 2; // m is odd and > 2: no borrow
    }

    /** r = a * b * R^-1 mod m. */
    void mul(long[] r, long[] a, long[] b) {
        long a0 = a[0];
        long a1 = a[1];
        long a2 = a[2];
        long a3 = a[3];
        long b0 = b[0];
        long b1 = b[1];
        long b2 = b[2];
        long b3 = b[3];
        long m0 = this.m0;
        long m1 = this.m1;
        long m2 = this.m2;
        long m3 = this.m3;
        long n0 = this.n0;
        // CIOS (Koc, Acar, Kaliski 1996), fully unrolled; the intermediate stays below 2m.
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
        long q12 = l1 * n0;
        long l13 = q12 * m0;
        long h14 = Math.multiplyHigh(q12, m0) + ((q12 >> 63) & m0) + ((m0 >> 63) & q12);
        long s15 = l13 + l1;
        h14 += ((l13 & l1) | ((l13 | l1) & ~s15)) >>> 63;
        long l16 = q12 * m1;
        long h17 = Math.multiplyHigh(q12, m1) + ((q12 >> 63) & m1) + ((m1 >> 63) & q12);
        long s18 = l16 + s5;
        h17 += ((l16 & s5) | ((l16 | s5) & ~s18)) >>> 63;
        long s19 = s18 + h14;
        h17 += ((s18 & h14) | ((s18 | h14) & ~s19)) >>> 63;
        long l20 = q12 * m2;
        long h21 = Math.multiplyHigh(q12, m2) + ((q12 >> 63) & m2) + ((m2 >> 63) & q12);
        long s22 = l20 + s8;
        h21 += ((l20 & s8) | ((l20 | s8) & ~s22)) >>> 63;
        long s23 = s22 + h17;
        h21 += ((s22 & h17) | ((s22 | h17) & ~s23)) >>> 63;
        long l24 = q12 * m3;
        long h25 = Math.multiplyHigh(q12, m3) + ((q12 >> 63) & m3) + ((m3 >> 63) & q12);
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
        long q47 = s32 * n0;
        long l48 = q47 * m0;
        long h49 = Math.multiplyHigh(q47, m0) + ((q47 >> 63) & m0) + ((m0 >> 63) & q47);
        long s50 = l48 + s32;
        h49 += ((l48 & s32) | ((l48 | s32) & ~s50)) >>> 63;
        long l51 = q47 * m1;
        long h52 = Math.multiplyHigh(q47, m1) + ((q47 >> 63) & m1) + ((m1 >> 63) & q47);
        long s53 = l51 + s36;
        h52 += ((l51 & s36) | ((l51 | s36) & ~s53)) >>> 63;
        long s54 = s53 + h49;
        h52 += ((s53 & h49) | ((s53 | h49) & ~s54)) >>> 63;
        long l55 = q47 * m2;
        long h56 = Math.multiplyHigh(q47, m2) + ((q47 >> 63) & m2) + ((m2 >> 63) & q47);
        long s57 = l55 + s40;
        h56 += ((l55 & s40) | ((l55 | s40) & ~s57)) >>> 63;
        long s58 = s57 + h52;
        h56 += ((s57 & h52) | ((s57 | h52) & ~s58)) >>> 63;
        long l59 = q47 * m3;
        long h60 = Math.multiplyHigh(q47, m3) + ((q47 >> 63) & m3) + ((m3 >> 63) & q47);
        long s61 = l59 + s44;
        h60 += ((l59 & s44) | ((l59 | s44) & ~s61)) >>> 63;
        long s62 = s61 + h56;
        h60 += ((s61 & h56) | ((s61 | h56) & ~s62)) >>> 63;
        long s63 = s45 + h60;
        long c64 = ((s45 & h60) | ((s45 | h60) & ~s63)) >>> 63;
        long t65 = c46 + c64;
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
        long s81 = t65 + h78;
        long c82 = ((t65 & h78) | ((t65 | h78) & ~s81)) >>> 63;
        long q83 = s68 * n0;
        long l84 = q83 * m0;
        long h85 = Math.multiplyHigh(q83, m0) + ((q83 >> 63) & m0) + ((m0 >> 63) & q83);
        long s86 = l84 + s68;
        h85 += ((l84 & s68) | ((l84 | s68) & ~s86)) >>> 63;
        long l87 = q83 * m1;
        long h88 = Math.multiplyHigh(q83, m1) + ((q83 >> 63) & m1) + ((m1 >> 63) & q83);
        long s89 = l87 + s72;
        h88 += ((l87 & s72) | ((l87 | s72) & ~s89)) >>> 63;
        long s90 = s89 + h85;
        h88 += ((s89 & h85) | ((s89 | h85) & ~s90)) >>> 63;
        long l91 = q83 * m2;
        long h92 = Math.multiplyHigh(q83, m2) + ((q83 >> 63) & m2) + ((m2 >> 63) & q83);
        long s93 = l91 + s76;
        h92 += ((l91 & s76) | ((l91 | s76) & ~s93)) >>> 63;
        long s94 = s93 + h88;
        h92 += ((s93 & h88) | ((s93 | h88) & ~s94)) >>> 63;
        long l95 = q83 * m3;
        long h96 = Math.multiplyHigh(q83, m3) + ((q83 >> 63) & m3) + ((m3 >> 63) & q83);
        long s97 = l95 + s80;
        h96 += ((l95 & s80) | ((l95 | s80) & ~s97)) >>> 63;
        long s98 = s97 + h92;
        h96 += ((s97 & h92) | ((s97 | h92) & ~s98)) >>> 63;
        long s99 = s81 + h96;
        long c100 = ((s81 & h96) | ((s81 | h96) & ~s99)) >>> 63;
        long t101 = c82 + c100;
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
        long s117 = t101 + h114;
        long c118 = ((t101 & h114) | ((t101 | h114) & ~s117)) >>> 63;
        long q119 = s104 * n0;
        long l120 = q119 * m0;
        long h121 = Math.multiplyHigh(q119, m0) + ((q119 >> 63) & m0) + ((m0 >> 63) & q119);
        long s122 = l120 + s104;
        h121 += ((l120 & s104) | ((l120 | s104) & ~s122)) >>> 63;
        long l123 = q119 * m1;
        long h124 = Math.multiplyHigh(q119, m1) + ((q119 >> 63) & m1) + ((m1 >> 63) & q119);
        long s125 = l123 + s108;
        h124 += ((l123 & s108) | ((l123 | s108) & ~s125)) >>> 63;
        long s126 = s125 + h121;
        h124 += ((s125 & h121) | ((s125 | h121) & ~s126)) >>> 63;
        long l127 = q119 * m2;
        long h128 = Math.multiplyHigh(q119, m2) + ((q119 >> 63) & m2) + ((m2 >> 63) & q119);
        long s129 = l127 + s112;
        h128 += ((l127 & s112) | ((l127 | s112) & ~s129)) >>> 63;
        long s130 = s129 + h124;
        h128 += ((s129 & h124) | ((s129 | h124) & ~s130)) >>> 63;
        long l131 = q119 * m3;
        long h132 = Math.multiplyHigh(q119, m3) + ((q119 >> 63) & m3) + ((m3 >> 63) & q119);
        long s133 = l131 + s116;
        h132 += ((l131 & s116) | ((l131 | s116) & ~s133)) >>> 63;
        long s134 = s133 + h128;
        h132 += ((s133 & h128) | ((s133 | h128) & ~s134)) >>> 63;
        long s135 = s117 + h132;
        long c136 = ((s117 & h132) | ((s117 | h132) & ~s135)) >>> 63;
        long t137 = c118 + c136;
        reduceOnce(r, s126, s130, s134, s135, t137);
    }

    /** r = a^2 * R^-1 mod m. */
    void sqr(long[] r, long[] a) {
        long a0 = a[0];
        long a1 = a[1];
        long a2 = a[2];
        long a3 = a[3];
        long m0 = this.m0;
        long m1 = this.m1;
        long m2 = this.m2;
        long m3 = this.m3;
        long n0 = this.n0;
        // the six cross products once, doubled, plus the four squares (10 products instead of 16),
        // then four Montgomery reduction rounds on the 512-bit square (separated operand scanning)
        long l1 = a0 * a1;
        long h2 = Math.multiplyHigh(a0, a1) + ((a0 >> 63) & a1) + ((a1 >> 63) & a0);
        long l3 = a0 * a2;
        long h4 = Math.multiplyHigh(a0, a2) + ((a0 >> 63) & a2) + ((a2 >> 63) & a0);
        long s5 = l3 + h2;
        long c6 = ((l3 & h2) | ((l3 | h2) & ~s5)) >>> 63;
        h4 += c6;
        long l7 = a0 * a3;
        long h8 = Math.multiplyHigh(a0, a3) + ((a0 >> 63) & a3) + ((a3 >> 63) & a0);
        long s9 = l7 + h4;
        long c10 = ((l7 & h4) | ((l7 | h4) & ~s9)) >>> 63;
        h8 += c10;
        long l11 = a1 * a2;
        long h12 = Math.multiplyHigh(a1, a2) + ((a1 >> 63) & a2) + ((a2 >> 63) & a1);
        long s13 = l11 + s9;
        long c14 = ((l11 & s9) | ((l11 | s9) & ~s13)) >>> 63;
        h12 += c14;
        long l15 = a1 * a3;
        long h16 = Math.multiplyHigh(a1, a3) + ((a1 >> 63) & a3) + ((a3 >> 63) & a1);
        long s17 = l15 + h8;
        long c18 = ((l15 & h8) | ((l15 | h8) & ~s17)) >>> 63;
        h16 += c18;
        long s19 = s17 + h12;
        long c20 = ((s17 & h12) | ((s17 | h12) & ~s19)) >>> 63;
        h16 += c20;
        long l21 = a2 * a3;
        long h22 = Math.multiplyHigh(a2, a3) + ((a2 >> 63) & a3) + ((a3 >> 63) & a2);
        long s23 = l21 + h16;
        long c24 = ((l21 & h16) | ((l21 | h16) & ~s23)) >>> 63;
        h22 += c24;
        long d8 = 0L >>> 63;
        long d7 = (0L << 1) | (h22 >>> 63);
        long d6 = (h22 << 1) | (s23 >>> 63);
        long d5 = (s23 << 1) | (s19 >>> 63);
        long d4 = (s19 << 1) | (s13 >>> 63);
        long d3 = (s13 << 1) | (s5 >>> 63);
        long d2 = (s5 << 1) | (l1 >>> 63);
        long d1 = l1 << 1;
        long l25 = a0 * a0;
        long h26 = Math.multiplyHigh(a0, a0) + ((a0 >> 63) & a0) + ((a0 >> 63) & a0);
        long l27 = a1 * a1;
        long h28 = Math.multiplyHigh(a1, a1) + ((a1 >> 63) & a1) + ((a1 >> 63) & a1);
        long l29 = a2 * a2;
        long h30 = Math.multiplyHigh(a2, a2) + ((a2 >> 63) & a2) + ((a2 >> 63) & a2);
        long l31 = a3 * a3;
        long h32 = Math.multiplyHigh(a3, a3) + ((a3 >> 63) & a3) + ((a3 >> 63) & a3);
        long s33 = d1 + h26;
        long c34 = ((d1 & h26) | ((d1 | h26) & ~s33)) >>> 63;
        long s35 = d2 + l27 + c34;
        long c36 = ((d2 & l27) | ((d2 | l27) & ~s35)) >>> 63;
        long s37 = d3 + h28 + c36;
        long c38 = ((d3 & h28) | ((d3 | h28) & ~s37)) >>> 63;
        long s39 = d4 + l29 + c38;
        long c40 = ((d4 & l29) | ((d4 | l29) & ~s39)) >>> 63;
        long s41 = d5 + h30 + c40;
        long c42 = ((d5 & h30) | ((d5 | h30) & ~s41)) >>> 63;
        long s43 = d6 + l31 + c42;
        long c44 = ((d6 & l31) | ((d6 | l31) & ~s43)) >>> 63;
        long s45 = d7 + h32 + c44;
        long c46 = ((d7 & h32) | ((d7 | h32) & ~s45)) >>> 63;
        long q47 = l25 * n0;
        long l48 = q47 * m0;
        long h49 = Math.multiplyHigh(q47, m0) + ((q47 >> 63) & m0) + ((m0 >> 63) & q47);
        long s50 = l48 + l25;
        long c51 = ((l48 & l25) | ((l48 | l25) & ~s50)) >>> 63;
        h49 += c51;
        long l52 = q47 * m1;
        long h53 = Math.multiplyHigh(q47, m1) + ((q47 >> 63) & m1) + ((m1 >> 63) & q47);
        long s54 = l52 + s33;
        long c55 = ((l52 & s33) | ((l52 | s33) & ~s54)) >>> 63;
        h53 += c55;
        long s56 = s54 + h49;
        long c57 = ((s54 & h49) | ((s54 | h49) & ~s56)) >>> 63;
        h53 += c57;
        long l58 = q47 * m2;
        long h59 = Math.multiplyHigh(q47, m2) + ((q47 >> 63) & m2) + ((m2 >> 63) & q47);
        long s60 = l58 + s35;
        long c61 = ((l58 & s35) | ((l58 | s35) & ~s60)) >>> 63;
        h59 += c61;
        long s62 = s60 + h53;
        long c63 = ((s60 & h53) | ((s60 | h53) & ~s62)) >>> 63;
        h59 += c63;
        long l64 = q47 * m3;
        long h65 = Math.multiplyHigh(q47, m3) + ((q47 >> 63) & m3) + ((m3 >> 63) & q47);
        long s66 = l64 + s37;
        long c67 = ((l64 & s37) | ((l64 | s37) & ~s66)) >>> 63;
        h65 += c67;
        long s68 = s66 + h59;
        long c69 = ((s66 & h59) | ((s66 | h59) & ~s68)) >>> 63;
        h65 += c69;
        long s70 = s39 + h65;
        long c71 = ((s39 & h65) | ((s39 | h65) & ~s70)) >>> 63;
        long s72 = s41 + c71;
        long c73 = ((s41 & c71) | ((s41 | c71) & ~s72)) >>> 63;
        long s74 = s43 + c73;
        long c75 = ((s43 & c73) | ((s43 | c73) & ~s74)) >>> 63;
        long s76 = s45 + c75;
        long c77 = ((s45 & c75) | ((s45 | c75) & ~s76)) >>> 63;
        long t78 = (d8 + c46) + c77;
        long q79 = s56 * n0;
        long l80 = q79 * m0;
        long h81 = Math.multiplyHigh(q79, m0) + ((q79 >> 63) & m0) + ((m0 >> 63) & q79);
        long s82 = l80 + s56;
        long c83 = ((l80 & s56) | ((l80 | s56) & ~s82)) >>> 63;
        h81 += c83;
        long l84 = q79 * m1;
        long h85 = Math.multiplyHigh(q79, m1) + ((q79 >> 63) & m1) + ((m1 >> 63) & q79);
        long s86 = l84 + s62;
        long c87 = ((l84 & s62) | ((l84 | s62) & ~s86)) >>> 63;
        h85 += c87;
        long s88 = s86 + h81;
        long c89 = ((s86 & h81) | ((s86 | h81) & ~s88)) >>> 63;
        h85 += c89;
        long l90 = q79 * m2;
        long h91 = Math.multiplyHigh(q79, m2) + ((q79 >> 63) & m2) + ((m2 >> 63) & q79);
        long s92 = l90 + s68;
        long c93 = ((l90 & s68) | ((l90 | s68) & ~s92)) >>> 63;
        h91 += c93;
        long s94 = s92 + h85;
        long c95 = ((s92 & h85) | ((s92 | h85) & ~s94)) >>> 63;
        h91 += c95;
        long l96 = q79 * m3;
        long h97 = Math.multiplyHigh(q79, m3) + ((q79 >> 63) & m3) + ((m3 >> 63) & q79);
        long s98 = l96 + s70;
        long c99 = ((l96 & s70) | ((l96 | s70) & ~s98)) >>> 63;
        h97 += c99;
        long s100 = s98 + h91;
        long c101 = ((s98 & h91) | ((s98 | h91) & ~s100)) >>> 63;
        h97 += c101;
        long s102 = s72 + h97;
        long c103 = ((s72 & h97) | ((s72 | h97) & ~s102)) >>> 63;
        long s104 = s74 + c103;
        long c105 = ((s74 & c103) | ((s74 | c103) & ~s104)) >>> 63;
        long s106 = s76 + c105;
        long c107 = ((s76 & c105) | ((s76 | c105) & ~s106)) >>> 63;
        long t108 = t78 + c107;
        long q109 = s88 * n0;
        long l110 = q109 * m0;
        long h111 = Math.multiplyHigh(q109, m0) + ((q109 >> 63) & m0) + ((m0 >> 63) & q109);
        long s112 = l110 + s88;
        long c113 = ((l110 & s88) | ((l110 | s88) & ~s112)) >>> 63;
        h111 += c113;
        long l114 = q109 * m1;
        long h115 = Math.multiplyHigh(q109, m1) + ((q109 >> 63) & m1) + ((m1 >> 63) & q109);
        long s116 = l114 + s94;
        long c117 = ((l114 & s94) | ((l114 | s94) & ~s116)) >>> 63;
        h115 += c117;
        long s118 = s116 + h111;
        long c119 = ((s116 & h111) | ((s116 | h111) & ~s118)) >>> 63;
        h115 += c119;
        long l120 = q109 * m2;
        long h121 = Math.multiplyHigh(q109, m2) + ((q109 >> 63) & m2) + ((m2 >> 63) & q109);
        long s122 = l120 + s100;
        long c123 = ((l120 & s100) | ((l120 | s100) & ~s122)) >>> 63;
        h121 += c123;
        long s124 = s122 + h115;
        long c125 = ((s122 & h115) | ((s122 | h115) & ~s124)) >>> 63;
        h121 += c125;
        long l126 = q109 * m3;
        long h127 = Math.multiplyHigh(q109, m3) + ((q109 >> 63) & m3) + ((m3 >> 63) & q109);
        long s128 = l126 + s102;
        long c129 = ((l126 & s102) | ((l126 | s102) & ~s128)) >>> 63;
        h127 += c129;
        long s130 = s128 + h121;
        long c131 = ((s128 & h121) | ((s128 | h121) & ~s130)) >>> 63;
        h127 += c131;
        long s132 = s104 + h127;
        long c133 = ((s104 & h127) | ((s104 | h127) & ~s132)) >>> 63;
        long s134 = s106 + c133;
        long c135 = ((s106 & c133) | ((s106 | c133) & ~s134)) >>> 63;
        long t136 = t108 + c135;
        long q137 = s118 * n0;
        long l138 = q137 * m0;
        long h139 = Math.multiplyHigh(q137, m0) + ((q137 >> 63) & m0) + ((m0 >> 63) & q137);
        long s140 = l138 + s118;
        long c141 = ((l138 & s118) | ((l138 | s118) & ~s140)) >>> 63;
        h139 += c141;
        long l142 = q137 * m1;
        long h143 = Math.multiplyHigh(q137, m1) + ((q137 >> 63) & m1) + ((m1 >> 63) & q137);
        long s144 = l142 + s124;
        long c145 = ((l142 & s124) | ((l142 | s124) & ~s144)) >>> 63;
        h143 += c145;
        long s146 = s144 + h139;
        long c147 = ((s144 & h139) | ((s144 | h139) & ~s146)) >>> 63;
        h143 += c147;
        long l148 = q137 * m2;
        long h149 = Math.multiplyHigh(q137, m2) + ((q137 >> 63) & m2) + ((m2 >> 63) & q137);
        long s150 = l148 + s130;
        long c151 = ((l148 & s130) | ((l148 | s130) & ~s150)) >>> 63;
        h149 += c151;
        long s152 = s150 + h143;
        long c153 = ((s150 & h143) | ((s150 | h143) & ~s152)) >>> 63;
        h149 += c153;
        long l154 = q137 * m3;
        long h155 = Math.multiplyHigh(q137, m3) + ((q137 >> 63) & m3) + ((m3 >> 63) & q137);
        long s156 = l154 + s132;
        long c157 = ((l154 & s132) | ((l154 | s132) & ~s156)) >>> 63;
        h155 += c157;
        long s158 = s156 + h149;
        long c159 = ((s156 & h149) | ((s156 | h149) & ~s158)) >>> 63;
        h155 += c159;
        long s160 = s134 + h155;
        long c161 = ((s134 & h155) | ((s134 | h155) & ~s160)) >>> 63;
        long t162 = t136 + c161;
        reduceOnce(r, s146, s152, s158, s160, t162);
    }

    /** r = (t4:t3:t2:t1:t0) mod m for a value below 2m. */
    final void reduceOnce(long[] r, long t0, long t1, long t2, long t3, long t4) {
        long d0 = t0 - m0;
        long bw = ((~t0 & m0) | ((~t0 | m0) & d0)) >>> 63;
        long d1 = t1 - m1 - bw;
        bw = ((~t1 & m1) | ((~t1 | m1) & d1)) >>> 63;
        long d2 = t2 - m2 - bw;
        bw = ((~t2 & m2) | ((~t2 | m2) & d2)) >>> 63;
        long d3 = t3 - m3 - bw;
        bw = ((~t3 & m3) | ((~t3 | m3) & d3)) >>> 63;
        // keep t only when t < m, i.e. the subtraction borrowed out of the fifth limb
        long keep = -(~t4 & bw & 1);
        r[0] = (t0 & keep) | (d0 & ~keep);
        r[1] = (t1 & keep) | (d1 & ~keep);
        r[2] = (t2 & keep) | (d2 & ~keep);
        r[3] = (t3 & keep) | (d3 & ~keep);
    }

    /** r = a + b mod m. */
    void add(long[] r, long[] a, long[] b) {
        long a0 = a[0];
        long b0 = b[0];
        long s0 = a0 + b0;
        long c = ((a0 & b0) | ((a0 | b0) & ~s0)) >>> 63;
        long a1 = a[1];
        long b1 = b[1];
        long s1 = a1 + b1 + c;
        c = ((a1 & b1) | ((a1 | b1) & ~s1)) >>> 63;
        long a2 = a[2];
        long b2 = b[2];
        long s2 = a2 + b2 + c;
        c = ((a2 & b2) | ((a2 | b2) & ~s2)) >>> 63;
        long a3 = a[3];
        long b3 = b[3];
        long s3 = a3 + b3 + c;
        c = ((a3 & b3) | ((a3 | b3) & ~s3)) >>> 63;
        reduceOnce(r, s0, s1, s2, s3, c);
    }

    /** r = a - b mod m. */
    void sub(long[] r, long[] a, long[] b) {
        sub(r, a, b, true);
    }

    private void sub(long[] r, long[] a, long[] b, boolean wrap) {
        long a0 = a[0];
        long b0 = b[0];
        long d0 = a0 - b0;
        long bw = ((~a0 & b0) | ((~a0 | b0) & d0)) >>> 63;
        long a1 = a[1];
        long b1 = b[1];
        long d1 = a1 - b1 - bw;
        bw = ((~a1 & b1) | ((~a1 | b1) & d1)) >>> 63;
        long a2 = a[2];
        long b2 = b[2];
        long d2 = a2 - b2 - bw;
        bw = ((~a2 & b2) | ((~a2 | b2) & d2)) >>> 63;
        long a3 = a[3];
        long b3 = b[3];
        long d3 = a3 - b3 - bw;
        bw = ((~a3 & b3) | ((~a3 | b3) & d3)) >>> 63;
        // add m back when the subtraction borrowed (masked, no branch)
        long mask = wrap ? -bw : 0;
        long k0 = m0 & mask;
        long s0 = d0 + k0;
        long c = ((d0 & k0) | ((d0 | k0) & ~s0)) >>> 63;
        long k1 = m1 & mask;
        long s1 = d1 + k1 + c;
        c = ((d1 & k1) | ((d1 | k1) & ~s1)) >>> 63;
        long k2 = m2 & mask;
        long s2 = d2 + k2 + c;
        c = ((d2 & k2) | ((d2 | k2) & ~s2)) >>> 63;
        long k3 = m3 & mask;
        r[0] = s0;
        r[1] = s1;
        r[2] = s2;
        r[3] = d3 + k3 + c;
    }

    /** r = -a mod m. */
    void neg(long[] r, long[] a) {
        sub(r, ZERO, a);
    }

    /** r = a in Montgomery form (a * R mod m); a must be below m. */
    void toMontgomery(long[] r, long[] a) {
        mul(r, a, rr);
    }

    /** r = a out of Montgomery form (a * R^-1 mod m). */
    void fromMontgomery(long[] r, long[] a) {
        mul(r, a, PLAIN_ONE);
    }

    /** The Montgomery form of 1, copied into r. */
    void one(long[] r) {
        System.arraycopy(one, 0, r, 0, 4);
    }

    /**
     * r = a^-1 (Montgomery form in and out) by Fermat's little theorem, a^(m-2) (m prime); 0 maps
     * to 0. Constant time in a; allocates its window table: meant for key setup (inversion mod n);
     * the hot inversion mod p uses an addition chain ({@link PointArithmetic#invert}).
     */
    void inv(long[] r, long[] a) {
        pow(r, a, mMinus2);
    }

    /**
     * r = a^e (Montgomery form in and out) for a public exponent e (four limbs), with a fixed 4-bit
     * window: the table index depends only on e, never on a, so the time is independent of a.
     */
    void pow(long[] r, long[] a, long[] e) {
        long[][] table = new long[16][4];
        one(table[0]);
        System.arraycopy(a, 0, table[1], 0, 4);
        for (int i = 2; i < 16; i++) {
            mul(table[i], table[i - 1], a);
        }
        long[] acc = new long[4];
        one(acc);
        for (int i = 63; i >= 0; i--) {
            sqr(acc, acc);
            sqr(acc, acc);
            sqr(acc, acc);
            sqr(acc, acc);
            int digit = (int) (e[i >>> 4] >>> ((i & 15) << 2)) & 15;
            mul(acc, acc, table[digit]);
        }
        System.arraycopy(acc, 0, r, 0, 4);
    }

    /** r = a mod m for any 256-bit a (valid because 2^256 &lt; 2m); constant time. */
    void reduce(long[] r, long[] a) {
        reduceOnce(r, a[0], a[1], a[2], a[3], 0);
    }

    /** Whether a &lt; m (any limbs); constant time. */
    boolean isReduced(long[] a) {
        long bw = ((~a[0] & m0) | ((~a[0] | m0) & (a[0] - m0))) >>> 63;
        long d1 = a[1] - m1 - bw;
        bw = ((~a[1] & m1) | ((~a[1] | m1) & d1)) >>> 63;
        long d2 = a[2] - m2 - bw;
        bw = ((~a[2] & m2) | ((~a[2] | m2) & d2)) >>> 63;
        long d3 = a[3] - m3 - bw;
        bw = ((~a[3] & m3) | ((~a[3] | m3) & d3)) >>> 63;
        return bw == 1;
    }
}
