package io.gmflux.codecs.sm9;

import java.util.Objects;

/**
 * The SM9 R-ate pairing e: G1 × G2 → G_T (GM/T 0044.1 Annex B): e(P, Q) = f^((q^12 - 1)/N), Miller
 * loop over 6t + 2 with sparse line multiplications, final exponentiation with Frobenius maps and
 * cyclotomic squarings. Values of G_T are given in the standard's 384-byte form (the w^2, w, 1
 * coefficients, each v-part before its 1-part, each u-part before its 1-part), the form hashed by
 * SM9's H2 and KDF.
 *
 * <p>Thread-safe. Each call computes the whole pairing, Q's lines included (the algorithms of this
 * package reuse the lines of fixed points instead: P2, master public keys, user keys). Public inputs are assumed: the computation branches only on the
 * public loop count, so its timing does not depend on P or Q.
 */
public final class Sm9Pairing {

    private Sm9Pairing() {
    }

    /** e(p, q) as 384 bytes. */
    public static byte[] pair(Sm9G1Point p, Sm9G2Point q) {
        Objects.requireNonNull(p, "p");
        Objects.requireNonNull(q, "q");
        Workspace w = Workspace.get();
        long[] r = new long[Fq12.SIZE];
        Pairing.pair(r, 0, p.affine, 0, Pairing.prepare(q.affine, 0, w), w);
        return Sm9Codec.encodeGt(r, 0);
    }
}
