package io.gmflux.codecs.sm9;

import java.util.Arrays;
import java.util.Objects;

/**
 * A point of G1 = E(F_q), E: y^2 = x^3 + 5, the SM9 curve (GM/T 0044.5 §1), other than the point at
 * infinity. Its raw form is 04 ‖ x ‖ y (65 bytes). Decoding checks the form, the range of the
 * coordinates and the curve equation; G1 has cofactor 1, so that is also subgroup membership.
 *
 * <p>Immutable and thread-safe.
 */
public final class Sm9G1Point {

    /** Affine coordinates in Montgomery form (package-private; never modified). */
    final long[] affine;
    private final byte[] encoded;

    Sm9G1Point(long[] affine) {
        this.affine = affine;
        this.encoded = Sm9Codec.encodeG1(affine, 0);
    }

    /** The generator P1. */
    public static Sm9G1Point generator() {
        return new Sm9G1Point(Generators.P1.clone());
    }

    /**
     * Decodes 04 ‖ x ‖ y.
     *
     * @throws NullPointerException if {@code encoded} is null
     * @throws IllegalArgumentException if it is not a 65-byte uncompressed point of G1
     */
    public static Sm9G1Point fromEncoded(byte[] encoded) {
        Objects.requireNonNull(encoded, "encoded");
        long[] a = new long[8];
        if (!Sm9Codec.decodeG1(a, 0, encoded)) {
            throw new IllegalArgumentException("not an uncompressed SM9 G1 point (04 || x || y on the curve)");
        }
        return new Sm9G1Point(a);
    }

    /** 04 ‖ x ‖ y (a fresh copy). */
    public byte[] encoded() {
        return encoded.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sm9G1Point && Arrays.equals(encoded, ((Sm9G1Point) o).encoded);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(encoded);
    }
}
