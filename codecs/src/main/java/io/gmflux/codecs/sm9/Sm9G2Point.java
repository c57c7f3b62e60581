package io.gmflux.codecs.sm9;

import java.util.Arrays;
import java.util.Objects;

/**
 * A point of G2, the order-N subgroup of the twist E'(F_q2): y^2 = x^3 + 5u (GM/T 0044.5 §1), other
 * than the point at infinity. Its raw form is 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo (129 bytes, with
 * x = x.hi·u + x.lo). Decoding checks the form, the coordinates' range, the twist equation and
 * membership in G2 by the Frobenius endomorphism (ψ(Q) = [6t^2]Q) rather than by [N]Q.
 *
 * <p>Immutable and thread-safe (points that are secret keys are zeroed by their key's
 * {@code destroy()}). When the point is a key (a master public key, a user decryption key), its
 * Miller-loop lines are computed on first use and kept, so the key is "prepared" once;
 * {@link Sm9Pairing#pair} computes them afresh every time.
 */
public final class Sm9G2Point {

    final long[] affine;
    private final byte[] encoded;
    private volatile long[] lines;

    Sm9G2Point(long[] affine) {
        this.affine = affine;
        this.encoded = Sm9Codec.encodeG2(affine, 0);
    }

    /** The generator P2. */
    public static Sm9G2Point generator() {
        Sm9G2Point p = new Sm9G2Point(Generators.P2.clone());
        p.lines = Generators.P2_LINES;
        return p;
    }

    /**
     * Decodes 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo.
     *
     * @throws NullPointerException if {@code encoded} is null
     * @throws IllegalArgumentException if it is not a 129-byte point of G2
     */
    public static Sm9G2Point fromEncoded(byte[] encoded) {
        Objects.requireNonNull(encoded, "encoded");
        long[] a = new long[16];
        if (!Sm9Codec.decodeG2(a, 0, encoded, Workspace.get())) {
            throw new IllegalArgumentException("not an SM9 G2 point (04 || x.hi || x.lo || y.hi || y.lo in G2)");
        }
        return new Sm9G2Point(a);
    }

    /** The Miller-loop lines of this point (computed once; racing threads compute the same value). */
    long[] lines() {
        long[] l = lines;
        if (l == null) {
            l = Pairing.prepareNormalized(affine, 0, Workspace.get());
            lines = l;
        }
        return l;
    }

    /** Zeroes the coordinates, the encoding and the lines (for points that are secret keys). */
    void wipe() {
        java.util.Arrays.fill(affine, 0L);
        java.util.Arrays.fill(encoded, (byte) 0);
        long[] l = lines;
        if (l != null && l != Generators.P2_LINES) {
            java.util.Arrays.fill(l, 0L);
        }
    }

    /** 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo (a fresh copy). */
    public byte[] encoded() {
        return encoded.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sm9G2Point && Arrays.equals(encoded, ((Sm9G2Point) o).encoded);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoded);
    }
}
