package io.gmflux.codecs.sm9;

import io.gmflux.codecs.bytes.Hex;

/**
 * Precomputation for the fixed generators, built once at class initialisation (about 2,000 group
 * operations) and read-only afterwards: the comb tables of P1 and P2 for constant-time fixed-base
 * multiplication, and the Miller-loop lines of P2 (every e(X, P2) — encryption's g, the KEM, key
 * exchange — only evaluates them).
 */
final class Generators {

    /** P1, affine (8 longs). */
    static final long[] P1 = new long[8];
    /** P2, affine (16 longs). */
    static final long[] P2 = new long[16];
    static final GroupExponentiation.Comb P1_COMB;
    static final GroupExponentiation.Comb P2_COMB;
    static final long[] P2_LINES;

    static {
        Workspace w = new Workspace();
        if (!Sm9Codec.decodeG1Coordinates(P1, 0, Hex.decode(Sm9Curve.P1_HEX), 0)) {
            throw new ExceptionInInitializerError("P1 not on the curve");
        }
        if (!Sm9Codec.decodeG2(P2, 0, Hex.decode("04" + Sm9Curve.P2_HEX), w)) {
            throw new ExceptionInInitializerError("P2 not in G2");
        }
        long[] j1 = new long[G1Jacobian.SIZE];
        G1Jacobian.fromAffine(j1, 0, P1, 0);
        P1_COMB = new GroupExponentiation.Comb(Group.G1, j1, 0);
        long[] j2 = new long[G2Jacobian.SIZE];
        G2Jacobian.fromAffine(j2, 0, P2, 0);
        P2_COMB = new GroupExponentiation.Comb(Group.G2, j2, 0);
        P2_LINES = Pairing.prepareNormalized(P2, 0, w);
    }

    private Generators() {
    }
}
