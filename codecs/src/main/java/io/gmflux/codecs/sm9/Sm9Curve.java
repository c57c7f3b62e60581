package io.gmflux.codecs.sm9;

import io.gmflux.codecs.bytes.Hex;

/**
 * The parameters of the SM9 BN curve (GM/T 0044.5-2016 §1-2, GB/T 38635): E: y^2 = x^3 + 5 over F_q,
 * the sextic twist E': y^2 = x^3 + 5u over F_q2, the group order N (prime; cofactor 1 on E), the
 * generators P1 in G1 and P2 in G2, and the BN parameter t with 6t + 2 the R-ate Miller loop count.
 */
final class Sm9Curve {

    static final byte[] Q_BYTES = Hex.decode("b640000002a3a6f1d603ab4ff58ec74521f2934b1a7aeedbe56f9b27e351457d");
    static final byte[] N_BYTES = Hex.decode("b640000002a3a6f1d603ab4ff58ec74449f2934b18ea8beee56ee19cd69ecf25");
    /** The BN parameter t. */
    static final long T = 0x600000000058F98AL;
    /** 6t + 2 = 0x2400000000215D93E (66 bits), the R-ate loop count, as high (2 bits) and low words. */
    static final long LOOP_HI = 0x2L;
    static final long LOOP_LO = 0x400000000215D93EL;
    static final int LOOP_BITS = 66;

    static final String P1_HEX = "93de051d62bf718ff5ed0704487d01d6e1e4086909dc3280e8c4e4817c66dddd"
            + "21fe8dda4f21e607631065125c395bbc1c1c00cbfa6024350c464cd70a3ea616";
    /** x.hi, x.lo, y.hi, y.lo. */
    static final String P2_HEX = "85aef3d078640c98597b6027b441a01ff1dd2c190f5e93c454806c11d8806141"
            + "3722755292130b08d2aab97fd34ec120ee265948d19c17abf9b7213baf82d65b"
            + "17509b092e845c1266ba0d262cbee6ed0736a96fa347c8bd856dc76b84ebeb96"
            + "a7cf28d519be3da65f3170153d278ff247efba98a71a08116215bba5c999a7c7";

    private Sm9Curve() {
    }

    /** Bit i of the loop count 6t + 2. */
    static int loopBit(int i) {
        return (int) ((i >= 64 ? LOOP_HI >>> (i - 64) : LOOP_LO >>> i) & 1);
    }
}
