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

    static final String P1_HEX = "93de051d62bf718ff5ed0704487d01d6e1e4086909dc3280e8c4e4817c66dddd"
            + "21fe8dda4f21e607631065125c395bbc1c1c00cbfa6024350c464cd70a3ea616";
    /** x.hi, x.lo, y.hi, y.lo. */
    static final String P2_HEX = "85aef3d078640c98597b6027b441a01ff1dd2c190f5e93c454806c11d8806141"
            + "3722755292130b08d2aab97fd34ec120ee265948d19c17abf9b7213baf82d65b"
            + "17509b092e845c1266ba0d262cbee6ed0736a96fa347c8bd856dc76b84ebeb96"
            + "a7cf28d519be3da65f3170153d278ff247efba98a71a08116215bba5c999a7c7";

    private Sm9Curve() {
    }

    /** 6t + 2 in non-adjacent form, most significant digit first (66 digits, 11 of them non-zero). */
    static final int[] LOOP_NAF = naf(java.math.BigInteger.valueOf(T).multiply(java.math.BigInteger.valueOf(6))
            .add(java.math.BigInteger.TWO));
    /** t in non-adjacent form, most significant digit first (64 digits, 11 non-zero against 14 bits). */
    static final int[] T_NAF = naf(java.math.BigInteger.valueOf(T));

    /** The non-adjacent form of k > 0 (digits in {-1, 0, 1}, no two adjacent non-zero), MSB first. */
    static int[] naf(java.math.BigInteger k) {
        java.util.List<Integer> d = new java.util.ArrayList<>();
        java.math.BigInteger four = java.math.BigInteger.valueOf(4);
        while (k.signum() > 0) {
            int z = 0;
            if (k.testBit(0)) {
                z = 2 - k.mod(four).intValue();
                k = k.subtract(java.math.BigInteger.valueOf(z));
            }
            d.add(z);
            k = k.shiftRight(1);
        }
        int[] out = new int[d.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = d.get(out.length - 1 - i);
        }
        return out;
    }
}
