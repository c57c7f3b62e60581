package io.gmflux.codecs.sm2;

import java.security.InvalidKeyException;
import java.util.Arrays;
import java.util.Objects;

/**
 * An SM2 public key: a point of sm2p256v1 (GB/T 32918.1 §6.2), validated on construction (both
 * coordinates below p, on the curve, not the point at infinity; the cofactor is 1, so it has
 * order n). Immutable and thread-safe.
 *
 * <p>Encodings: uncompressed {@code 04 || x || y} (65 bytes) and compressed {@code 02/03 || x}
 * (33 bytes), GB/T 32918.1 §4.2.9. For SPKI DER/PEM see {@link Sm2KeyEncoding}.
 */
public final class Sm2PublicKey {

    /** Affine coordinates (plain limbs, below p). Never written after construction. */
    final long[] x = new long[4];
    final long[] y = new long[4];
    private final byte[] uncompressed;

    private Sm2PublicKey(byte[] encoded, int off, int len) throws InvalidKeyException {
        PointEncoding.decode(encoded, off, len, x, y, new PointArithmetic());
        uncompressed = PointEncoding.encodeUncompressed(x, y);
    }

    /** Built from a point already known to be valid; the arrays are copied. */
    Sm2PublicKey(long[] x, long[] y) {
        System.arraycopy(x, 0, this.x, 0, 4);
        System.arraycopy(y, 0, this.y, 0, 4);
        uncompressed = PointEncoding.encodeUncompressed(x, y);
    }

    /**
     * Decodes {@code 04 || x || y} or {@code 02/03 || x}.
     *
     * @throws InvalidKeyException if the encoding is malformed or the point is not a valid public key
     * @throws NullPointerException if {@code encoded} is null
     */
    public static Sm2PublicKey fromEncoded(byte[] encoded) throws InvalidKeyException {
        Objects.requireNonNull(encoded, "encoded");
        return new Sm2PublicKey(encoded, 0, encoded.length);
    }

    /** The key with affine coordinates x and y (32 bytes each, big-endian). */
    public static Sm2PublicKey fromCoordinates(byte[] x, byte[] y) throws InvalidKeyException {
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(y, "y");
        if (x.length != 32 || y.length != 32) {
            throw new InvalidKeyException("coordinates must be 32 bytes each");
        }
        byte[] enc = new byte[65];
        enc[0] = 4;
        System.arraycopy(x, 0, enc, 1, 32);
        System.arraycopy(y, 0, enc, 33, 32);
        return new Sm2PublicKey(enc, 0, 65);
    }

    /** {@code 04 || x || y}, 65 bytes (a fresh array). */
    public byte[] toUncompressed() {
        return uncompressed.clone();
    }

    /** {@code 02/03 || x}, 33 bytes: 02 when y is even, 03 when odd. */
    public byte[] toCompressed() {
        byte[] out = Arrays.copyOf(uncompressed, 33);
        out[0] = (byte) (2 | (uncompressed[64] & 1));
        return out;
    }

    /** The affine x coordinate, 32 bytes big-endian. */
    public byte[] x() {
        return Arrays.copyOfRange(uncompressed, 1, 33);
    }

    /** The affine y coordinate, 32 bytes big-endian. */
    public byte[] y() {
        return Arrays.copyOfRange(uncompressed, 33, 65);
    }

    /** x || y without the format byte (for Z_A and the key exchange). */
    byte[] coordinates() {
        return Arrays.copyOfRange(uncompressed, 1, 65);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sm2PublicKey && Arrays.equals(uncompressed, ((Sm2PublicKey) o).uncompressed);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(uncompressed);
    }

    @Override
    public String toString() {
        return "Sm2PublicKey[" + io.gmflux.codecs.bytes.Hex.encode(uncompressed) + "]";
    }
}
